import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import { setDefaultToastDuration, toast } from '../../../common/components/toast'
import { textToHtml } from '../../../common/richtext/html'
import { createComment } from '../../api/comments'
import { setLiked } from '../../api/likes'
import { listNotifications, markAllRead, markRead, type AppNotification, type NotificationPage, type NotificationTab } from '../../api/notifications'
import { LoginPrompt } from '../../pages/LoginPrompt'
import { useSession } from '../../session/SessionContext'
import { FloatingButtons } from '../explore/FloatingButtons'
import { useInfiniteScroll } from '../feed/useInfiniteScroll'
import { useOpenNote } from '../note/useOpenNote'
import { NotificationItem } from './NotificationItem'
import { useUnreadCounts } from './useUnreadCounts'
import './notifications.css'

const TABS: readonly { key: NotificationTab; label: string; empty: string; hint: string }[] = [
  { key: 'comments', label: '评论和@', empty: '暂无评论通知', hint: '有人评论或@你时会显示在这里' },
  { key: 'likes', label: '点赞', empty: '暂无点赞通知', hint: '有人赞了你的笔记或评论时会显示在这里' },
  { key: 'collections', label: '收藏', empty: '暂无收藏通知', hint: '有人收藏你的笔记时会显示在这里' },
  { key: 'follows', label: '新增关注', empty: '暂无关注通知', hint: '有人关注你时会显示在这里' },
  { key: 'system', label: '系统通知', empty: '暂无系统通知', hint: '审核结果、举报处理结果、社区警告和账号限制会显示在这里' },
]

type Page = NotificationPage

/** Notification centre (spec §2.9): four lazily loaded, cached tabs with unread dots and infinite scroll. */
export function NotificationPage() {
  const { user } = useSession()
  const qc = useQueryClient()
  const [tab, setTab] = useState<NotificationTab>('comments')
  const unread = useUnreadCounts()
  const openNote = useOpenNote()
  const key = ['notifications', user?.user_id, tab] as const
  const q = useInfiniteQuery({
    queryKey: key,
    enabled: Boolean(user),
    initialPageParam: 1,
    // A failure shows a message with 重试 (issue 13), not an empty list that reads as "no notifications".
    queryFn: ({ pageParam }): Promise<Page> => listNotifications(tab, pageParam),
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    staleTime: 60_000,
  })
  const items = useMemo(() => q.data?.pages.flatMap((p) => p.notifications) ?? [], [q.data])
  const retry = () => void (q.data ? q.fetchNextPage() : q.refetch())

  useEffect(() => {
    document.title = '通知 - 石榴'
    setDefaultToastDuration(3000)
    return () => setDefaultToastDuration(2000)
  }, [])

  useInfiniteScroll(() => q.hasNextPage && !q.isFetchingNextPage && void q.fetchNextPage(), Boolean(q.hasNextPage) && !q.isError, 100, 300)

  const patch = useCallback(
    (id: number, change: Partial<AppNotification>) =>
      qc.setQueriesData<InfiniteData<Page>>({ queryKey: ['notifications'] }, (d) => (d ? { ...d, pages: d.pages.map((p) => ({ ...p, notifications: p.notifications.map((n) => (n.id === id ? { ...n, ...change } : n)) })) } : d)),
    [qc],
  )

  const onRead = useCallback(
    (n: AppNotification) => {
      patch(n.id, { is_read: 1 })
      markRead(n.id)
        .then(() => qc.invalidateQueries({ queryKey: ['unread'] }))
        .catch(() => undefined)
    },
    [patch, qc],
  )

  const onOpen = useCallback((n: AppNotification) => n.target_id !== null && openNote(n.target_id, n.comment_id ?? undefined), [openNote])

  const onReply = useCallback(async (n: AppNotification, text: string) => {
    if (!text.trim() || n.target_id === null) return false
    try {
      await createComment(n.target_id, textToHtml(text.trim()), n.comment_id)
      toast.success('回复成功')
      return true
    } catch {
      toast.error('回复失败，请稍后重试')
      return false
    }
  }, [])

  const onLikeComment = useCallback(
    (n: AppNotification) => {
      if (!n.comment_id) return toast.warning('评论ID不存在，无法点赞')
      const next = !n.comment_is_liked
      patch(n.id, { comment_is_liked: next, comment_like_count: Math.max(0, n.comment_like_count + (next ? 1 : -1)) })
      setLiked(2, n.comment_id, next).catch(() => toast.warning('操作失败，请稍后重试'))
    },
    [patch],
  )

  const readAll = async () => {
    try {
      await markAllRead()
      qc.setQueriesData<InfiniteData<Page>>({ queryKey: ['notifications'] }, (d) => (d ? { ...d, pages: d.pages.map((p) => ({ ...p, notifications: p.notifications.map((n) => ({ ...n, is_read: 1 })) })) } : d))
      await qc.invalidateQueries({ queryKey: ['unread'] })
      toast.success('已将所有通知标记为已读')
    } catch {
      toast.error('操作失败，请稍后重试')
    }
  }

  if (!user) return <LoginPrompt title="请先登录" hint="登录后即可查看评论、点赞和关注通知" />
  const current = TABS.find((t) => t.key === tab)!
  const index = TABS.indexOf(current)

  return (
    <div className="notif-page">
      <h1 className="visually-hidden">通知</h1>
      <div className="notif-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            className={t.key === tab ? 'active' : ''}
            onClick={() => {
              setTab(t.key)
              window.scrollTo({ top: 0 })
            }}
          >
            {t.label}
            {unread[t.key] > 0 && <span className="notif-dot" aria-label="有未读" />}
          </button>
        ))}
        <span className="notif-indicator" style={{ transform: `translateX(${index * 100}%)` }} />
      </div>
      {q.isLoading ? (
        <Spinner />
      ) : q.isError && items.length === 0 ? (
        <LoadError error={q.error} onRetry={retry} />
      ) : items.length === 0 ? (
        <div className="feed-empty">
          <Icon name="bell" size={40} />
          <p>{current.empty}</p>
          <small>{current.hint}</small>
        </div>
      ) : (
        <div className="notif-list">
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} onOpen={onOpen} onRead={onRead} onReply={onReply} onLikeComment={onLikeComment} />
          ))}
          <div className="feed-end">
            {q.isFetchingNextPage ? <Spinner size={22} /> : q.isError ? <LoadError error={q.error} onRetry={retry} /> : q.hasNextPage ? null : <span>没有更多内容了</span>}
          </div>
        </div>
      )}
      <div className="floating-buttons notif-fabs">
        <button type="button" className="fab" aria-label="全部标记为已读" title="一键已读" onClick={() => void readAll()}>
          <Icon name="eraser" size={20} />
        </button>
      </div>
      <FloatingButtons />
    </div>
  )
}

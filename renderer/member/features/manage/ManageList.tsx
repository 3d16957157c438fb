import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { confirmDialog } from '../../../common/components/confirm'
import { Icon } from '../../../common/components/Icon'
import { Img } from '../../../common/components/Img'
import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import { toast } from '../../../common/components/toast'
import { CONTENT_EXCERPT_MAX } from '../../../../server/contract/posts'
import { formatCount, formatDate } from '../../../common/utils/format'
import { deletePost, listCategories, listPosts } from '../../api/posts'
import type { Post } from '../../api/types'
import { LoginPrompt } from '../../pages/LoginPrompt'
import { useSession } from '../../session/SessionContext'
import { ModerationNotice } from '../moderation/ModerationNotice'
import '../moderation/moderation.css'
import { useDebouncedValue } from '../../../common/hooks/useDebouncedValue'
import { coverOf } from '../feed/probe'
import { useOpenNote } from '../note/useOpenNote'
import './manage.css'

const PAGE_SIZE = 10

/** A card's content is the server's plain-text excerpt (≤ 100 characters): a full one was cut, so it gets "...". */
function excerptText(excerpt: string): string {
  return [...excerpt].length >= CONTENT_EXCERPT_MAX ? `${excerpt}...` : excerpt
}

/** Shared list of the draft box and note management (spec §2.7). */
export function ManageList({ kind }: { kind: 'posts' | 'drafts' }) {
  const { user } = useSession()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const openNote = useOpenNote()
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const [category, setCategory] = useState<number | ''>('')
  const debounced = useDebouncedValue(keyword.trim(), 300)
  const drafts = kind === 'drafts'
  const categories = useQuery({ queryKey: ['categories'], queryFn: listCategories, staleTime: 10 * 60_000 })
  const q = useQuery({
    queryKey: ['posts', 'manage', kind, user?.user_id, page, debounced, category],
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
    queryFn: () =>
      listPosts({ user_id: user!.user_id, is_draft: drafts ? 1 : undefined, page, limit: PAGE_SIZE, keyword: debounced || undefined, category: category || undefined }),
  })

  useEffect(() => setPage(1), [debounced, category])
  useEffect(() => {
    if (q.isError) toast.error(drafts ? '加载草稿失败' : '加载笔记失败')
  }, [q.isError, drafts])

  if (!user) return <LoginPrompt title="请先登录" hint={drafts ? '登录后即可查看草稿箱' : '登录后即可管理你的笔记'} />

  const remove = async (p: Post) => {
    const ok = await confirmDialog(
      drafts
        ? { title: '删除草稿', message: '确定要删除这篇草稿吗？删除后无法恢复。', confirmText: '删除' }
        : { title: '删除笔记', message: `确定要删除笔记《${p.title || '无标题'}》吗？此操作不可撤销。`, confirmText: '删除', cancelText: '取消' },
    )
    if (!ok) return
    try {
      await deletePost(p.id)
      toast.success('删除成功')
      void qc.invalidateQueries({ queryKey: ['posts'] })
    } catch {
      toast.error(drafts ? '删除失败，请重试' : '删除失败')
    }
  }

  // A new page starts at its top (issue 13: paging used to leave you at the bottom of the next page).
  const goPage = (n: number) => {
    setPage(n)
    window.scrollTo({ top: 0 })
  }
  const edit = (p: Post) => navigate(drafts ? `/publish?draftId=${p.id}&mode=edit` : `/publish?postId=${p.id}&mode=edit`)
  const data = q.data
  const pages = data?.pagination.pages ?? 0
  const noun = drafts ? '草稿' : '笔记'

  return (
    <div className="manage">
      <div className="manage-head">
        <button type="button" className="manage-back" aria-label="返回发布" onClick={() => navigate('/publish')}>
          <Icon name="arrowLeft" size={20} />
        </button>
        <h1>{drafts ? '草稿箱' : '笔记管理'}</h1>
        <span className="manage-count">共 {data?.pagination.total ?? 0} 篇{noun}</span>
      </div>
      <div className="manage-filters">
        <input className="field-input" aria-label="搜索标题或内容" placeholder="搜索标题或内容" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <select className="field-select" aria-label="分类" value={category} onChange={(e) => setCategory(Number(e.target.value) || '')}>
          <option value="">全部分类</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {q.isLoading ? (
        <Spinner />
      ) : q.isError ? (
        <LoadError title={drafts ? '加载草稿失败' : '加载笔记失败'} error={q.error} onRetry={() => void q.refetch()} />
      ) : !data || data.posts.length === 0 ? (
        <div className="feed-empty">
          <p>暂无{noun}</p>
          <Link to="/publish" className="btn btn-primary btn-sm">
            {drafts ? '创建第一篇草稿' : '发布第一篇笔记'}
          </Link>
        </div>
      ) : (
        <ul className="manage-list">
          {data.posts.map((p) => (
            <li key={p.id} className="manage-item" onClick={() => (drafts ? edit(p) : openNote(p.id))}>
              <Img className="manage-thumb" src={coverOf(p)} alt="" />
              <div className="manage-main">
                <div className="manage-title">
                  <ModerationNotice state={p.moderation} reason={p.moderation_reason} compact /> {p.title || '无标题'}
                </div>
                <div className="manage-text">{excerptText(p.content)}</div>
                <div className="manage-meta">
                  <span className="manage-cat">{p.category || '未知'}</span>
                  {!drafts && (
                    <>
                      <span><Icon name="eye" size={14} /> {formatCount(p.view_count)}</span>
                      <span><Icon name="heart" size={14} /> {formatCount(p.like_count)}</span>
                      <span><Icon name="star" size={14} /> {formatCount(p.collect_count)}</span>
                      <span><Icon name="comment" size={14} /> {formatCount(p.comment_count)}</span>
                    </>
                  )}
                  <span>{formatDate(p.created_at)}</span>
                </div>
              </div>
              <div className="manage-actions" onClick={(e) => e.stopPropagation()}>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => edit(p)}>
                  <Icon name="edit" size={14} /> 编辑
                </button>
                <button type="button" className="btn btn-ghost btn-sm danger" onClick={() => void remove(p)}>
                  <Icon name="trash" size={14} /> 删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="manage-pager">
          <button type="button" className="btn btn-ghost btn-sm" disabled={page <= 1} onClick={() => goPage(page - 1)}>
            {drafts ? <Icon name="chevronLeft" size={16} /> : '上一页'}
          </button>
          <span>
            第 {page} / {pages} 页
          </span>
          <button type="button" className="btn btn-ghost btn-sm" disabled={page >= pages} onClick={() => goPage(page + 1)}>
            {drafts ? <Icon name="chevronRight" size={16} /> : '下一页'}
          </button>
        </div>
      )}
    </div>
  )
}

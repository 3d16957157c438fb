import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { Spinner } from '../../../common/components/Spinner'
import { search, type SearchType, type TagStat } from '../../api/search'
import type { UserCard } from '../../api/types'
import { FloatingButtons } from '../explore/FloatingButtons'
import { SwitchQueue } from '../explore/switchQueue'
import { FeedList } from '../feed/FeedList'
import { flattenPosts } from '../feed/usePostFeed'
import { withAspects } from '../feed/probe'
import { UserCardGrid } from '../profile/UserCardGrid'
import { usePageMeta } from '../../shell/usePageMeta'
import '../explore/explore.css'
import './search.css'

const TABS: readonly { key: string; label: string; type: SearchType }[] = [
  { key: 'all', label: '全部', type: 'all' },
  { key: 'post', label: '图文', type: 'posts' },
  { key: 'video', label: '视频', type: 'videos' },
  { key: 'user', label: '用户', type: 'users' },
]

const TAG_LOCK_MS = 700

/** Search results (spec §2.10): tabs 全部/图文/视频/用户, tag chips from the results, feed or user cards. */
export function SearchPage() {
  const { tab: tabParam } = useParams()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const keyword = (params.get('keyword') ?? '').trim()
  const tag = (params.get('tag') ?? '').trim()
  const tab = TABS.find((t) => t.key === tabParam) ?? TABS[0]!
  const [refreshing, setRefreshing] = useState(false)
  // The tag filter is applied by the server (it takes keyword and tag together), so paging and totals stay exact.
  const serverTag = tag
  const enabled = Boolean(keyword || tag)
  const key = ['posts', 'search', tab.type, keyword, serverTag] as const

  const q = useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: 1,
    // A failure is an error state (message + 重试), never an endless 加载中... (issue 13).
    queryFn: async ({ pageParam }) => {
      const r = await search({ type: tab.type, keyword, tag: serverTag, page: pageParam })
      return { ...r, posts: await withAspects(r.posts) }
    },
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    staleTime: 5 * 60_000,
  })

  const posts = useMemo(() => flattenPosts(q.data), [q.data])
  const retry = () => void (q.data ? q.fetchNextPage() : q.refetch())
  const users = useMemo(() => {
    const seen = new Set<string>()
    const out: UserCard[] = []
    for (const p of q.data?.pages ?? []) for (const u of p.users) if (!seen.has(u.user_id)) {
          seen.add(u.user_id)
          out.push(u)
        }
    return out
  }, [q.data])
  // Chips come from the untagged results, so choosing a tag does not shrink the chip row.
  type SearchData = { pages: { tagStats: TagStat[] }[] }
  const untagged = qc.getQueryData<SearchData>(['posts', 'search', tab.type, keyword, ''])
  const tagStats = (tag ? untagged?.pages[0]?.tagStats : undefined) ?? q.data?.pages[0]?.tagStats ?? []
  const chips = tagStats.slice(0, 10)

  const go = (tabKey: string, nextTag: string) => {
    const sp = new URLSearchParams()
    if (keyword) sp.set('keyword', keyword)
    if (nextTag) sp.set('tag', nextTag)
    navigate(`/search_result/${tabKey}?${sp.toString()}`, { replace: true })
  }
  const goRef = useRef(go)
  goRef.current = go
  const tagQueue = useRef<SwitchQueue<string> | null>(null)
  tagQueue.current ??= new SwitchQueue<string>((t) => goRef.current(tab.key, t), TAG_LOCK_MS)
  useEffect(() => tagQueue.current?.sync(tag), [tag])

  const searched = keyword || (tag ? `#${tag}` : '')
  usePageMeta(`${searched || '搜索'} - 石榴搜索`, searched ? `在石榴搜索「${searched}」的笔记和用户` : '搜索石榴上的笔记和用户')

  if (!tabParam) return <Navigate to={`/search_result/all?${params.toString()}`} replace />
  if (tabParam !== tab.key) return <Navigate to={`/search_result/all?${params.toString()}`} replace />

  const refresh = () => {
    setRefreshing(true)
    setTimeout(() => setRefreshing(false), 1000)
    void qc.resetQueries({ queryKey: key })
  }

  return (
    <div className="explore search-page">
      <h1 className="visually-hidden">{searched ? `搜索「${searched}」` : '搜索'}</h1>
      <div className="channel-bar">
        <div className="channel-tabs" role="tablist" aria-label="搜索类型">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={t.key === tab.key}
              className={`channel-tab ${t.key === tab.key ? 'active' : ''}`}
              onClick={() => go(t.key, t.type === 'users' ? tag : '')}
            >
              {t.label}
            </button>
          ))}
        </div>
        {tab.type !== 'users' && chips.length > 1 && (
          <div className="channel-tabs search-tags" role="tablist" aria-label="标签筛选">
            <button type="button" role="tab" aria-selected={!tag} className={`channel-tab ${!tag ? 'active' : ''}`} onClick={() => tagQueue.current?.request('')}>
              全部
            </button>
            {chips.map((c) => (
              <button key={c.label} type="button" role="tab" aria-selected={tag === c.label} className={`channel-tab ${tag === c.label ? 'active' : ''}`} onClick={() => tagQueue.current?.request(c.label)}>
                {c.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {!enabled ? (
        <div className="feed-empty">
          <p>输入关键词开始搜索</p>
        </div>
      ) : tab.type === 'users' ? (
        q.isLoading ? (
          <Spinner />
        ) : (
          <UserCardGrid
            users={users}
            emptyText="没有找到相关用户"
            hasMore={q.hasNextPage}
            loadingMore={q.isFetchingNextPage}
            onMore={() => void q.fetchNextPage()}
            error={q.error}
            onRetry={retry}
          />
        )
      ) : (
        <FeedList
          posts={posts}
          isLoading={q.isLoading}
          hasNextPage={q.hasNextPage}
          isFetchingNextPage={q.isFetchingNextPage}
          fetchNextPage={q.fetchNextPage}
          emptyText="没有找到相关内容"
          error={q.error}
          onRetry={retry}
        />
      )}
      <FloatingButtons onRefresh={refresh} refreshing={refreshing} />
    </div>
  )
}

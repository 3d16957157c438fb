import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { useScrolledPast } from '../../../common/hooks/useScrollY'
import type { UserCard } from '../../api/types'
import { listFollows, type FollowListType } from '../../api/users'
import { useSession } from '../../session/SessionContext'
import { UserCardGrid } from './UserCardGrid'
import './profile.css'

const TABS: readonly { type: FollowListType; label: string }[] = [
  { type: 'mutual', label: '互相关注' },
  { type: 'following', label: '关注' },
  { type: 'followers', label: '粉丝' },
]

/** /follow/{mutual|following|followers} (spec §2.8); visitors are sent home. */
export function FollowListPage() {
  const { type: param } = useParams()
  const { user } = useSession()
  const navigate = useNavigate()
  const tab = TABS.find((t) => t.type === param) ?? TABS[1]!
  const stuck = useScrolledPast(120)
  const q = useInfiniteQuery({
    queryKey: ['follows', user?.user_id, tab.type],
    enabled: Boolean(user),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => listFollows(user!.user_id, tab.type, pageParam),
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  })
  const users = useMemo(() => {
    const out: UserCard[] = []
    const seen = new Set<string>()
    for (const p of q.data?.pages ?? []) for (const u of p.users) if (!seen.has(u.user_id)) {
          seen.add(u.user_id)
          out.push(u)
        }
    return out
  }, [q.data])

  useEffect(() => {
    document.title = `${tab.label} - 石榴`
  }, [tab.label])

  if (!user) return <Navigate to="/" replace />
  if (param !== tab.type) return <Navigate to={`/follow/${tab.type}`} replace />

  return (
    <div className="follow-page">
      <h1 className="follow-title">{tab.label}</h1>
      <div className={`profile-tabs follow-tabs ${stuck ? 'is-stuck' : ''}`} role="tablist">
        {TABS.map((t) => (
          <button key={t.type} type="button" role="tab" aria-selected={t.type === tab.type} className={t.type === tab.type ? 'active' : ''} onClick={() => navigate(`/follow/${t.type}`, { replace: true })}>
            {t.label}
          </button>
        ))}
      </div>
      <UserCardGrid users={users} loading={q.isLoading} emptyText="暂无用户数据" hasMore={q.hasNextPage} loadingMore={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} error={q.error} onRetry={() => void (q.data ? q.fetchNextPage() : q.refetch())} />
    </div>
  )
}

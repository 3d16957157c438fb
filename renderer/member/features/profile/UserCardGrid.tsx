import { Avatar } from '../../../common/components/Img'
import { LoadError } from '../../../common/components/LoadError'
import { formatCount } from '../../../common/utils/format'
import type { UserCard } from '../../api/types'
import { FollowButton } from '../interactions/FollowButton'
import './profile.css'
import { useFollowLink } from '../../../common/components/AppLink'

export interface UserCardGridProps {
  users: readonly UserCard[]
  emptyText: string
  hasMore?: boolean
  loadingMore?: boolean
  onMore?: () => void
  loading?: boolean
  /** The last load failed: a message with a retry instead of the empty text or the 加载更多 button. */
  error?: unknown
  onRetry?: () => void
}

/** User cards (search users tab, follow lists): click opens the profile (a new tab in a browser, common/links.ts). */
export function UserCardGrid({ users, emptyText, hasMore, loadingMore, onMore, loading, error, onRetry }: UserCardGridProps) {
  const follow = useFollowLink()
  if (loading)
    return (
      <div className="user-grid">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="user-card skeleton" aria-hidden="true">
            <span className="sk-avatar" />
            <span className="sk-line" />
            <span className="sk-line short" />
          </div>
        ))}
      </div>
    )
  const failed = error != null && onRetry
  if (failed && users.length === 0) return <LoadError error={error} onRetry={onRetry} />
  if (users.length === 0) return <div className="feed-empty"><p>{emptyText}</p></div>
  return (
    <>
      <div className="user-grid">
        {users.map((u) => (
          <div key={u.user_id} className="user-card" role="link" tabIndex={0} onClick={() => follow(`/user/${u.user_id}`)} onKeyDown={(e) => e.key === 'Enter' && follow(`/user/${u.user_id}`)}>
            <Avatar src={u.avatar} size={56} />
            <div className="user-card-main">
              <div className="user-card-name">{u.nickname}</div>
              <div className="user-card-id">石榴号：{u.user_id}</div>
              <div className="user-card-stats">
                粉丝 {formatCount(u.fans_count, { k: true })} · 笔记 {formatCount(u.post_count, { k: true })}
              </div>
              {u.bio && <div className="user-card-bio">{u.bio}</div>}
            </div>
            <FollowButton userId={u.user_id} initial={{ followed: u.isFollowing, isMutual: u.isMutual, buttonType: u.buttonType }} size="sm" />
          </div>
        ))}
      </div>
      {failed && !loadingMore && <LoadError error={error} onRetry={onRetry} />}
      {hasMore && !failed && (
        <div className="feed-end">
          <button type="button" className="btn btn-ghost btn-sm" disabled={loadingMore} onClick={onMore}>
            {loadingMore ? '加载中...' : '加载更多'}
          </button>
        </div>
      )}
    </>
  )
}

import { FeedList } from '../feed/FeedList'
import { PeopleToFollow } from './PeopleToFollow'
import { useFollowingTimeline } from './useFollowingTimeline'

const countText = (n: number) => (n >= 100 ? '99+' : String(n))

/**
 * The 关注 channel: notes by the people the member follows, newest first. 「N 条新笔记」 twice: a marker for the
 * notes since the last visit (counted by the server, which keeps the visit), and a button when notes arrive
 * while the tab is open (checked on an interval and when the window is shown); the button loads them.
 */
export function FollowingFeed() {
  const t = useFollowingTimeline()
  const empty = !t.isLoading && !t.error && t.posts.length === 0
  return (
    <div className="following-feed">
      {t.arrived > 0 ? (
        <button type="button" className="following-arrived" onClick={t.showNewest}>
          {countText(t.arrived)} 条新笔记
        </button>
      ) : null}
      {t.sinceLastVisit > 0 && t.posts.length > 0 ? (
        <p className="following-since" role="status">
          上次访问以来 {countText(t.sinceLastVisit)} 条新笔记
        </p>
      ) : null}
      {empty ? (
        <PeopleToFollow />
      ) : (
        <FeedList
          posts={t.posts}
          isLoading={t.isLoading}
          hasNextPage={t.hasNextPage}
          isFetchingNextPage={t.isFetchingNextPage}
          fetchNextPage={t.fetchNextPage}
          emptyText="关注的人还没有发布笔记"
          error={t.error}
          onRetry={t.retry}
        />
      )}
    </div>
  )
}

/** A visitor opening /explore/following: asked to sign in. */
export function FollowingSignIn({ onSignIn }: { onSignIn: () => void }) {
  return (
    <div className="following-empty">
      <div className="feed-empty-art" aria-hidden="true" />
      <p className="following-empty-title">登录后查看你关注的人发布的笔记</p>
      <button type="button" className="btn btn-primary following-signin" onClick={onSignIn}>
        登录
      </button>
    </div>
  )
}

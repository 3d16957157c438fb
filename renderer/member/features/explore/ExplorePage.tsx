import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Navigate, useParams } from 'react-router'
import { Spinner } from '../../../common/components/Spinner'
import { useScrolledPast } from '../../../common/hooks/useScrollY'
import { EXPLORE_REFRESH_EVENT } from '../../shell/events'
import { FeedList } from '../feed/FeedList'
import { usePostFeed } from '../feed/usePostFeed'
import { ChannelTabs } from './ChannelTabs'
import { exploreFeed } from './exploreFeed'
import { FOLLOWING, findChannel, RECOMMEND } from './channels'
import { FollowingFeed, FollowingSignIn } from './FollowingFeed'
import { followingKey } from './useFollowingTimeline'
import { useSession } from '../../session/SessionContext'
import { FloatingButtons } from './FloatingButtons'
import { useChannelSwitch } from './useChannelSwitch'
import { useChannels } from './useChannels'
import { SITE_DESCRIPTION, usePageMeta } from '../../shell/usePageMeta'
import './explore.css'

const SWITCH_SPINNER_MS = 700
const REFRESH_SPINNER_MS = 1000

/** Discover feed (spec §2.3). */
export function ExplorePage() {
  const { channel: segment } = useParams()
  const { user, openAuth } = useSession()
  const { channels, loaded } = useChannels(user !== null)
  // A visitor opening the 关注 route is asked to sign in (the tab itself is only shown to members).
  const visitorOnFollowing = !user && segment === FOLLOWING.path.slice(1)
  const current = visitorOnFollowing ? FOLLOWING : findChannel(channels, segment)
  const { selectedId, select } = useChannelSwitch(current)
  const [imageOnly, setImageOnly] = useState(false)
  const [switching, setSwitching] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const stuck = useScrolledPast(100)
  const qc = useQueryClient()

  const channel = current ?? RECOMMEND
  const following = channel.id === FOLLOWING.id
  // A signed-in member's 推荐 is personalised (issue 38): ask for the recommend channel; visitors keep today's list.
  const personal = user !== null && channel.id === RECOMMEND.id
  const feedQuery = exploreFeed(channel, personal, imageOnly, !following)
  const key = following ? followingKey : feedQuery.queryKey
  const feed = usePostFeed(feedQuery)

  // Short spinner whenever the channel or the filter changes (not on first display).
  const firstRun = useRef(true)
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false
      return
    }
    setSwitching(true)
    const t = setTimeout(() => setSwitching(false), SWITCH_SPINNER_MS)
    return () => clearTimeout(t)
  }, [channel.id, imageOnly])

  const refresh = useCallback(() => {
    setRefreshing(true)
    setTimeout(() => setRefreshing(false), REFRESH_SPINNER_MS)
    void qc.resetQueries({ queryKey: key })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qc, key.join('|')])

  useEffect(() => {
    const onRefresh = () => refresh()
    window.addEventListener(EXPLORE_REFRESH_EVENT, onRefresh)
    return () => window.removeEventListener(EXPLORE_REFRESH_EVENT, onRefresh)
  }, [refresh])

  usePageMeta('石榴 - 发现', SITE_DESCRIPTION)

  if (!segment) return <Navigate to={`/explore${channel.path}`} replace />
  if (loaded && !current) return <Navigate to="/explore" replace />

  return (
    <div className="explore">
      <h1 className="visually-hidden">发现</h1>
      <ChannelTabs channels={channels} activeId={selectedId} onSelect={select} stuck={stuck} />
      <div className="explore-feed">
        {switching && !feed.isLoading ? (
          <div className="explore-switching">
            <Spinner />
          </div>
        ) : null}
        <div style={switching ? { visibility: 'hidden' } : undefined}>
          {visitorOnFollowing ? (
            <FollowingSignIn onSignIn={() => openAuth('login')} />
          ) : following ? (
            <FollowingFeed />
          ) : (
            <FeedList
              posts={feed.posts}
              isLoading={feed.isLoading || (!loaded && !current)}
              hasNextPage={feed.hasNextPage}
              isFetchingNextPage={feed.isFetchingNextPage}
              fetchNextPage={feed.fetchNextPage}
              emptyText="暂无内容"
              error={feed.error}
              onRetry={feed.retry}
            />
          )}
        </div>
      </div>
      <FloatingButtons imageOnly={imageOnly} onToggleImageOnly={following ? undefined : () => setImageOnly((v) => !v)} onRefresh={refresh} refreshing={refreshing} />
    </div>
  )
}

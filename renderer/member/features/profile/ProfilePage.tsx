import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Navigate, useParams } from 'react-router'
import { isMissing } from '../../../common/api/errors'
import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import { useScrolledPast } from '../../../common/hooks/useScrollY'
import { getPersonalityTags, getProfile, listUserPosts, type UserPostTab } from '../../api/users'
import { LoginPrompt } from '../../pages/LoginPrompt'
import { useSession } from '../../session/SessionContext'
import { FeedList } from '../feed/FeedList'
import { postFeedQuery, usePostFeed } from '../feed/usePostFeed'
import { INTERACTION_EVENT, postKeys } from '../interactions/postCache'
import { ProfileEditor } from './ProfileEditor'
import { ProfileHeader } from './ProfileHeader'
import { plainExcerpt, usePageMeta } from '../../shell/usePageMeta'
import './profile.css'

const TABS: readonly { key: UserPostTab; label: string; empty: string }[] = [
  { key: 'posts', label: '笔记', empty: '还没有发布任何内容' },
  { key: 'collections', label: '收藏', empty: '还没有收藏任何内容' },
  { key: 'likes', label: '点赞', empty: '还没有点赞任何内容' },
]

/** /user (own) and /user/{userId} (spec §2.8). */
export function ProfilePage() {
  const { userId: param } = useParams()
  const { user } = useSession()
  const qc = useQueryClient()
  const isSelf = !param || param === user?.user_id
  const userId = param ?? user?.user_id ?? ''
  const [tab, setTab] = useState<UserPostTab>('posts')
  const [editing, setEditing] = useState(false)
  const stuck = useScrolledPast(300)
  const profile = useQuery({ queryKey: ['profile', userId], queryFn: () => getProfile(userId), enabled: Boolean(userId), retry: false })
  // Notes and tags only for a profile that exists (issue 13: a missing user no longer costs two more calls).
  const exists = Boolean(userId) && profile.isSuccess
  const tags = useQuery({ queryKey: ['profile', userId, 'tags'], queryFn: () => getPersonalityTags(userId), enabled: exists, staleTime: 5 * 60_000 })
  const feed = usePostFeed(postFeedQuery(postKeys.user(userId, tab), (page) => listUserPosts(userId, tab, page), exists))

  usePageMeta(
    profile.data ? `${profile.data.nickname} - 石榴` : null,
    profile.data ? `${profile.data.nickname}（石榴号 ${profile.data.user_id}）的石榴主页${profile.data.bio ? `：${plainExcerpt(profile.data.bio, 100)}` : ''}` : null,
  )

  useEffect(() => setTab('posts'), [userId])

  // Own counts refresh 500 ms after a like/collect anywhere.
  useEffect(() => {
    if (!isSelf) return
    let t: ReturnType<typeof setTimeout> | undefined
    const on = () => {
      clearTimeout(t)
      t = setTimeout(() => void qc.invalidateQueries({ queryKey: ['profile', userId] }), 500)
    }
    window.addEventListener(INTERACTION_EVENT, on)
    return () => {
      clearTimeout(t)
      window.removeEventListener(INTERACTION_EVENT, on)
    }
  }, [isSelf, qc, userId])

  if (param && user && param === user.user_id) return <Navigate to="/user" replace />
  if (!param && !user) return <LoginPrompt title="请先登录" hint="登录后即可查看你的主页、收藏和点赞" />
  if (profile.isLoading) return <Spinner label="加载用户信息中..." />
  if (profile.isError && !isMissing(profile.error)) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
  if (profile.isError || !profile.data)
    return (
      <div className="feed-empty profile-missing">
        <h2>用户不存在</h2>
        <p>该用户可能已被删除或不存在</p>
      </div>
    )

  const tabs = isSelf ? TABS : TABS.slice(0, 2)
  const current = tabs.find((t) => t.key === tab) ?? tabs[0]!
  return (
    <div className="profile-page">
      <ProfileHeader profile={profile.data} isSelf={isSelf} extraTags={tags.data ?? []} onEdit={() => setEditing(true)} />
      <div className={`profile-tabs ${stuck ? 'is-stuck' : ''}`} role="tablist">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === current.key}
            className={t.key === current.key ? 'active' : ''}
            onClick={() => {
              setTab(t.key)
              if (window.scrollY > 300) window.scrollTo({ top: 300 })
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="profile-feed" key={current.key}>
        <FeedList posts={feed.posts} isLoading={feed.isLoading} hasNextPage={feed.hasNextPage} isFetchingNextPage={feed.isFetchingNextPage} fetchNextPage={feed.fetchNextPage} emptyText={current.empty} error={feed.error} onRetry={feed.retry} />
      </div>
      {isSelf && editing && <ProfileEditor profile={profile.data} onClose={() => setEditing(false)} />}
    </div>
  )
}

import { useQuery } from '@tanstack/react-query'
import { AppLink } from '../../../common/components/AppLink'
import { Avatar, Img } from '../../../common/components/Img'
import { VerifiedBadge } from '../../../common/components/VerifiedBadge'
import { formatCount } from '../../../common/utils/format'
import { getProfile, listUserPosts } from '../../api/users'
import { coverOf } from '../feed/probe'
import { FollowButton } from '../interactions/FollowButton'
import './profile.css'

/**
 * What the hover card shows (UserHoverCard): loaded with its styles the first time a card opens, so the first
 * screen, where every note card has an author link, carries neither.
 */
export function HoverCardBody({ userId }: { userId: string }) {
  const profile = useQuery({ queryKey: ['profile', userId], queryFn: () => getProfile(userId), staleTime: 60_000, retry: false })
  const covers = useQuery({ queryKey: ['profile', userId, 'covers'], queryFn: async () => (await listUserPosts(userId, 'posts', 1, 3)).posts, staleTime: 60_000, retry: false })
  const p = profile.data
  if (!p) return <div className="hover-card-loading">{profile.isError ? '用户不存在' : '加载中...'}</div>
  return (
    <>
      <div className="hover-card-head">
        <AppLink href={`/user/${p.user_id}`}>
          <Avatar src={p.avatar} size={48} />
        </AppLink>
        <div className="hover-card-names">
          <b>
            {p.nickname}
            <VerifiedBadge level={p.verified} />
          </b>
          <span>石榴号：{p.user_id}</span>
        </div>
        <FollowButton userId={p.user_id} size="sm" />
      </div>
      <p className="hover-card-bio">{p.bio || '用户没有任何简介'}</p>
      <div className="hover-card-stats">
        <span>
          <b>{formatCount(p.follow_count, { k: true })}</b> 关注
        </span>
        <span>
          <b>{formatCount(p.fans_count, { k: true })}</b> 粉丝
        </span>
        <span>
          <b>{formatCount(p.likes_and_collects, { k: true })}</b> 获赞与收藏
        </span>
      </div>
      {(covers.data?.length ?? 0) > 0 && (
        <div className="hover-card-covers">
          {covers.data!.slice(0, 3).map((post) => (
            <Img key={post.id} src={coverOf(post)} alt="" />
          ))}
        </div>
      )}
    </>
  )
}

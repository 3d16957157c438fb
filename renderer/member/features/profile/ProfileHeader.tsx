import { useState } from 'react'
import { Link } from 'react-router'
import { ImageViewer } from '../../../common/components/ImageViewer'
import { VerifiedBadge } from '../../../common/components/VerifiedBadge'
import { Avatar } from '../../../common/components/Img'
import { formatCount } from '../../../common/utils/format'
import type { UserProfile } from '../../api/types'
import { BlockedNotice, UserMoreMenu } from '../blocks/UserMoreMenu'
import { FollowButton } from '../interactions/FollowButton'
import { ReportButton } from '../moderation/ReportButton'

export function personalityChips(p: UserProfile, extra: readonly string[] = []): string[] {
  const gender = p.gender === 'male' ? '男' : p.gender === 'female' ? '女' : p.gender
  const chips = [gender, p.zodiac_sign, p.mbti, p.education, p.major, ...p.interests, ...extra]
  return [...new Set(chips.filter((c): c is string => Boolean(c) && c !== '暂不设置'))]
}

/** Avatar, names, badges, bio, personality chips and counts; edit button for oneself, follow button and ⋯ menu (拉黑) for others. */
export function ProfileHeader({ profile, isSelf, extraTags, onEdit }: { profile: UserProfile; isSelf: boolean; extraTags: readonly string[]; onEdit: () => void }) {
  const [viewer, setViewer] = useState(false)
  const stat = (value: number, label: string, to?: string) => {
    const inner = (
      <>
        <b>{formatCount(value)}</b>
        <span>{label}</span>
      </>
    )
    return to ? (
      <Link className="profile-stat" to={to}>
        {inner}
      </Link>
    ) : (
      <div className="profile-stat">{inner}</div>
    )
  }
  return (
    <section className="profile-header">
      <div className="profile-top">
        <button type="button" className="profile-avatar" aria-label="查看头像" onClick={() => profile.avatar && setViewer(true)}>
          <Avatar src={profile.avatar} size={96} />
        </button>
        <div className="profile-names">
          <h1>
            {profile.nickname}
            <VerifiedBadge level={profile.verified} size={18} />
          </h1>
          <div className="profile-ids">
            <span>石榴号：{profile.user_id}</span>
            <span className="sep" />
            <span>IP属地：{profile.location || '未知'}</span>
          </div>
        </div>
        <div className="profile-action">
          {isSelf ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onEdit}>
              编辑资料
            </button>
          ) : (
            <>
              {!profile.isBlocked && <FollowButton userId={profile.user_id} />}
              <UserMoreMenu userId={profile.user_id} nickname={profile.nickname} isBlocked={profile.isBlocked} />
              <ReportButton targetType="user" targetId={profile.user_id} />
            </>
          )}
        </div>
      </div>
      {!isSelf && profile.isBlocked && <BlockedNotice userId={profile.user_id} nickname={profile.nickname} />}
      <p className="profile-bio">{profile.bio || '用户没有任何简介'}</p>
      {personalityChips(profile, extraTags).length > 0 && (
        <div className="profile-chips">
          {personalityChips(profile, extraTags).map((c) => (
            <span key={c}>{c}</span>
          ))}
        </div>
      )}
      <div className="profile-stats">
        {stat(profile.follow_count, '关注', isSelf ? '/follow/following' : undefined)}
        {stat(profile.fans_count, '粉丝', isSelf ? '/follow/followers' : undefined)}
        {stat(profile.likes_and_collects, '获赞与收藏')}
      </div>
      {viewer && profile.avatar && <ImageViewer images={[profile.avatar]} index={0} onClose={() => setViewer(false)} />}
    </section>
  )
}

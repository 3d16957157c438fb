import { memo } from 'react'
import { Icon } from '../../../common/components/Icon'
import { Avatar } from '../../../common/components/Img'
import { VerifiedBadge } from '../../../common/components/VerifiedBadge'
import { RichText } from '../../../common/richtext/RichText'
import { ReportButton } from '../moderation/ReportButton'
import { formatCount, formatTime } from '../../../common/utils/format'
import type { Comment } from '../../api/types'
import { AppLink } from '../../../common/components/AppLink'
import { ModerationNotice } from '../moderation/ModerationNotice'
import '../moderation/moderation.css'

export interface CommentItemProps {
  comment: Comment
  authorId: string
  meId: string | null
  highlighted: boolean
  isReply?: boolean
  onLike: (c: Comment) => void
  onReply: (c: Comment) => void
  onDelete: (c: Comment) => void
  onImageClick: (src: string, all: string[]) => void
}

/** One comment or reply: author badges (作者 / 我), mentions as links, embedded images, like/reply/delete. */
export const CommentItem = memo(function CommentItem({ comment: c, authorId, meId, highlighted, isReply, onLike, onReply, onDelete, onImageClick }: CommentItemProps) {
  const mine = meId !== null && c.user_id === meId
  return (
    <div className={`comment ${isReply ? 'is-reply' : ''} ${highlighted ? 'is-highlighted' : ''}`} id={`comment-${c.id}`} data-comment-id={c.id}>
      <AppLink href={`/user/${c.user_id}`} className="comment-avatar" label={`${c.nickname}的主页`}>
        <Avatar src={c.user_avatar} size={isReply ? 24 : 32} />
      </AppLink>
      <div className="comment-main">
        <div className="comment-name">
          <AppLink href={`/user/${c.user_id}`}>{c.nickname}</AppLink>
          <VerifiedBadge level={c.verified} size={14} />
          {c.user_id === authorId && <span className="comment-badge">作者</span>}
          {mine && <span className="comment-badge me">我</span>}
        </div>
        <ModerationNotice state={c.moderation} reason={c.moderation_reason} />
        <div className="comment-content">
          {isReply && c.replyTo && (
            <span className="comment-reply-to">
              回复 <b>{c.replyTo}</b>：
            </span>
          )}
          <RichText html={c.content} onImageClick={onImageClick} />
        </div>
        <div className="comment-info">
          <span>{formatTime(c.created_at)}</span>
          {c.location && <span>{c.location}</span>}
        </div>
        <div className="comment-actions">
          <button type="button" className={c.liked ? 'is-liked' : ''} aria-pressed={c.liked} aria-label="赞" onClick={() => onLike(c)}>
            <Icon name="heart" size={15} filled={c.liked} />
            <span>{c.like_count > 0 ? formatCount(c.like_count) : '赞'}</span>
          </button>
          <button type="button" onClick={() => onReply(c)}>
            <Icon name="comment" size={15} />
            <span>回复</span>
          </button>
          {mine && (
            <button type="button" className="comment-delete" onClick={() => onDelete(c)}>
              <Icon name="trash" size={15} />
              <span>删除</span>
            </button>
          )}
          {!mine && meId !== null && <ReportButton targetType="comment" targetId={c.id} checkStatus={false} className="comment-report" />}
        </div>
      </div>
    </div>
  )
})

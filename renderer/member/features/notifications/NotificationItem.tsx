import { memo, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { Avatar, Img } from '../../../common/components/Img'
import { RichText } from '../../../common/richtext/RichText'
import { formatTime } from '../../../common/utils/format'
import type { AppNotification } from '../../api/notifications'
import { FollowButton } from '../interactions/FollowButton'
import { AppLink } from '../../../common/components/AppLink'

export interface NotificationItemProps {
  n: AppNotification
  onOpen: (n: AppNotification) => void
  onRead: (n: AppNotification) => void
  onReply: (n: AppNotification, text: string) => Promise<boolean>
  onLikeComment: (n: AppNotification) => void
}

/** One notification row: who, what, when, the comment text, reply/like for comments, the note thumbnail. */
export const NotificationItem = memo(function NotificationItem({ n, onOpen, onRead, onReply, onLikeComment }: NotificationItemProps) {
  const [replying, setReplying] = useState(false)
  const [text, setText] = useState('')
  const isComment = [4, 5, 7].includes(n.type)
  // A system notification (9) has no sender: the site speaks; its text is the title, with `content` below when it has one.
  if (n.type === 9) {
    return (
      <div className={`notif is-system ${n.is_read ? '' : 'is-unread'}`} onMouseEnter={() => !n.is_read && onRead(n)}>
        <span className="notif-system-icon" aria-hidden>
          <Icon name="bell" size={22} />
        </span>
        <div className="notif-main" onClick={() => n.target_id !== null && onOpen(n)}>
          {n.target_id !== null ? (
            <button type="button" className="notif-open notif-name">
              系统通知
            </button>
          ) : (
            <div className="notif-name">系统通知</div>
          )}
          <div className="notif-text">{n.title}</div>
          {n.content && <div className="notif-text">{n.content}</div>}
          <div className="notif-action">
            <span>{formatTime(n.created_at)}</span>
          </div>
        </div>
      </div>
    )
  }
  return (
    <div className={`notif ${n.is_read ? '' : 'is-unread'}`} onMouseEnter={() => !n.is_read && onRead(n)}>
      <AppLink href={`/user/${n.from_user_id}`} label={`${n.from_nickname}的主页`}>
        <Avatar src={n.from_avatar} size={44} />
      </AppLink>
      {/* The row opens its target on a click anywhere (mouse); for the keyboard and screen readers the sender's
          name is the button (its click bubbles to the row), so no control sits inside another (the reply and like
          buttons, the reply field). */}
      <div className="notif-main" onClick={() => n.type !== 6 && onOpen(n)}>
        {n.type !== 6 ? (
          <button type="button" className="notif-open notif-name">
            {n.from_nickname}
          </button>
        ) : (
          <div className="notif-name">{n.from_nickname}</div>
        )}
        <div className="notif-action">
          <span>{n.title || '通知'}</span>
          <span>{formatTime(n.created_at)}</span>
        </div>
        {n.type === 8 ? <div className="notif-text muted">点击查看详情</div> : n.comment_content ? <RichText html={n.comment_content} className="notif-text" /> : null}
        {n.parent_comment_content && <RichText html={n.parent_comment_content} className="notif-quote" />}
        {isComment && (
          <div className="notif-buttons" onClick={(e) => e.stopPropagation()}>
            <button type="button" className="notif-btn" onClick={() => setReplying((v) => !v)}>
              <Icon name="comment" size={16} /> 回复
            </button>
            <button type="button" className={`notif-btn round ${n.comment_is_liked ? 'is-liked' : ''}`} aria-label="赞" onClick={() => onLikeComment(n)}>
              <Icon name="heart" size={16} filled={n.comment_is_liked} />
            </button>
          </div>
        )}
        {replying && (
          <div className="notif-reply" onClick={(e) => e.stopPropagation()}>
            <input className="field-input" autoFocus placeholder={`回复 ${n.from_nickname}`} value={text} maxLength={500} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && text.trim() && void onReply(n, text).then((ok) => ok && (setText(''), setReplying(false)))} />
            <button type="button" className="btn btn-primary btn-sm" disabled={!text.trim()} onClick={() => void onReply(n, text).then((ok) => ok && (setText(''), setReplying(false)))}>
              发送
            </button>
          </div>
        )}
      </div>
      {n.type === 6 ? (
        <FollowButton userId={n.from_user_id ?? ''} size="sm" />
      ) : n.post_image ? (
        <button type="button" className="notif-thumb" onClick={() => onOpen(n)} aria-label={n.post_title || '查看笔记'}>
          <Img src={n.post_image} alt="" />
        </button>
      ) : null}
    </div>
  )
})

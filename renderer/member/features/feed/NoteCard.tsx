import { memo, type MouseEvent } from 'react'
import { Link } from 'react-router'
import { Icon } from '../../../common/components/Icon'
import { Avatar, Img } from '../../../common/components/Img'
import { formatCount } from '../../../common/utils/format'
import type { Post } from '../../api/types'
import { UserHoverCard } from '../profile/UserHoverCard'
import { coverOf, coverSources } from './probe'
import { ModerationNotice } from '../moderation/ModerationNotice'
import { RecommendMenu } from './RecommendMenu'
import { Marked } from '../search/Marked'
import '../moderation/moderation.css'

export interface NoteCardProps {
  post: Post
  /** Cover height / width. */
  ratio: number
  onOpen: (post: Post) => void
  onLike: (post: Post) => void
  /** 不感兴趣: offered (with the reason) on cards of the personalised 推荐, which carry recommend_reason. */
  onDismiss?: (post: Post) => void
  /**
   * Cards of the first screen load their cover at once ('eager', the first ones with high priority); the rest when
   * scrolled near ('lazy'), and not before the first screen's covers are in ('held': no picture requested yet).
   */
  cover?: CoverLoading
  /** A first-screen cover has loaded or failed (Waterfall then lets the later covers load). */
  onCoverSettled?: (post: Post) => void
  /** The cover's display width, for the browser's choice in its srcset (`sizes`). */
  sizes?: string
}

export type CoverLoading = 'priority' | 'eager' | 'lazy' | 'held'

/** One feed card. Memoised: re-renders only when its own note object or ratio changes. */
export const NoteCard = memo(function NoteCard({ post, ratio, onOpen, onLike, onDismiss, cover = 'lazy', sizes, onCoverSettled }: NoteCardProps) {
  const held = cover === 'held'
  const settled = cover === 'priority' || cover === 'eager' ? () => onCoverSettled?.(post) : undefined
  const open = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    onOpen(post)
  }
  return (
    <section className="note-card" data-note-id={post.id}>
      <a className="note-cover" href={`/post?id=${post.id}`} onClick={open} style={{ aspectRatio: `1 / ${ratio}` }} aria-label={post.title || '笔记'}>
        <Img
          src={held ? null : coverOf(post)}
          srcSet={held ? undefined : coverSources(post)}
          sizes={sizes}
          alt=""
          loading={cover === 'priority' || cover === 'eager' ? 'eager' : 'lazy'}
          fetchPriority={cover === 'priority' ? 'high' : undefined}
          onLoad={settled}
          onError={settled}
        />
        <ModerationNotice state={post.moderation} reason={post.moderation_reason} compact />
        {post.type === 2 && (
          <span className="note-video-badge" aria-label="视频">
            <Icon name="play" size={14} />
          </span>
        )}
      </a>
      <div className="note-footer">
        {post.title && (
          <a className="note-title" href={`/post?id=${post.id}`} onClick={open}>
            <Marked text={post.title} ranges={post.highlight?.title} />
          </a>
        )}
        {post.highlight?.excerpt && (
          <p className="note-excerpt">
            <Marked text={post.highlight.excerpt} ranges={post.highlight.excerpt_ranges} />
          </p>
        )}
        <div className="note-meta">
          <UserHoverCard userId={post.author_account}>
            <Link className="note-author" to={`/user/${post.author_account}`} onClick={(e) => e.stopPropagation()}>
              <Avatar src={held ? null : post.user_avatar} size={20} />
              <span className="note-author-name">{post.nickname}</span>
            </Link>
          </UserHoverCard>
          {onDismiss && post.recommend_reason !== undefined && <RecommendMenu post={post} onDismiss={onDismiss} />}
          <button
            type="button"
            className={`note-like ${post.liked ? 'is-liked' : ''}`}
            aria-pressed={post.liked}
            // the visible count is part of the name (WCAG 2.5.3); the state is aria-pressed
            aria-label={`点赞 ${formatCount(post.like_count)}`}
            onClick={(e) => {
              e.stopPropagation()
              onLike(post)
            }}
          >
            <Icon name="heart" size={16} filled={post.liked} />
            <span>{formatCount(post.like_count)}</span>
          </button>
        </div>
      </div>
    </section>
  )
})

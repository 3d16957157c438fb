import { RichText } from '../../../common/richtext/RichText'
import { formatTime } from '../../../common/utils/format'
import type { PostDetail } from '../../api/types'
import { AppLink } from '../../../common/components/AppLink'
import { ModerationNotice } from '../moderation/ModerationNotice'
import '../moderation/moderation.css'

/** Title, text, tags (open a tag search in a new window), time and location. */
export function NoteBody({ post, onImageClick }: { post: PostDetail; onImageClick: (src: string, all: string[]) => void }) {
  return (
    <div className="note-body">
      <ModerationNotice state={post.moderation} reason={post.moderation_reason} />
      {/* one <h1> per page: a note without a title still has one, for screen readers only */}
      {post.title ? <h1 className="note-detail-title">{post.title}</h1> : <h1 className="visually-hidden">{post.nickname ? `${post.nickname}的笔记` : '笔记'}</h1>}
      <RichText html={post.content} className="note-text" onImageClick={onImageClick} />
      {post.tags.length > 0 && (
        <div className="note-tags">
          {post.tags.map((t) => (
            <AppLink key={`${t.id}-${t.name}`} href={`/search_result?tag=${encodeURIComponent(t.name)}`} className="note-tag">
              #{t.name}
            </AppLink>
          ))}
        </div>
      )}
      <div className="note-date">
        <span>{formatTime(post.created_at)}</span>
        {post.location && <span>{post.location}</span>}
      </div>
    </div>
  )
}

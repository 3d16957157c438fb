import type { PostDetail } from '../../api/types'
import { ImageSlider } from './ImageSlider'
import { VideoPlayer } from './VideoPlayer'

export interface NoteMediaProps {
  post: PostDetail
  index: number
  onIndexChange: (i: number) => void
  onOpenViewer: (i: number) => void
  compact: boolean
}

export function NoteMedia({ post, index, onIndexChange, onOpenViewer, compact }: NoteMediaProps) {
  if (post.type === 2 && post.video_url) {
    return (
      <div className="note-media is-video">
        <VideoPlayer src={post.video_url} poster={post.cover_url} />
      </div>
    )
  }
  return (
    <div className="note-media">
      <ImageSlider images={post.images} index={index} onIndexChange={onIndexChange} onOpenViewer={onOpenViewer} compact={compact} />
    </div>
  )
}

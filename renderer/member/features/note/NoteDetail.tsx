import { useCallback, useEffect, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { ImageViewer } from '../../../common/components/ImageViewer'
import { Avatar } from '../../../common/components/Img'
import { BREAKPOINTS, useMaxWidth } from '../../../common/hooks/useMediaQuery'
import type { PostDetail } from '../../api/types'
import { CommentInput } from '../comments/CommentInput'
import { CommentList } from '../comments/CommentList'
import { useCommentActions, type ReplyTarget } from '../comments/useCommentActions'
import { FollowButton } from '../interactions/FollowButton'
import { useToggleCollect, useToggleLike } from '../interactions/usePostToggles'
import { useSession } from '../../session/SessionContext'
import { UserHoverCard } from '../profile/UserHoverCard'
import { ReportButton } from '../moderation/ReportButton'
import { NoteActions } from './NoteActions'
import { NoteBody } from './NoteBody'
import { NoteMedia } from './NoteMedia'
import { useNoteShortcuts } from './useNoteShortcuts'
import './note.css'
import { AppLink } from '../../../common/components/AppLink'

export interface NoteDetailProps {
  post: PostDetail
  mode: 'overlay' | 'page'
  onClose?: () => void
  targetCommentId: number | null
  /** Overlay: the modal id, so shortcuts only act while the card is the topmost modal. */
  modalId?: () => number
}

interface Viewer {
  images: string[]
  index: number
}

/** Note detail card (spec §2.4): media left, author/body/comments/footer right; stacked at 768 px or less. */
export function NoteDetail({ post, mode, onClose, targetCommentId, modalId }: NoteDetailProps) {
  const mobile = useMaxWidth(BREAKPOINTS.mobile)
  const [index, setIndex] = useState(0)
  const [viewer, setViewer] = useState<Viewer | null>(null)
  const [replyTarget, setReplyTarget] = useState<ReplyTarget | null>(null)
  const [focusSignal, setFocusSignal] = useState(0)
  const { user, requireLogin } = useSession()
  const toggleLike = useToggleLike()
  const toggleCollect = useToggleCollect()
  const { send } = useCommentActions(post.id)
  const images = post.images

  useEffect(() => setIndex(0), [post.id])

  const like = useCallback(() => toggleLike(post.id, post.liked), [toggleLike, post.id, post.liked])
  const collect = useCallback(() => toggleCollect(post.id, post.collected), [toggleCollect, post.id, post.collected])

  useNoteShortcuts(
    {
      prev: () => setIndex((i) => Math.max(0, i - 1)),
      next: () => setIndex((i) => Math.min(images.length - 1, i + 1)),
      close: onClose,
      like,
      collect,
    },
    viewer === null,
    modalId,
  )

  const openImage = useCallback((src: string, all: string[]) => setViewer({ images: all, index: Math.max(0, all.indexOf(src)) }), [])
  const reply = useCallback((t: ReplyTarget) => {
    setReplyTarget(t)
    setFocusSignal((n) => n + 1)
  }, [])

  const authorLink = `/user/${post.author_account}`

  return (
    <article className={`note-detail mode-${mode} ${mobile ? 'is-mobile' : ''} ${post.type === 2 ? 'is-video' : ''}`} aria-label={post.title || '笔记详情'}>
      {onClose && (
        <button type="button" className="note-close" aria-label="关闭" onClick={onClose}>
          <Icon name={mobile ? 'arrowLeft' : 'close'} size={22} />
        </button>
      )}
      <NoteMedia post={post} index={index} onIndexChange={setIndex} onOpenViewer={(i) => setViewer({ images, index: i })} compact={mobile} />
      <div className="note-side">
        <header className="note-author-row">
          <UserHoverCard userId={post.author_account}>
            <AppLink href={authorLink} className="note-author-link">
              <Avatar src={post.user_avatar} size={40} />
              <span className="note-author-nick">{post.nickname}</span>
            </AppLink>
          </UserHoverCard>
          <FollowButton userId={post.author_account} />
          {user?.user_id !== post.author_account && <ReportButton targetType="post" targetId={post.id} />}
        </header>
        <div className="note-scroll">
          <NoteBody post={post} onImageClick={openImage} />
          <div className="note-divider" />
          <CommentList postId={post.id} total={post.comment_count} authorId={post.author_account} targetCommentId={targetCommentId} onReply={reply} onImageClick={openImage} />
        </div>
        <footer className="note-footer-area">
          <CommentInput
            replyTarget={replyTarget}
            onClearReply={() => setReplyTarget(null)}
            onSend={send}
            focusSignal={focusSignal}
            actions={<NoteActions post={post} onLike={like} onCollect={collect} onComment={() => requireLogin() && setFocusSignal((n) => n + 1)} />}
          />
        </footer>
      </div>
      {viewer && <ImageViewer images={viewer.images} index={viewer.index} onClose={() => setViewer(null)} onIndexChange={(i) => (viewer.images === images ? setIndex(i) : undefined)} />}
    </article>
  )
}

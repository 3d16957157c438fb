import { Icon } from '../../../common/components/Icon'
import { toast } from '../../../common/components/toast'
import { shareableLink } from '../../../common/links'
import { formatCount } from '../../../common/utils/format'
import type { Post } from '../../api/types'

export async function sharePost(post: Post): Promise<void> {
  const link = shareableLink(`/post?id=${post.id}`)
  if (!link) {
    // The offline demo's server runs on this computer only: a link would mean nothing to anyone else.
    toast.warning('离线演示模式下无法分享链接：笔记只保存在这台电脑上')
    return
  }
  const text = `【${post.title || '石榴笔记'}】${post.nickname} 在石榴发布了一篇笔记，快来看看吧！${link}`
  // The async clipboard exists in secure contexts only: a classroom's phones open the server over plain HTTP on
  // a LAN address (docs/classroom.md), where it is undefined. There the older copy command is tried, then the
  // link is shown to copy by hand: never a "retry" that cannot work.
  if (!navigator.clipboard) {
    if (copyWithSelection(text)) toast.success('复制成功，快去分享给好友吧')
    else toast.warning(`当前网络地址下无法自动复制，请手动复制链接：${link}`)
    return
  }
  try {
    await navigator.clipboard.writeText(text)
    toast.success('复制成功，快去分享给好友吧')
  } catch {
    toast.error('复制失败，请重试')
  }
}

/** document.execCommand('copy') through a hidden text area: deprecated, but the one copy plain HTTP allows. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

export interface NoteActionsProps {
  post: Post
  onLike: () => void
  onCollect: () => void
  onComment: () => void
}

/**
 * Like, collect, comment and share buttons with counts. Each name holds the visible count too ("点赞 12"), so what a
 * speech-input user reads on screen is part of the name (WCAG 2.5.3, label-content-name-mismatch).
 */
export function NoteActions({ post, onLike, onCollect, onComment }: NoteActionsProps) {
  return (
    <>
      <button type="button" className={`note-action ${post.liked ? 'is-liked' : ''}`} aria-pressed={post.liked} aria-label={`点赞 ${formatCount(post.like_count)}`} onClick={onLike}>
        <Icon name="heart" size={22} filled={post.liked} />
        <span>{formatCount(post.like_count)}</span>
      </button>
      <button type="button" className={`note-action ${post.collected ? 'is-collected' : ''}`} aria-pressed={post.collected} aria-label={`收藏 ${formatCount(post.collect_count)}`} onClick={onCollect}>
        <Icon name="star" size={22} filled={post.collected} />
        <span>{formatCount(post.collect_count)}</span>
      </button>
      <button type="button" className="note-action" aria-label={`评论 ${formatCount(post.comment_count)}`} onClick={onComment}>
        <Icon name="comment" size={22} />
        <span>{formatCount(post.comment_count)}</span>
      </button>
      <button type="button" className="note-action" aria-label="分享" onClick={() => void sharePost(post)}>
        <Icon name="share" size={22} />
      </button>
    </>
  )
}

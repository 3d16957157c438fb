import { useEffect, useRef, useState, type ReactNode } from 'react'
import { banMessage } from '../../../../server/contract/ban-text'
import { useMyBan } from '../moderation/useMyBan'
import { ApiError } from '../../../common/api/errors'
import { Icon } from '../../../common/components/Icon'
import { Img } from '../../../common/components/Img'
import { toast } from '../../../common/components/toast'
import { escapeHtml, textToHtml } from '../../../common/richtext/html'
import { encodeMentions, mentionToken } from '../../../common/richtext/mentions'
import { uploadImages } from '../../api/upload'
import { useSession } from '../../session/SessionContext'
import { EmojiPanel } from '../compose/EmojiPanel'
import { MentionPicker } from '../compose/MentionPicker'
import { useTextInsert } from '../compose/useTextInsert'
import type { ReplyTarget } from './useCommentActions'

const MAX_LENGTH = 500

export interface CommentInputProps {
  replyTarget: ReplyTarget | null
  onClearReply: () => void
  onSend: (html: string, target: ReplyTarget | null) => Promise<unknown>
  /** Like/collect/comment/share buttons shown while collapsed. */
  actions: ReactNode
  focusSignal: number
}

interface Picked {
  nickname: string
  userId: string
}

/** Footer comment box: collapsed with action buttons, expanded on focus; mention, emoji and image tools; Shift+Enter sends. */
export function CommentInput({ replyTarget, onClearReply, onSend, actions, focusSignal }: CommentInputProps) {
  const { user, requireLogin } = useSession()
  const ban = useMyBan()
  const [expanded, setExpanded] = useState(false)
  const [text, setText] = useState('')
  const [picked, setPicked] = useState<Picked[]>([])
  const [images, setImages] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const [panel, setPanel] = useState<'emoji' | 'mention' | null>(null)
  const { ref, insert } = useTextInsert<HTMLTextAreaElement>(text, setText, MAX_LENGTH)
  const fileRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (focusSignal > 0 && user) {
      setExpanded(true)
      requestAnimationFrame(() => ref.current?.focus())
    }
  }, [focusSignal, user, ref])

  const expand = () => {
    if (!requireLogin()) return
    setExpanded(true)
    requestAnimationFrame(() => ref.current?.focus())
  }

  const collapse = () => {
    setExpanded(false)
    setPanel(null)
    onClearReply()
  }

  const canSend = (text.trim().length > 0 || images.length > 0) && !uploading

  const send = async () => {
    if (!requireLogin()) return
    if (!canSend) {
      if (!uploading) toast.warning('请输入评论内容或上传图片')
      return
    }
    const saved = { text, picked, images, target: replyTarget }
    const prefix = replyTarget && replyTarget.comment.parent_id !== null ? `${mentionToken(replyTarget.comment.nickname, replyTarget.comment.user_id)} ` : ''
    const body = textToHtml(encodeMentions(text.trim(), picked))
    const html = prefix + body + images.map((src) => `<img src="${escapeHtml(src)}">`).join('')
    setText('')
    setPicked([])
    setImages([])
    setPanel(null)
    try {
      await onSend(html, replyTarget)
      onClearReply()
      setExpanded(false)
    } catch (err) {
      setText(saved.text)
      setPicked(saved.picked)
      setImages(saved.images)
      toast.error(err instanceof ApiError && err.message ? err.message : '发送失败，请重试')
    }
  }

  const onFiles = async (files: FileList | null) => {
    const list = Array.from(files ?? []).filter((f) => f.type.startsWith('image/'))
    if (!list.length) return
    setUploading(true)
    try {
      const urls = await uploadImages(list.slice(0, 9 - images.length))
      setImages((prev) => [...prev, ...urls].slice(0, 9))
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : '图片上传失败，请重试')
    } finally {
      setUploading(false)
      if (fileRef.current) fileRef.current.value = ''
    }
  }

  if (!expanded) {
    return (
      <div className="note-footer-bar">
        <button type="button" className="comment-fake-input" onClick={expand} disabled={ban !== null} title={ban ? banMessage(ban) : undefined}>
          <Icon name="edit" size={15} />
          <span>{ban ? '账号受限，暂时不能评论' : '说点什么...'}</span>
        </button>
        <div className="note-actions">{actions}</div>
      </div>
    )
  }

  return (
    <div className="comment-editor">
      {replyTarget && (
        <div className="comment-editor-reply">
          回复 <b>@{replyTarget.comment.nickname}</b>
          <button type="button" aria-label="取消回复" onClick={onClearReply}>
            <Icon name="close" size={14} />
          </button>
        </div>
      )}
      <textarea
        ref={ref}
        className="comment-textarea"
        placeholder={ban ? banMessage(ban) : replyTarget ? `回复 ${replyTarget.comment.nickname}` : '说点什么...（Shift+Enter 发送）'}
        disabled={ban !== null}
        value={text}
        maxLength={MAX_LENGTH}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.shiftKey) {
            e.preventDefault()
            void send()
          } else if (e.key === 'Escape') {
            e.stopPropagation()
            e.preventDefault()
            collapse()
          }
        }}
      />
      {images.length > 0 && (
        <div className="comment-editor-images">
          {images.map((src) => (
            <span key={src} className="comment-editor-thumb">
              <Img src={src} alt="" />
              <button type="button" aria-label="移除图片" onClick={() => setImages((l) => l.filter((x) => x !== src))}>
                <Icon name="close" size={12} />
              </button>
            </span>
          ))}
        </div>
      )}
      <div className="comment-editor-bar">
        <div className="comment-tools">
          <button type="button" aria-label="@用户" onClick={() => setPanel((p) => (p === 'mention' ? null : 'mention'))}>
            <Icon name="at" size={20} />
          </button>
          <button type="button" aria-label="表情" onClick={() => setPanel((p) => (p === 'emoji' ? null : 'emoji'))}>
            <Icon name="smile" size={20} />
          </button>
          <button type="button" aria-label="图片" onClick={() => fileRef.current?.click()}>
            <Icon name="image" size={20} />
          </button>
          <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" multiple hidden onChange={(e) => void onFiles(e.target.files)} />
          {panel === 'emoji' && <EmojiPanel onPick={(e) => insert(e)} />}
          {panel === 'mention' && (
            <MentionPicker
              onPick={(u) => {
                insert(`@${u.nickname} `)
                setPicked((p) => (p.some((x) => x.userId === u.userId) ? p : [...p, u]))
                setPanel(null)
              }}
              onClose={() => setPanel(null)}
            />
          )}
        </div>
        <span className="comment-count">
          {text.length}/{MAX_LENGTH}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={collapse}>
          取消
        </button>
        <button type="button" className="btn btn-primary btn-sm" disabled={!canSend} onClick={() => void send()}>
          {uploading ? '上传中' : '发送'}
        </button>
      </div>
    </div>
  )
}

import { useEffect, useRef, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { useSession } from '../../session/SessionContext'
import { useBlock } from './useBlock'
import './blocks.css'

/** The ⋯ menu of another member's profile: 拉黑 / 解除拉黑 (visitors are asked to log in first). */
export function UserMoreMenu({ userId, nickname, isBlocked }: { userId: string; nickname: string; isBlocked: boolean }) {
  const { requireLogin } = useSession()
  const { change, busy } = useBlock()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false)
    }
    // menu button pattern: focus on the item while open, Escape closes and gives focus back to the trigger
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      ref.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus()
      setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div className="user-more" ref={ref}>
      <button type="button" className="btn btn-ghost btn-sm user-more-trigger" aria-label="更多操作" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Icon name="more" size={18} />
      </button>
      {open && (
        <div className="user-more-panel" role="menu" aria-label="更多操作">
          <button
            type="button"
            role="menuitem"
            className="user-more-item"
            disabled={busy}
            onClick={() => {
              setOpen(false)
              if (requireLogin()) void change(userId, nickname, !isBlocked)
            }}
          >
            {isBlocked ? '解除拉黑' : '拉黑'}
          </button>
        </div>
      )}
    </div>
  )
}

/** Shown on the profile of a member the viewer blocked. */
export function BlockedNotice({ userId, nickname }: { userId: string; nickname: string }) {
  const { change, busy } = useBlock()
  return (
    <div className="blocked-notice" role="status">
      <span>你已拉黑该用户，对方的笔记和评论不会出现在你的页面中</span>
      <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void change(userId, nickname, false)}>
        解除拉黑
      </button>
    </div>
  )
}

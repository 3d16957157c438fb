import { useEffect, useId, useRef, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import type { Post } from '../../api/types'

/**
 * The menu of a 推荐 card: why the note was recommended (因为你关注了 … / 因为你喜欢 #…) and 不感兴趣. A disclosure
 * (a button with aria-expanded that shows a small panel): reachable by Tab, closed by Escape, by a click
 * outside, or by leaving it with Tab.
 */
export function RecommendMenu({ post, onDismiss }: { post: Post; onDismiss: (post: Post) => void }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const reason = post.recommend_reason?.text
  return (
    <div
      className="note-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          setOpen(false)
          toggle.current?.focus()
        }
      }}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="note-menu-toggle"
        aria-label="更多操作"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={(e) => {
          e.stopPropagation()
          setOpen((v) => !v)
        }}
      >
        <Icon name="more" size={16} />
      </button>
      {open && (
        <div className="note-menu-panel" id={panelId}>
          {reason && <p className="note-menu-reason">{reason}</p>}
          <button
            type="button"
            className="note-menu-item"
            onClick={(e) => {
              e.stopPropagation()
              setOpen(false)
              onDismiss(post)
            }}
          >
            不感兴趣
          </button>
        </div>
      )}
    </div>
  )
}

import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useMediaQuery } from '../../../common/hooks/useMediaQuery'
import './hover-card.css'

const HoverCardBody = lazy(async () => ({ default: (await import('./UserHoverCardBody')).HoverCardBody }))

const SHOW_DELAY = 500
const HIDE_DELAY = 200

/** Desktop hover card over an author/user link: shown after 500 ms, stays while the pointer is on it. */
export function UserHoverCard({ userId, children }: { userId: string; children: ReactNode }) {
  const canHover = useMediaQuery('(hover: hover) and (min-width: 769px)')
  const anchor = useRef<HTMLSpanElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null)

  useEffect(() => () => clearTimeout(timer.current), [])

  const show = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const r = anchor.current?.getBoundingClientRect()
      if (!r) return
      const left = Math.min(Math.max(8, r.left), window.innerWidth - 328)
      const below = r.bottom + 8
      setPos({ left, top: below + 260 > window.innerHeight ? Math.max(8, r.top - 268) : below })
    }, SHOW_DELAY)
  }
  const hide = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setPos(null), HIDE_DELAY)
  }

  if (!canHover || !userId) return <>{children}</>
  return (
    <span ref={anchor} className="hover-anchor" onMouseEnter={show} onMouseLeave={hide}>
      {children}
      {pos &&
        createPortal(
          <div className="hover-card" style={{ left: pos.left, top: pos.top }} onMouseEnter={() => clearTimeout(timer.current)} onMouseLeave={hide} onClick={(e) => e.stopPropagation()}>
            <Suspense fallback={<div className="hover-card-loading">加载中...</div>}>
              <HoverCardBody userId={userId} />
            </Suspense>
          </div>,
          // inside a modal <dialog> (the note viewer) the rest of the page is inert and under the top layer
          anchor.current?.closest('dialog') ?? document.body,
        )}
    </span>
  )
}

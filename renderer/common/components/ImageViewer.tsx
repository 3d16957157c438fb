import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { mediaUrl } from '../api/env'
import { useModalDialog } from '../hooks/useModalDialog'
import { Icon } from './Icon'
import './viewer.css'

export interface ImageViewerProps {
  images: readonly string[]
  index: number
  onClose: () => void
  onIndexChange?: (index: number) => void
}

const SWIPE_PX = 50

/**
 * Full-screen image viewer: close button, 'n / total' counter, previous/next, Escape and arrow keys,
 * horizontal swipe over 50 px, click outside closes, neighbours preloaded.
 */
export function ImageViewer({ images, index: initial, onClose, onIndexChange }: ImageViewerProps) {
  const [index, setIndex] = useState(initial)
  const touchX = useRef<number | null>(null)
  const total = images.length
  const go = (i: number) => {
    const next = (i + total) % total
    setIndex(next)
    onIndexChange?.(next)
  }
  const goRef = useRef(go)
  goRef.current = go
    const indexRef = useRef(index)
  indexRef.current = index

  // a modal <dialog> (focus in and back, page inert, Escape via its cancel event); the arrows are ours
  const { ref, isTop } = useModalDialog(true, onClose)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isTop()) return
      if (e.key === 'ArrowLeft' && total > 1) {
        e.stopImmediatePropagation()
        goRef.current(indexRef.current - 1)
      } else if (e.key === 'ArrowRight' && total > 1) {
        e.stopImmediatePropagation()
        goRef.current(indexRef.current + 1)
      }
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [total, isTop])

  useEffect(() => {
    for (const n of [index - 1, index + 1]) {
      const src = images[(n + total) % total]
      if (src && total > 1) new Image().src = mediaUrl(src)
    }
  }, [index, images, total])

  return createPortal(
    <dialog
      ref={ref}
      className="viewer dialog-cover"
      aria-label="查看图片"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null
      }}
      onTouchEnd={(e) => {
        const start = touchX.current
        const end = e.changedTouches[0]?.clientX
        touchX.current = null
        if (start === null || end === undefined || total < 2) return
        if (end - start > SWIPE_PX) go(index - 1)
        else if (start - end > SWIPE_PX) go(index + 1)
      }}
    >
      <button type="button" className="viewer-close" aria-label="关闭" onClick={onClose}>
        <Icon name="close" size={22} />
      </button>
      {total > 1 && (
        <div className="viewer-counter">
          {index + 1} / {total}
        </div>
      )}
      <img className="viewer-image" src={mediaUrl(images[index])} alt="" onClick={(e) => e.stopPropagation()} />
      {total > 1 && (
        <>
          <button type="button" className="viewer-nav prev" aria-label="上一张" onClick={() => go(index - 1)}>
            <Icon name="chevronLeft" size={26} />
          </button>
          <button type="button" className="viewer-nav next" aria-label="下一张" onClick={() => go(index + 1)}>
            <Icon name="chevronRight" size={26} />
          </button>
        </>
      )}
    </dialog>,
    document.body,
  )
}

import { useRef, useState, type TouchEvent } from 'react'
import { Icon } from '../../../common/components/Icon'
import { Img } from '../../../common/components/Img'

export interface ImageSliderProps {
  images: readonly string[]
  index: number
  onIndexChange: (index: number) => void
  onOpenViewer: (index: number) => void
  /** Mobile: dots instead of a counter, swipe paging. */
  compact?: boolean
}

/** Note images: one at a time with counter, arrows (desktop) or swipe + dots (mobile). */
export function ImageSlider({ images, index, onIndexChange, onOpenViewer, compact }: ImageSliderProps) {
  const startX = useRef<number | null>(null)
  // The picture shown first is the page's largest (its LCP): it loads alone and first, with high priority; the
  // others (its neighbours eagerly, for a swipe without waiting, the rest lazily) once it is in (issue 41 §6).
  const [firstIn, setFirstIn] = useState(false)
  const shown = useRef(index).current
  const total = images.length
  const go = (i: number) => onIndexChange(Math.max(0, Math.min(total - 1, i)))
  const onTouchStart = (e: TouchEvent) => {
    startX.current = e.touches[0]?.clientX ?? null
  }
  const onTouchEnd = (e: TouchEvent) => {
    const s = startX.current
    const end = e.changedTouches[0]?.clientX
    startX.current = null
    if (s === null || end === undefined) return
    if (end - s > 50) go(index - 1)
    else if (s - end > 50) go(index + 1)
  }
  return (
    <div className="slider" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <div className="slider-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {images.map((src, i) => (
          <button type="button" key={`${src}-${i}`} className="slider-slide" onClick={() => onOpenViewer(i)} aria-label={`查看第${i + 1}张图片`}>
            {i === shown ? (
              <Img src={src} alt="" loading="eager" fetchPriority="high" onLoad={() => setFirstIn(true)} onError={() => setFirstIn(true)} />
            ) : (
              <Img src={firstIn || i === index ? src : null} alt="" loading={Math.abs(i - index) <= 1 ? 'eager' : 'lazy'} />
            )}
          </button>
        ))}
      </div>
      {total > 1 && !compact && (
        <>
          <div className="slider-counter">
            {index + 1}/{total}
          </div>
          {index > 0 && (
            <button type="button" className="slider-arrow prev" aria-label="上一张" onClick={() => go(index - 1)}>
              <Icon name="chevronLeft" size={20} />
            </button>
          )}
          {index < total - 1 && (
            <button type="button" className="slider-arrow next" aria-label="下一张" onClick={() => go(index + 1)}>
              <Icon name="chevronRight" size={20} />
            </button>
          )}
        </>
      )}
      {total > 1 && compact && (
        <div className="slider-dots" aria-hidden="true">
          {images.map((_, i) => (
            <span key={i} className={i === index ? 'active' : ''} />
          ))}
        </div>
      )}
    </div>
  )
}

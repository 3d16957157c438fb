import { useRef, useState, type DragEvent, type TouchEvent } from 'react'
import { Icon } from '../../../common/components/Icon'
import { Img } from '../../../common/components/Img'
import { toast } from '../../../common/components/toast'
import { imageFileError, moveItem, PUBLISH_LIMITS } from './publishRules'

export interface ImageItem {
  id: string
  /** Local file while pending; null once it came from the server. */
  file: File | null
  preview: string
  url: string | null
}

export interface ImageUploaderProps {
  items: readonly ImageItem[]
  onChange: (items: ImageItem[]) => void
  allowDeleteLast?: boolean
}

let seq = 0
export const newImageItem = (file: File): ImageItem => ({ id: `img-${Date.now()}-${seq++}`, file, preview: URL.createObjectURL(file), url: null })
export const serverImageItem = (url: string): ImageItem => ({ id: `img-${Date.now()}-${seq++}`, file: null, preview: url, url })

const LONG_PRESS_MS = 300
const MOVE_PX = 10

/** Image grid with add tile (n/9), drop zone, drag reorder (desktop) and long-press reorder (touch). */
export function ImageUploader({ items, onChange, allowDeleteLast = true }: ImageUploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragIndex, setDragIndex] = useState<number | null>(null)
  const [dropActive, setDropActive] = useState(false)
  const touch = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> | null; index: number; active: boolean } | null>(null)

  const addFiles = (files: File[]) => {
    const room = PUBLISH_LIMITS.images - items.length
    if (room <= 0) return toast.warning(`最多上传${PUBLISH_LIMITS.images}张图片`)
    if (files.length > room) toast.warning(`最多还能添加${room}张图片`)
    const accepted: ImageItem[] = []
    for (const f of files.slice(0, room)) {
      const err = imageFileError(f)
      if (err) toast.error(`${f.name}：${err}`)
      else accepted.push(newImageItem(f))
    }
    if (accepted.length) onChange([...items, ...accepted])
  }

  const remove = (i: number) => {
    if (!allowDeleteLast && items.length <= 1) return toast.warning('至少保留一张图片')
    onChange(items.filter((_, j) => j !== i))
  }

  const onDropZone = (e: DragEvent) => {
    e.preventDefault()
    setDropActive(false)
    if (dragIndex !== null) return
    addFiles(Array.from(e.dataTransfer.files))
  }

  const onTouchStart = (i: number, e: TouchEvent) => {
    const t = e.touches[0]
    if (!t) return
    const state = { x: t.clientX, y: t.clientY, index: i, active: false, timer: null as ReturnType<typeof setTimeout> | null }
    state.timer = setTimeout(() => {
      state.active = true
      setDragIndex(i)
      navigator.vibrate?.(20)
    }, LONG_PRESS_MS)
    touch.current = state
  }

  const onTouchMove = (e: TouchEvent) => {
    const s = touch.current
    const t = e.touches[0]
    if (!s || !t) return
    const moved = Math.hypot(t.clientX - s.x, t.clientY - s.y) > MOVE_PX
    if (!s.active) {
      if (moved && s.timer) clearTimeout(s.timer)
      return
    }
    if (!moved) return
    const el = document.elementFromPoint(t.clientX, t.clientY)?.closest<HTMLElement>('[data-image-index]')
    const to = el ? Number(el.dataset.imageIndex) : -1
    if (to >= 0 && to !== s.index) {
      onChange(moveItem(items, s.index, to))
      s.index = to
      setDragIndex(to)
    }
  }

  const onTouchEnd = () => {
    if (touch.current?.timer) clearTimeout(touch.current.timer)
    touch.current = null
    setDragIndex(null)
  }

  return (
    <div
      className={`image-uploader ${dropActive ? 'drop-active' : ''}`}
      onDragOver={(e) => {
        e.preventDefault()
        if (dragIndex === null) setDropActive(true)
      }}
      onDragLeave={() => setDropActive(false)}
      onDrop={onDropZone}
    >
      {items.map((item, i) => (
        <div
          key={item.id}
          className={`image-item ${dragIndex === i ? 'dragging' : ''}`}
          data-image-index={i}
          draggable
          onDragStart={() => setDragIndex(i)}
          onDragEnd={() => setDragIndex(null)}
          onDragOver={(e) => {
            e.preventDefault()
            if (dragIndex !== null && dragIndex !== i) {
              onChange(moveItem(items, dragIndex, i))
              setDragIndex(i)
            }
          }}
          onTouchStart={(e) => onTouchStart(i, e)}
          onTouchMove={onTouchMove}
          onTouchEnd={onTouchEnd}
          onContextMenu={(e) => e.preventDefault()}
        >
          <Img src={item.preview} alt={`图片${i + 1}`} loading="eager" draggable={false} />
          {i === 0 && <span className="image-cover-tag">封面</span>}
          <button type="button" className="image-remove" aria-label={`删除图片${i + 1}`} onClick={() => remove(i)}>
            <Icon name="close" size={12} />
          </button>
        </div>
      ))}
      {items.length < PUBLISH_LIMITS.images && (
        <button type="button" className="image-add" onClick={() => inputRef.current?.click()}>
          <Icon name="publish" size={24} />
          <span>添加图片</span>
          <small>
            {items.length}/{PUBLISH_LIMITS.images}
          </small>
          <small>或拖拽图片到此处</small>
        </button>
      )}
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        hidden
        data-testid="image-input"
        onChange={(e) => {
          addFiles(Array.from(e.target.files ?? []))
          e.target.value = ''
        }}
      />
    </div>
  )
}

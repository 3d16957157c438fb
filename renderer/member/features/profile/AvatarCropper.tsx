import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { Modal } from '../../../common/components/Modal'

const VIEW = 260
const OUT = 200

/** Square (1:1) avatar crop: drag to move, slider to zoom; output 200x200 JPEG at quality 0.9. */
export function AvatarCropper({ file, onCancel, onDone }: { file: File; onCancel: () => void; onDone: (blob: Blob, preview: string) => void }) {
  const [img, setImg] = useState<HTMLImageElement | null>(null)
  const [zoom, setZoom] = useState(1)
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const url = URL.createObjectURL(file)
    const image = new Image()
    image.onload = () => setImg(image)
    image.src = url
    return () => URL.revokeObjectURL(url)
  }, [file])

  const base = img ? VIEW / Math.min(img.naturalWidth, img.naturalHeight) : 1
  const scale = base * zoom

  useEffect(() => {
    const c = canvasRef.current
    const ctx = c?.getContext('2d')
    if (!c || !ctx || !img) return
    ctx.clearRect(0, 0, VIEW, VIEW)
    const w = img.naturalWidth * scale
    const h = img.naturalHeight * scale
    ctx.drawImage(img, (VIEW - w) / 2 + offset.x, (VIEW - h) / 2 + offset.y, w, h)
  }, [img, scale, offset])

  const onDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y }
    ;(e.target as Element).setPointerCapture(e.pointerId)
  }
  const onMove = (e: PointerEvent) => {
    const d = drag.current
    if (d) setOffset({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y })
  }

  const confirm = () => {
    if (!img) return
    const out = document.createElement('canvas')
    out.width = OUT
    out.height = OUT
    const ctx = out.getContext('2d')
    if (!ctx) return
    const k = OUT / VIEW
    const w = img.naturalWidth * scale * k
    const h = img.naturalHeight * scale * k
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, OUT, OUT)
    ctx.drawImage(img, (OUT - w) / 2 + offset.x * k, (OUT - h) / 2 + offset.y * k, w, h)
    out.toBlob((b) => b && onDone(b, out.toDataURL('image/jpeg', 0.9)), 'image/jpeg', 0.9)
  }

  return (
    <Modal open onClose={onCancel} width={340} title="裁剪头像">
      <div className="cropper">
        <canvas ref={canvasRef} width={VIEW} height={VIEW} onPointerDown={onDown} onPointerMove={onMove} onPointerUp={() => (drag.current = null)} />
        <input type="range" min={1} max={3} step={0.01} value={zoom} aria-label="缩放" onChange={(e) => setZoom(Number(e.target.value))} />
      </div>
      <div className="confirm-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          取消
        </button>
        <button type="button" className="btn btn-primary btn-sm" disabled={!img} onClick={confirm}>
          确认裁剪
        </button>
      </div>
    </Modal>
  )
}

import { useState } from 'react'
import { Img } from '../../../common/components/Img'
import { DEFAULT_AVATAR } from '../../ui/format'
import { Modal } from '../../ui/Modal'
import { IMAGE_TIMEOUT_MS } from '../uploads'

/** Thumbnail that falls back to the default avatar (on error or timeout) and enlarges on click. */
export function ImageCell({ src, alt = '' }: { src: string; alt?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="thumb-btn" onClick={() => setOpen(true)} title="点击查看大图">
        <Img className="thumb" src={src} fallback={DEFAULT_AVATAR} alt={alt} loading="eager" timeout={IMAGE_TIMEOUT_MS} />
      </button>
      {open ? (
        <Modal title="查看图片" onClose={() => setOpen(false)} width={640}>
          <Img className="preview-image" src={src} fallback={DEFAULT_AVATAR} alt={alt} loading="eager" timeout={IMAGE_TIMEOUT_MS} />
        </Modal>
      ) : null}
    </>
  )
}

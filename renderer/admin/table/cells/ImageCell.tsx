import { useState } from 'react'
import { mediaUrl } from '../../../common/api/env'
import { DEFAULT_AVATAR } from '../../ui/format'
import { Modal } from '../../ui/Modal'

/** Thumbnail that falls back to the default avatar and enlarges on click. */
export function ImageCell({ src, alt = '' }: { src: string; alt?: string }) {
  const [open, setOpen] = useState(false)
  const [failed, setFailed] = useState(false)
  const url = !src || failed ? DEFAULT_AVATAR : mediaUrl(src)
  return (
    <>
      <button type="button" className="thumb-btn" onClick={() => setOpen(true)} title="点击查看大图">
        <img className="thumb" src={url} alt={alt} loading="lazy" onError={() => setFailed(true)} />
      </button>
      {open ? (
        <Modal title="查看图片" onClose={() => setOpen(false)} width={640}>
          <img className="preview-image" src={url} alt={alt} />
        </Modal>
      ) : null}
    </>
  )
}

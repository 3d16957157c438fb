import { useState } from 'react'
import { mediaUrl } from '../../../common/api/env'
import { Img } from '../../../common/components/Img'
import { IMAGE_TIMEOUT_MS } from '../uploads'
import { Icon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'

/**
 * A note's thumbnail: a broken or stuck image shows the placeholder (after IMAGE_TIMEOUT_MS), never the
 * browser's broken-image icon. Loaded eagerly, since the timeout only runs for an image that is loading.
 */
export function Thumb({ src }: { src: string }) {
  return <Img className="thumb" src={src} alt="" loading="eager" timeout={IMAGE_TIMEOUT_MS} />
}

/** Image gallery (prev / next) for image notes. */
export function GalleryCell({ images }: { images: string[] }) {
  const [index, setIndex] = useState<number | null>(null)
  if (images.length === 0) return <span className="muted">无</span>
  const current = index ?? 0
  return (
    <>
      <button type="button" className="thumb-btn gallery-btn" onClick={() => setIndex(0)} title="查看图片">
        <Thumb src={images[0]} />
        {images.length > 1 ? <span className="thumb-count">{images.length}</span> : null}
      </button>
      {index !== null ? (
        <Modal title={`图片 ${current + 1} / ${images.length}`} onClose={() => setIndex(null)} width={720}>
          <div className="gallery">
            <button type="button" className="icon-btn" disabled={current === 0} onClick={() => setIndex(current - 1)} aria-label="上一张">
              <Icon name="chevronLeft" />
            </button>
            <Img className="preview-image" src={images[current]} alt="" loading="eager" timeout={IMAGE_TIMEOUT_MS} />
            <button
              type="button"
              className="icon-btn"
              disabled={current >= images.length - 1}
              onClick={() => setIndex(current + 1)}
              aria-label="下一张"
            >
              <Icon name="chevronRight" />
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  )
}

/** Video viewer for video notes: cover thumbnail, player in a modal. */
export function VideoCell({ video, cover }: { video: string; cover: string }) {
  const [open, setOpen] = useState(false)
  const [loading, setLoading] = useState(true)
  if (!video) return <span className="muted">无</span>
  return (
    <>
      <button type="button" className="thumb-btn video-thumb" onClick={() => setOpen(true)} title="播放视频">
        {cover ? <Thumb src={cover} /> : <span className="thumb thumb-empty" />}
        <span className="play-badge">
          <Icon name="play" size={12} />
        </span>
      </button>
      {open ? (
        <Modal title="查看视频" onClose={() => setOpen(false)} width={720}>
          {loading ? <div className="muted">加载中...</div> : null}
          <video className="preview-video" src={mediaUrl(video)} poster={cover ? mediaUrl(cover) : undefined} controls onLoadedData={() => setLoading(false)}>
            您的浏览器不支持视频播放
          </video>
        </Modal>
      ) : null}
    </>
  )
}

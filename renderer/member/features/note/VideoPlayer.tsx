import { useEffect, useRef } from 'react'
import { mediaUrl } from '../../../common/api/env'

const VOLUME_KEY = 'video-volume'
const positionKey = (src: string) => `video-pos:${src}`

/** Native player that remembers the position per video and a global volume (default 0.5), autoplaying after metadata. */
export function VideoPlayer({ src, poster }: { src: string; poster?: string | null }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const v = ref.current
    if (!v) return
    const stored = Number(localStorage.getItem(VOLUME_KEY))
    v.volume = Number.isFinite(stored) && localStorage.getItem(VOLUME_KEY) !== null ? Math.min(1, Math.max(0, stored)) : 0.5
    const onMeta = () => {
      const pos = Number(localStorage.getItem(positionKey(src)))
      if (pos > 0 && pos < v.duration - 1) v.currentTime = pos
      v.play().catch(() => {
        /* autoplay with sound may be refused; the controls stay available */
      })
    }
    let last = 0
    const onTime = () => {
      const now = Date.now()
      if (now - last < 1000) return
      last = now
      localStorage.setItem(positionKey(src), String(v.currentTime))
    }
    const onEnded = () => localStorage.removeItem(positionKey(src))
    const onVolume = () => localStorage.setItem(VOLUME_KEY, String(v.volume))
    v.addEventListener('loadedmetadata', onMeta)
    v.addEventListener('timeupdate', onTime)
    v.addEventListener('ended', onEnded)
    v.addEventListener('volumechange', onVolume)
    return () => {
      v.removeEventListener('loadedmetadata', onMeta)
      v.removeEventListener('timeupdate', onTime)
      v.removeEventListener('ended', onEnded)
      v.removeEventListener('volumechange', onVolume)
    }
  }, [src])
  return <video ref={ref} className="video-player" src={mediaUrl(src)} poster={poster ? mediaUrl(poster) : undefined} controls playsInline preload="metadata" />
}

/** Client-side compression (spec §5): above 0.8 MB, downscale to at most 1200 px on the longest side at quality 0.4. */
export const COMPRESS_THRESHOLD = 0.8 * 1024 * 1024
export const COMPRESS_MAX_SIDE = 1200
export const COMPRESS_QUALITY = 0.4

export function scaledSize(width: number, height: number, maxSide = COMPRESS_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height)
  if (longest <= maxSide) return { width, height }
  const k = maxSide / longest
  return { width: Math.round(width * k), height: Math.round(height * k) }
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      resolve(img)
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('读取文件失败'))
    }
    img.src = url
  })
}

export async function compressImage(file: File): Promise<File> {
  if (file.size <= COMPRESS_THRESHOLD) return file
  const img = await loadImage(file)
  const { width, height } = scaledSize(img.naturalWidth, img.naturalHeight)
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d')
  if (!ctx) return file
  ctx.drawImage(img, 0, 0, width, height)
  const type = file.type === 'image/png' ? 'image/webp' : 'image/jpeg'
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, type, COMPRESS_QUALITY))
  if (!blob || blob.size >= file.size) return file
  const name = file.name.replace(/\.[^.]+$/, '') + (type === 'image/webp' ? '.webp' : '.jpg')
  return new File([blob], name, { type })
}

/** First frame at 1 s as a 640x360 JPEG (quality 0.8); null after 10 s or on failure. */
export function videoThumbnail(file: File, timeout = 10_000): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    let done = false
    const finish = (b: Blob | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      URL.revokeObjectURL(url)
      resolve(b)
    }
    const timer = setTimeout(() => finish(null), timeout)
    video.muted = true
    video.preload = 'metadata'
    video.playsInline = true
    video.onloadedmetadata = () => {
      video.currentTime = Math.min(1, (video.duration || 2) / 2)
    }
    video.onseeked = () => {
      const canvas = document.createElement('canvas')
      canvas.width = 640
      canvas.height = 360
      const ctx = canvas.getContext('2d')
      if (!ctx) return finish(null)
      const k = Math.min(640 / video.videoWidth, 360 / video.videoHeight)
      const w = video.videoWidth * k
      const h = video.videoHeight * k
      ctx.fillStyle = '#000'
      ctx.fillRect(0, 0, 640, 360)
      ctx.drawImage(video, (640 - w) / 2, (360 - h) / 2, w, h)
      canvas.toBlob((b) => finish(b), 'image/jpeg', 0.8)
    }
    video.onerror = () => finish(null)
    video.src = url
  })
}

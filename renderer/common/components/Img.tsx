import { memo, useEffect, useState, type CSSProperties, type ImgHTMLAttributes } from 'react'
import { mediaUrl } from '../api/env'

/** Inline placeholders, so a broken or slow image never shows the browser's broken icon. */
export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 300 400'%3E%3Crect width='300' height='400' fill='%23f0f0f0'/%3E%3Cpath d='M110 230l30-36 24 28 16-18 40 46H80z' fill='%23d9d9d9'/%3E%3Ccircle cx='180' cy='165' r='14' fill='%23d9d9d9'/%3E%3C/svg%3E"
export const DEFAULT_AVATAR =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Crect width='64' height='64' fill='%23e8e8e8'/%3E%3Ccircle cx='32' cy='25' r='11' fill='%23fff'/%3E%3Cpath d='M12 58c2-12 10-18 20-18s18 6 20 18z' fill='%23fff'/%3E%3C/svg%3E"

export interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | null | undefined
  /** Other widths of the same picture, server-relative like `src`: the browser picks one by `sizes`. */
  srcSet?: ReadonlyArray<{ src: string; width: number }>
  fallback?: string
  /** Give up and show the fallback after this many ms (spec: 5 s). 0 disables. */
  timeout?: number
}

/** `srcset` of server-relative candidates (resolved like `src`); undefined when there is none. */
export function srcSetOf(candidates: ImgProps['srcSet']): string | undefined {
  return candidates?.length ? candidates.map((c) => `${mediaUrl(c.src)} ${c.width}w`).join(', ') : undefined
}

/** Image with server-relative URL resolution, lazy loading and a placeholder on error or timeout. */
export const Img = memo(function Img({ src, srcSet, fallback = PLACEHOLDER_IMAGE, timeout = 5000, onLoad, onError, loading = 'lazy', ...rest }: ImgProps) {
  const resolved = mediaUrl(src) || fallback
  const [failed, setFailed] = useState(false)
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    setFailed(false)
    setLoaded(false)
  }, [resolved])
  useEffect(() => {
    if (!timeout || loaded || failed || loading === 'lazy') return
    const t = setTimeout(() => setFailed(true), timeout)
    return () => clearTimeout(t)
  }, [timeout, loaded, failed, loading, resolved])
  return (
    <img
      {...rest}
      loading={loading}
      decoding="async"
      src={failed ? fallback : resolved}
      // A failed picture shows the placeholder: a srcset would win over it.
      srcSet={failed || !src ? undefined : srcSetOf(srcSet)}
      onLoad={(e) => {
        setLoaded(true)
        onLoad?.(e)
      }}
      onError={(e) => {
        if (!failed) setFailed(true)
        onError?.(e)
      }}
    />
  )
})

export function Avatar({ src, size = 32, className, style, alt = '' }: { src: string | null | undefined; size?: number; className?: string; style?: CSSProperties; alt?: string }) {
  return (
    <Img
      src={src}
      fallback={DEFAULT_AVATAR}
      alt={alt}
      className={`avatar ${className ?? ''}`}
      style={{ width: size, height: size, ...style }}
      width={size}
      height={size}
    />
  )
}

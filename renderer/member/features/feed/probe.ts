import { mediaUrl } from '../../../common/api/env'
import type { Post } from '../../api/types'

export function coverOf(post: Post): string | null {
  return post.type === 2 ? post.cover_url ?? post.thumbnail ?? post.image : post.thumbnail ?? post.image
}

/** Widths of the renditions a card can choose from (server/media/images.ts): the card and the feed thumbnail. */
export const CARD_WIDTHS = { small: 240, thumbnail: 480 } as const

/**
 * The cover's `srcset` candidates: the card rendition beside the feed thumbnail, so a narrow column on a
 * low-density screen takes the 240 px file and a phone's dense screen the 480 px one. None for videos and
 * images stored before card renditions existed (the feed thumbnail alone).
 */
export function coverSources(post: Post): Array<{ src: string; width: number }> | undefined {
  if (post.type === 2 || !post.thumbnail_small || !post.thumbnail) return undefined
  return [
    { src: post.thumbnail_small, width: CARD_WIDTHS.small },
    { src: post.thumbnail, width: CARD_WIDTHS.thumbnail },
  ]
}

/** The cover's width / height the server knows (an image note's first image), else null. */
function knownAspect(post: Post): number | null {
  return post.type === 1 && post.image_width > 0 && post.image_height > 0 ? post.image_width / post.image_height : null
}

/** Width/height of an image, or null after `timeout` ms or on error. */
export function probeAspect(src: string, timeout = 1500): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof Image === 'undefined' || !src) return resolve(null)
    const img = new Image()
    let done = false
    const finish = (v: number | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      img.onload = null
      img.onerror = null
      resolve(v)
    }
    const timer = setTimeout(() => finish(null), timeout)
    img.onload = () => finish(img.naturalWidth && img.naturalHeight ? img.naturalWidth / img.naturalHeight : null)
    img.onerror = () => finish(null)
    img.decoding = 'async'
    img.src = mediaUrl(src)
  })
}

/**
 * Fill in cover aspect ratios for a page of notes before it is laid out, so cards get their final
 * height up front and nothing jumps when images arrive (the thumbnails are then in the browser cache).
 */
export async function withAspects(posts: Post[]): Promise<Post[]> {
  return Promise.all(
    posts.map(async (p) => {
      if (p.aspect) return p
      const known = knownAspect(p)
      if (known) return { ...p, aspect: known }
      const src = coverOf(p)
      return src ? { ...p, aspect: await probeAspect(src) } : p
    }),
  )
}

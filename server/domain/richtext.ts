import sanitizeHtml from 'sanitize-html'
import { normalizeUploadUrl } from '../media/storage'

/*
 * Stored rich text (note content, comments) is sanitised here with an allow-list (ARCHITECTURE.md §4).
 * Kept: line breaks, paragraphs, basic emphasis, lists, links (http, https and site-relative only, opened
 * with rel=noopener), images whose source is one of our /uploads files, and mentions, which are plain
 * text of the form [@nickname:userId]. Dropped: scripts, styles, iframes, event handlers, inline styles,
 * `javascript:` and `data:` URLs, and every tag or attribute not listed.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'blockquote', 'ul', 'ol', 'li', 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['class'],
  },
  allowedClasses: { span: ['mention', 'emoji'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    img: (tagName, attribs) => {
      const src = attribs.src ? normalizeUploadUrl(attribs.src) : null
      const out: Record<string, string> = src ? { src } : {}
      if (attribs.alt) out.alt = attribs.alt.slice(0, 100)
      for (const dim of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[dim] ?? '')) out[dim] = attribs[dim]!
      return { tagName, attribs: out }
    },
  },
  // An image without an acceptable source disappears entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

/** Visible text of rich text (tags removed, common entities decoded, <br>/<p> as line breaks). */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
  return text.replace(/&(#39|[a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m).trim()
}

const MENTION = /\[@([^:\]\n]{1,32}):([A-Za-z0-9_]{3,15})\]/g

/** Display ids (users.user_id) mentioned as [@nickname:userId], deduplicated, at most 20. */
export function mentionedUserIds(html: string): string[] {
  const ids = new Set<string>()
  for (const match of html.matchAll(MENTION)) {
    ids.add(match[2]!)
    if (ids.size >= 20) break
  }
  return [...ids]
}

import sanitizeHtml from 'sanitize-html'
import { normalizeUploadUrl } from '../media/storage'

/*
 * Stored rich text (note content, comments) is sanitised here with an allow-list (ARCHITECTURE.md §4).
 * Kept: line breaks, paragraphs, basic emphasis, lists, links (http, https and site-relative only, opened
 * with rel=noopener), images whose source is one of our /uploads files, and mentions, either plain text of
 * the form [@nickname:userId] (M §2.5) or the editors' links
 * `<a href="/user/{userId}" class="mention-link" data-user-id="{userId}">@nickname</a>` (kept in that
 * canonical form, the id taken from data-user-id or the href). Dropped: scripts, styles, iframes, event
 * handlers, inline styles, `javascript:` and `data:` URLs, and every tag or attribute not listed.
 */

/** A display id (users.user_id). */
const DISPLAY_ID = /^[A-Za-z0-9_]{3,15}$/
const USER_HREF = /^(?:https?:\/\/[^/?#]+)?\/user\/([A-Za-z0-9_]{3,15})\/?(?:[?#].*)?$/i

/** The user a mention link names: its data-user-id, else its /user/{id} href; null for any other link. */
function mentionTarget(attribs: Record<string, string>): string | null {
  const isMention = /(?:^|\s)mention-link(?:\s|$)/.test(attribs.class ?? '') || attribs['data-user-id'] !== undefined
  if (!isMention) return null
  const fromData = attribs['data-user-id']?.trim() ?? ''
  if (DISPLAY_ID.test(fromData)) return fromData
  return USER_HREF.exec(attribs.href?.trim() ?? '')?.[1] ?? null
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'blockquote', 'ul', 'ol', 'li', 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'class', 'data-user-id'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['class'],
  },
  allowedClasses: { span: ['mention', 'emoji'], a: ['mention-link'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const mentioned = mentionTarget(attribs)
      if (mentioned) return { tagName, attribs: { href: `/user/${mentioned}`, class: 'mention-link', 'data-user-id': mentioned, target: '_blank', rel: 'noopener noreferrer nofollow' } }
      return { tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' } }
    },
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
/** A mention link as sanitizeRichText writes it (its id is already checked there). */
const MENTION_LINK = /<a\b[^>]*\sdata-user-id="([A-Za-z0-9_]{3,15})"/g

/**
 * Display ids (users.user_id) mentioned in SANITISED rich text, as [@nickname:userId] or as mention links,
 * in order of appearance, deduplicated, at most 20.
 */
export function mentionedUserIds(html: string): string[] {
  const found = [...html.matchAll(MENTION)].map((m) => ({ at: m.index, id: m[2]! }))
  for (const m of html.matchAll(MENTION_LINK)) found.push({ at: m.index, id: m[1]! })
  found.sort((a, b) => a.at - b.at)
  return [...new Set(found.map((f) => f.id))].slice(0, 20)
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * SANITISED rich text with the mentions of `displayIds` turned into plain text (`@nickname`): a mention
 * link keeps its visible text, a [@nickname:userId] mention becomes `@nickname`.
 */
export function unlinkMentions(html: string, displayIds: readonly string[]): string {
  let out = html
  for (const id of displayIds) {
    const e = escapeRegExp(id)
    out = out.replace(new RegExp(`<a\\b[^>]*\\sdata-user-id="${e}"[^>]*>([\\s\\S]*?)</a>`, 'gi'), '$1')
    out = out.replace(new RegExp(`\\[@([^:\\]\\n]{1,32}):${e}\\]`, 'gi'), '@$1')
  }
  return out
}

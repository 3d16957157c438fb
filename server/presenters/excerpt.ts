import { CONTENT_EXCERPT_MAX } from '../contract/posts'

/*
 * The plain-text excerpt note cards carry (M §2.7: "content truncated to 100 characters"). Stored content
 * is already sanitised HTML of our own allow-list (domain/richtext.ts), so removing tags with a pattern is
 * enough here; no parser per card on the feed's hot path.
 */

/** How much of the stored rich text a card query reads: enough for 100 visible characters in practice. */
export const CONTENT_HEAD_CHARS = 1000

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntity(entity: string, body: string): string {
  if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
}

/** Tags that end a line: they become a space, every other tag vanishes (a tag cut off at the end too). */
const LINE_BREAKS = /<(?:br|\/p|\/div|\/li|\/blockquote)\b[^>]*>/gi
const ANY_TAG = /<[^>]*>?/g

/**
 * Visible text of stored rich text, whitespace collapsed, mentions as "@nickname", at most `max` characters.
 * `<` and `>` come out full-width (＜ ＞): the excerpt is plain text, and stays harmless for a client that
 * would put it into markup. `html` may be a prefix of the content (a tag or entity cut at its end is dropped).
 * One pass per concern, each skipped when its character does not occur (this runs for every card).
 */
export function contentExcerpt(html: string | null | undefined, max = CONTENT_EXCERPT_MAX): string {
  if (!html) return ''
  let text = html
  if (text.includes('<')) {
    // Stored content is sanitised HTML: a literal '<' in the text is always escaped, so any '<' starts a tag.
    text = text.replace(LINE_BREAKS, ' ').replace(ANY_TAG, '')
  }
  if (text.includes('&')) text = text.replace(/&[#a-z0-9]*$/i, '').replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,8});/gi, decodeEntity)
  if (text.includes('[@')) text = text.replace(/\[@([^:\]\n]{1,32}):[A-Za-z0-9_]{3,15}\]/g, '@$1')
  if (/[<>]/.test(text)) text = text.replace(/[<>]/g, (c) => (c === '<' ? '＜' : '＞'))
  text = text.replace(/\s+/g, ' ').trim()
  if (text.length <= max) return text
  // Characters, not UTF-16 units: split code points only when the text has astral ones (emoji).
  if (!/[\uD800-\uDFFF]/.test(text)) return text.slice(0, max).trimEnd()
  const chars = [...text]
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() : text
}

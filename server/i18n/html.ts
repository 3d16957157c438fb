import { localize, Message, render } from './format'
import type { Locale } from './locales'

/** Text into HTML: the five characters that could open markup or leave an attribute, as character references. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Private-use characters around a markup slot: no message, value or escape produces them. */
const SLOT = /\uE000(\d+)\uE001/g

/**
 * A message as HTML in `locale` (the pages the server writes itself: issue 39's refusal page, issue 43's teacher
 * page and class sheets). The rendered text is escaped whole; values that are markup (a link, `<b>`, `<code>`)
 * go in after escaping, so a translation places them where its language wants them and still injects nothing.
 */
export function htmlText(text: string | Message, locale: Locale, markup: Readonly<Record<string, string>> = {}): string {
  const names = Object.keys(markup)
  if (typeof text === 'string' || names.length === 0) return escapeHtml(localize(text, locale))
  const slots = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]))
  return escapeHtml(render(new Message(text.id, { ...text.values, ...slots }), locale)).replace(SLOT, (_, i: string) => markup[names[Number(i)]!]!)
}

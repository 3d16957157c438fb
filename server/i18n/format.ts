import { IntlMessageFormat } from 'intl-messageformat'
import { CATALOG_EN } from './catalog-en'
import { DEFAULT_LOCALE, type Locale } from './locales'
import { FIXED, fillPlaceholders, Message, type MessageValue } from './message'

/**
 * Rendering messages (message.ts) in a locale: the reference locale is the ids themselves; the others are
 * ICU MessageFormat patterns from their catalogues, compiled once by intl-messageformat (plurals and the
 * locale's number rules where a pattern asks for them).
 */

/** The catalogue of each locale: id → ICU pattern. The reference locale has none: its pattern is the id. */
const CATALOGS: Record<Locale, Readonly<Record<string, string>> | null> = { 'zh-CN': null, en: CATALOG_EN }

export const catalogOf = (locale: Locale): Readonly<Record<string, string>> | null => CATALOGS[locale]

const compiled = new Map<string, IntlMessageFormat>()

function formatter(pattern: string, locale: Locale): IntlMessageFormat {
  const key = `${locale}\u0000${pattern}`
  let format = compiled.get(key)
  if (!format) {
    // ignoreTag: our texts are plain text; a `<` in them is a character, not markup.
    format = new IntlMessageFormat(pattern, locale, undefined, { ignoreTag: true })
    compiled.set(key, format)
  }
  return format
}

const isList = (value: MessageValue): value is readonly string[] => Array.isArray(value)

/** Render a message in `locale`. Values that are messages themselves (a resource's name) are rendered first. */
export function render(message: Message, locale: Locale): string {
  const pattern = catalogOf(locale)?.[message.id]
  // The reference locale, or an id a catalogue lacks (the catalogue check fails on those): the Chinese text.
  if (pattern === undefined) return fillPlaceholders(message.id, message.values, (m) => render(m, locale))
  if (!message.values) return pattern
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(message.values)) {
    values[name] = value instanceof Message ? render(value, locale) : isList(value) ? new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(value) : value
  }
  return String(formatter(pattern, locale).format(values))
}

/**
 * Localise a text the edge is about to send: a Message; a text made by `fixed()`; a catalogue id; anything
 * else (user content, a text already rendered for its reader) passes unchanged.
 */
export function localize(text: string | Message, locale: Locale): string {
  if (text instanceof Message) return render(text, locale)
  if (locale === DEFAULT_LOCALE) return text
  const message = FIXED.get(text)
  if (message) return render(message, locale)
  return catalogOf(locale)?.[text] ?? text
}

export { Message, msg, fixed, known } from './message'
export type { MessageValue, MessageValues } from './message'

import { IntlMessageFormat } from 'intl-messageformat'
import { CATALOG_EN } from './catalog-en'
import { DEFAULT_LOCALE, type Locale } from './locales'

/**
 * Messages as data (issue 40): a message is its Simplified Chinese text (the id, gettext-style) plus named
 * values for an ICU pattern (`词语最多{max}个字符`). Domain code builds messages and never knows the reader's
 * language; the edges (the reply envelope, notification inserts, mails) render them in it.
 */
export type MessageValue = string | number | Message
export type MessageValues = Record<string, MessageValue>

export class Message {
  constructor(
    readonly id: string,
    readonly values?: MessageValues,
  ) {}

  /** The reference (Chinese) rendering: logs, and callers that need plain text. */
  toString(): string {
    return render(this, DEFAULT_LOCALE)
  }
}

/** A message of the catalogue, with its values. `id` must be a literal: the catalogue check collects them. */
export const msg = (id: string, values?: MessageValues): Message => new Message(id, values)

/** The catalogue of each locale: id → ICU pattern. The reference locale's pattern is the id itself. */
const CATALOGS: Record<Locale, Readonly<Record<string, string>> | null> = { 'zh-CN': null, en: CATALOG_EN }

export const catalogOf = (locale: Locale): Readonly<Record<string, string>> | null => CATALOGS[locale]

const compiled = new Map<string, IntlMessageFormat>()

function formatter(pattern: string, locale: Locale): IntlMessageFormat {
  const key = `${locale}\u0000${pattern}`
  let format = compiled.get(key)
  if (!format) {
    // ignoreTag: our texts are plain text, `<` in them is a character, not markup.
    format = new IntlMessageFormat(pattern, locale, undefined, { ignoreTag: true })
    compiled.set(key, format)
  }
  return format
}

/** The pattern of `id` in `locale`: the catalogue's, else the reference text (a missing entry shows Chinese). */
function patternOf(id: string, locale: Locale): string {
  return catalogOf(locale)?.[id] ?? id
}

/** Render a message in `locale`. Values that are messages themselves (a resource's name) are rendered first. */
export function render(message: Message, locale: Locale): string {
  const pattern = patternOf(message.id, locale)
  if (!message.values) return pattern
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(message.values)) values[name] = value instanceof Message ? render(value, locale) : value
  return String(formatter(pattern, locale).format(values))
}

/**
 * Messages fixed when a module loads (the zod schemas' texts, which must be strings): `fixed()` renders the
 * reference text once and remembers which message it came from, so the edge can render it in another
 * language. Only for module-level constants: the registry never shrinks.
 */
const FIXED = new Map<string, Message>()

export function fixed(id: string, values: MessageValues): string {
  const message = new Message(id, values)
  const text = message.toString()
  FIXED.set(text, message)
  return text
}

/**
 * Localise a text the edge is about to send: a Message; a text made by `fixed()`; a catalogue id; anything
 * else (user content, a value already rendered) passes unchanged.
 */
export function localize(text: string | Message, locale: Locale): string {
  if (text instanceof Message) return render(text, locale)
  if (locale === DEFAULT_LOCALE) return text
  const message = FIXED.get(text)
  if (message) return render(message, locale)
  return catalogOf(locale)?.[text] ?? text
}

/**
 * Messages as data (issue 40): a message is its Simplified Chinese text, the spec's own wording, which is
 * also its id (gettext-style), plus named values for its placeholders (`词语最多{max}个字符`). Domain code
 * builds messages and never knows the reader's language; the edges (reply envelopes, notification inserts,
 * mails) render them in it (format.ts, with the catalogues).
 *
 * Dependency-free on purpose: contract modules the renderers also import use `fixed()`, and must not pull
 * the ICU runtime or the catalogues into the apps' bundles. The reference texts only use plain `{name}`
 * placeholders (the catalogue check enforces it), so rendering them needs no ICU.
 */
/** A list (of names, domains) is a value too: each locale joins it its own way (`、` in the reference text). */
export type MessageValue = string | number | Message | readonly string[]
export type MessageValues = Readonly<Record<string, MessageValue>>

export class Message {
  constructor(
    readonly id: string,
    readonly values?: MessageValues,
  ) {}

  /** The reference (Chinese) text: byte-identical to the spec's messages. */
  toString(): string {
    return fillPlaceholders(this.id, this.values, (m) => m.toString())
  }

  /** A message that reaches a reply without passing an edge renders as the reference text, never as its parts. */
  toJSON(): string {
    return this.toString()
  }
}

/** Put the values into a reference text's `{name}` placeholders. */
export function fillPlaceholders(pattern: string, values: MessageValues | undefined, nested: (m: Message) => string): string {
  if (!values) return pattern
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]
    return value === undefined ? whole : value instanceof Message ? nested(value) : Array.isArray(value) ? value.join('、') : String(value)
  })
}

/** A message of the catalogue, with its values. `id` must be a literal: the catalogue check collects it. */
export const msg = (id: string, values?: MessageValues): Message => new Message(id, values)

/**
 * A catalogue id that arrives as data (a resource's label, declared as a literal where it is defined and
 * collected there), used as a value of another message so it is rendered in the same language.
 */
export const known = (id: string): Message => new Message(id)

/** Reference texts made by fixed(), to the message they render. */
export const FIXED = new Map<string, Message>()

/**
 * A message fixed when a module loads, as a string (zod schemas' texts must be strings): the reference
 * text, remembered with its message so the edge can render it in another language (format.ts `localize`).
 * Only for module-level constants: the registry never shrinks.
 */
export function fixed(id: string, values: MessageValues): string {
  const message = new Message(id, values)
  const text = message.toString()
  FIXED.set(text, message)
  return text
}

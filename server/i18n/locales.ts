/**
 * The languages the server speaks (issue 40). Simplified Chinese is the reference and the default: its
 * messages are the spec's own texts and serve as the message ids, so a client that states no preference gets
 * exactly the spec's replies. Every other locale is a catalogue keyed by those ids (server/i18n/catalog-*.ts).
 */
export const LOCALES = ['zh-CN', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'zh-CN'

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** A stored preference (users.locale), or null when it is unset or names a locale no longer offered. */
export const savedLocale = (value: unknown): Locale | null => (isLocale(value) ? value : null)

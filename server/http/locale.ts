import type { Context, Next } from 'koa'
import { localize, type Message } from '../i18n/format'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../i18n/locales'

/**
 * The language of a request (issue 40): the signed-in member's saved locale (users.locale, read with the
 * session: auth/middleware.ts), else the best of `Accept-Language` by q-value (Koa's negotiator: `en-US`
 * matches en, `zh` and `zh-CN` match zh-CN, anything else falls back), else Simplified Chinese.
 */
export function negotiatedLocale(ctx: Context): Locale {
  if (!ctx.get('accept-language')) return DEFAULT_LOCALE
  const best = ctx.acceptsLanguages([...LOCALES])
  return isLocale(best) ? best : DEFAULT_LOCALE
}

/** Negotiates `Accept-Language` once per request, onto ctx.state.locale. */
export function requestLocale() {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.state.locale = negotiatedLocale(ctx)
    await next()
  }
}

/** The locale a reply to this request is written in: the member's choice wins over the header. */
export function localeOf(ctx: Context): Locale {
  const saved = (ctx.state.user as { locale?: Locale | null } | undefined)?.locale
  if (saved) return saved
  return isLocale(ctx.state.locale) ? ctx.state.locale : DEFAULT_LOCALE
}

/**
 * A reply's message in the request's language, with the headers saying so: Content-Language, and Vary so a
 * shared cache keeps one copy per language (the member's choice rides on Authorization, already private).
 */
export function replyText(ctx: Context, text: string | Message): string {
  const locale = localeOf(ctx)
  ctx.set('Content-Language', locale)
  ctx.vary('Accept-Language')
  return localize(text, locale)
}

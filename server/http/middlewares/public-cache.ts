import type { Context, Next } from 'koa'
import { listGeneration } from '../../db/list-cache'
import { localeOf } from '../locale'

/*
 * Micro-cache of visitors' list replies (feed, comments, search, tags, categories): a GET without an
 * Authorization header is answered from the serialised reply of the same URL for up to TTL_MS, and
 * identical requests arriving while one is being computed wait for it instead of repeating it. Entries die
 * at once when this process writes a note, comment, like or collect (listGeneration); view counts in
 * visitors' lists may lag by up to TTL_MS. Signed-in members always get a live reply (their liked /
 * collected flags), and only successful replies are kept. Each instance caches on its own, which is fine
 * for a TTL this short.
 */

const TTL_MS = 1000
const MAX_ENTRIES = 1000

interface Entry {
  body?: string
  at: number
  generation: number
  pending?: Promise<string | null>
}

const entries = new Map<string, Entry>()

function fresh(entry: Entry | undefined, now: number): entry is Entry & { body: string } {
  return !!entry?.body && entry.generation === listGeneration() && now - entry.at < TTL_MS
}

function send(ctx: Context, body: string): void {
  // The headers ok() gave the reply this body was cached from (http/locale.ts).
  ctx.set('Content-Language', localeOf(ctx))
  ctx.vary('Accept-Language')
  ctx.status = 200
  ctx.type = 'application/json; charset=utf-8'
  ctx.body = body
}

export function publicCache() {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' || ctx.get('authorization')) return next()
    // One entry per language: a reply's message is written in the request's language (http/locale.ts).
    const key = `${localeOf(ctx)} ${ctx.url}`
    const now = Date.now()
    const entry = entries.get(key)
    if (fresh(entry, now)) return send(ctx, entry.body)
    if (entry?.pending && entry.generation === listGeneration()) {
      const body = await entry.pending
      if (body !== null) return send(ctx, body)
      return next()
    }
    const generation = listGeneration()
    let resolve!: (body: string | null) => void
    const own: Entry = { at: now, generation, pending: new Promise((r) => (resolve = r)) }
    if (entries.size >= MAX_ENTRIES) entries.clear()
    entries.set(key, own)
    try {
      await next()
    } catch (err) {
      entries.delete(key)
      resolve(null)
      throw err
    }
    if (ctx.status !== 200 || typeof ctx.body !== 'object' || ctx.body === null) {
      entries.delete(key)
      resolve(null)
      return
    }
    const body = JSON.stringify(ctx.body)
    Object.assign(own, { body, at: Date.now(), pending: undefined })
    resolve(body)
    send(ctx, body)
  }
}

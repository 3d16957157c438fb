import { expect, it, beforeAll, describe } from 'vitest'
import type { TestServer } from '../../../support/server'
import { tableCounts } from '../../../support/tables'

/* The machinery of bad-input.test.ts: requests, the envelope check, and families that prove no row changed. */

export const IGNORED_TABLES = ['captchas', 'rate_limits']

/** Path ids that are no database id: 0, negative, beyond 2^31, exponent notation, hex, fractions, words. */
export const BAD_IDS = ['0', '-1', '99999999999', '1e3', '0x10', '1.5', 'abc']
/** Path ids that are no display id (石榴号) or nobody's: the /users/{id} routes answer 404 用户不存在. */
export const BAD_USER_IDS = ['0', '-1', '99999999999', '1e3', 'a'.repeat(16), 'no-such', '..%2F..%2Fetc%2Fpasswd']
/** Absent but well-formed ids. */
export const MISSING = 99999

export interface Req {
  method: string
  path: string
  /** Bearer token; member A's unless given (null: none). */
  token?: string | null
  json?: unknown
  /** A body sent as is with Content-Type application/json (malformed JSON, `__proto__` keys). */
  raw?: string
  form?: FormData
  /** Content-Type for a raw body (default application/json). */
  type?: string
}
/** [what, expected status, expected message (null: any non-empty one), request]. */
export type Case = [string, number, string | null, () => Req | Promise<Req>]


export const x = (n: number, ch = 'x') => ch.repeat(n)
export const req = (method: string, p: string, json?: unknown, token?: string | null): Req => ({ method, path: p, json, token })
export const raw = (method: string, p: string, body: string, token?: string | null): Req => ({ method, path: p, raw: body, token })
export const anon = (method: string, p: string, json?: unknown): Req => req(method, p, json, null)
export const upload = (route: string, entries: Array<[string, Blob, string]>): Req => {
  const form = new FormData()
  for (const [field, blob, name] of entries) form.append(field, blob, name)
  return { method: 'POST', path: `/api/upload/${route}`, form }
}
export const text = (content = 'this is plain text, not an image') => new Blob([content], { type: 'image/png' })
export const oversized = () => new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' })
export const MALFORMED = '{"title": "unterminated'
/** koa-body's JSON parser refuses any `__proto__` key (so nothing can be smuggled through the prototype). */
export const PROTO_REFUSED = '请求体包含不允许的字段'

export async function send(server: TestServer, defaultToken: string, r: Req): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = r.token === undefined ? defaultToken : r.token
  const headers: Record<string, string> = {}
  let body: RequestInit['body']
  if (r.raw !== undefined) {
    headers['Content-Type'] = r.type ?? 'application/json'
    body = r.raw
  } else if (r.form) body = r.form
  else if (r.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(r.json)
  }
  const res = await server.fetch(r.path, { method: r.method, headers, body, token: token ?? undefined })
  const textBody = await res.text()
  try {
    return { status: res.status, body: JSON.parse(textBody) as Record<string, unknown> }
  } catch {
    throw new Error(`${r.method} ${r.path} -> ${res.status}, not JSON: ${textBody.slice(0, 200)}`)
  }
}

async function check(server: TestServer, defaultToken: string, [, status, message, build]: Case): Promise<void> {
  const r = await build()
  const { status: got, body } = await send(server, defaultToken, r)
  expect(got, `${r.method} ${r.path}: ${String(body.message)}`).toBe(status)
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'success'])
  expect(body).toMatchObject({ code: status, success: false })
  expect(typeof body.message === 'string' && body.message.length > 0).toBe(true)
  // Never an internal error text or a validator's English default.
  expect(body.message).not.toMatch(/Error|SQLITE|QueryFailed|undefined|NaN|\[object|Invalid input|Expected|Unexpected/)
  if (message !== null) expect(body.message).toBe(message)
}

/**
 * `family(name, cases)`: a family of cases, then the proof that none of them changed a row count. The server
 * and the default token (member A's) are read when the cases run, after the file's beforeAll.
 */
export function badInputFamilies(fixture: { server: () => TestServer; token: () => string }) {
  return function family(name: string, cases: () => Case[], extra?: () => void): void {
    describe(name, () => {
      let before: Record<string, number>
      beforeAll(async () => {
        before = await tableCounts(fixture.server().deps.db, IGNORED_TABLES)
      })
      it.each(cases())('%s → %i', async (...c) => check(fixture.server(), fixture.token(), c))
      extra?.()
      it('left every table as it was', async () => {
        expect(await tableCounts(fixture.server().deps.db, IGNORED_TABLES)).toEqual(before)
        expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined()
      })
    })
  }
}

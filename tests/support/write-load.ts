/*
 * Write load whose every acknowledgement is recorded, for the tests (and `npm run bench -- --crash`) that
 * stop or kill the server under it and then check that nothing acknowledged is missing from the database.
 *
 * Each member, in a loop with no pause, changes its nickname and follows / unfollows another member. A
 * 2xx reply is an acknowledgement; another status means "not done"; no reply at all (connection cut) means
 * "maybe done". Afterwards each nickname and each follow pair must hold the last acknowledged value, or a
 * value sent later whose reply never came.
 */
import http from 'node:http'
import sqlite3 from 'sqlite3'

export interface LoadMember {
  id: number
  userId: string
  token: string
}

interface Key<T> {
  acked: T | null
  /** Sent after the last acknowledgement without any reply. */
  maybe: T[]
}

export class AckLedger {
  readonly nicknames = new Map<number, Key<string>>()
  readonly follows = new Map<string, Key<boolean>>()
  acked = 0
  refused = 0
  unanswered = 0
  statuses = new Map<number, number>()

  record<K, T>(map: Map<K, Key<T>>, key: K, value: T, outcome: 'acked' | 'refused' | 'unanswered'): void {
    let entry = map.get(key)
    if (!entry) map.set(key, (entry = { acked: null, maybe: [] }))
    if (outcome === 'acked') {
      entry.acked = value
      entry.maybe = []
      this.acked++
    } else if (outcome === 'unanswered') {
      entry.maybe.push(value)
      this.unanswered++
    } else this.refused++
  }
}

function send(url: string, agent: http.Agent, method: string, path: string, token: string, json?: unknown): Promise<number | null> {
  const target = new URL(url)
  const payload = json === undefined ? undefined : JSON.stringify(json)
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', () => resolve(null))
      },
    )
    // A refused connection never reached the server: "not done" (-1), unlike a cut one ("maybe done", null).
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? -1 : null))
    req.end(payload)
  })
}

/** Register `count` members through the API (the server exposes captcha answers: SHILIU_TEST_CAPTCHA=1). */
export async function registerMembers(url: string, count: number, prefix: string): Promise<LoadMember[]> {
  const members: LoadMember[] = []
  for (let i = 0; i < count; i++) {
    const captcha = (await (await fetch(`${url}/api/auth/captcha`)).json()) as { data: { captchaId: string; text: string } }
    const userId = `${prefix}${i}`.slice(0, 15)
    const res = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: userId, nickname: `成员${i}`, password: 'secret123', captchaId: captcha.data.captchaId, captchaText: captcha.data.text }),
    })
    const body = (await res.json()) as { data: { user: { id: number }; tokens: { access_token: string } } }
    if (res.status !== 200) throw new Error(`register ${userId}: ${res.status} ${JSON.stringify(body)}`)
    members.push({ id: body.data.user.id, userId, token: body.data.tokens.access_token })
  }
  return members
}

/**
 * Resolves once the ledger holds `count` more acknowledgements than when called, or after `capMs`: tests
 * stop or kill the server after an amount of work, not after a time that a loaded machine may fill with little.
 */
export async function untilAcked(ledger: AckLedger, count: number, capMs = 20_000): Promise<void> {
  const target = ledger.acked + count
  const cap = Date.now() + capMs
  while (ledger.acked < target && Date.now() < cap) await new Promise((resolve) => setTimeout(resolve, 25))
}

/** Drive the load until `stop()` says so (or the server stops answering); resolves when every member stopped. */
export async function writeLoad(url: string, members: LoadMember[], ledger: AckLedger, stop: () => boolean, round = 0): Promise<void> {
  const agent = new http.Agent({ keepAlive: true })
  let refusedInARow = 0
  await Promise.all(
    members.map(async (m, index) => {
      for (let seq = 0; !stop() && refusedInARow < 50; seq++) {
        const other = members[(index + 1 + (seq % (members.length - 1))) % members.length]!
        let status: number | null
        if (seq % 2 === 0) {
          const nickname = `r${round}m${index}s${seq}`
          status = await send(url, agent, 'PUT', `/api/users/${m.userId}`, m.token, { nickname })
          ledger.record(ledger.nicknames, m.id, nickname, outcome(status))
        } else {
          const follow = seq % 4 === 1
          status = await send(url, agent, follow ? 'POST' : 'DELETE', `/api/users/${other.userId}/follow`, m.token)
          ledger.record(ledger.follows, `${m.id}>${other.id}`, follow, outcome(status))
        }
        if (status !== null) ledger.statuses.set(status, (ledger.statuses.get(status) ?? 0) + 1)
        // Once the server is gone every attempt fails at once: give up instead of spinning.
        refusedInARow = status === null || status < 0 || status >= 500 ? refusedInARow + 1 : 0
        if (status === null || status < 0) await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }),
  )
  agent.destroy()
}

function outcome(status: number | null): 'acked' | 'refused' | 'unanswered' {
  if (status === null) return 'unanswered'
  return status >= 200 && status < 300 ? 'acked' : 'refused'
}

function all<T>(db: sqlite3.Database, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => db.all(sql, (err, rows) => (err ? reject(err) : resolve(rows as T[]))))
}

/**
 * Compare the database file with the ledger: `missing` counts keys whose stored value is neither the last
 * acknowledged one nor one sent later without a reply (an acknowledged write that was lost).
 */
export async function checkLedger(file: string, ledger: AckLedger): Promise<{ missing: number; checked: number; details: string[] }> {
  const db = new sqlite3.Database(file)
  try {
    const nicknames = new Map((await all<{ id: number; nickname: string }>(db, 'SELECT id, nickname FROM users')).map((r) => [r.id, r.nickname]))
    const follows = new Set((await all<{ a: number; b: number }>(db, 'SELECT follower_id AS a, following_id AS b FROM follows')).map((r) => `${r.a}>${r.b}`))
    const details: string[] = []
    let checked = 0
    const check = <T>(key: string | number, entry: Key<T>, stored: T) => {
      if (entry.acked === null) return
      checked++
      if (stored !== entry.acked && !entry.maybe.includes(stored)) details.push(`${key}: stored ${String(stored)}, acknowledged ${String(entry.acked)}`)
    }
    for (const [id, entry] of ledger.nicknames) check(id, entry, nicknames.get(id) ?? '')
    for (const [pair, entry] of ledger.follows) check(pair, entry, follows.has(pair))
    return { missing: details.length, checked, details }
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()))
  }
}

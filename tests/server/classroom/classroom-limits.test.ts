/**
 * Rate limits in classroom mode (issue 43): a room of phones behind one address. Logins are budgeted per address
 * and account, refreshes per address and session; the budgets that have no account (captcha, registration) are
 * the room's (× SHILIU_CLASSROOM_SEATS). Outside classroom mode every one of them stays per address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CLASSROOM_ENV } from '../../support/classroom'
import { dbRun } from '../../support/sql'
import { insertMember, openMemberSession } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'

const LIMITS = { RATE_LIMIT_AUTH_PER_MINUTE: '2', RATE_LIMIT_CAPTCHA_PER_MINUTE: '2' }
const SEATS = 3

/** Statuses of `n` calls in a row (each spends one point of its limiter, whatever the reply). */
async function statuses(n: number, call: (i: number) => Promise<number>): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push(await call(i))
  return out
}

const login = (server: TestServer, user_id: string) => server.call('POST', '/api/auth/login', { json: { user_id, password: 'not-the-password' } }).then((r) => r.status)

describe.each([
  { mode: 'classroom', env: { ...CLASSROOM_ENV, SHILIU_CLASSROOM_SEATS: String(SEATS) } },
  { mode: 'ordinary', env: {} },
])('rate limits of one address, $mode mode', ({ mode, env }) => {
  const classroom = mode === 'classroom'
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ ...env, ...LIMITS })
  }, 180_000)
  afterAll(() => server?.close())
  // Each test starts with every budget whole (the counters live in the database's rate_limits table).
  beforeEach(async () => {
    await dbRun(server.deps.db, 'DELETE FROM rate_limits')
  })

  it(classroom ? 'logins are budgeted per account: three students log in, one account is still limited' : 'logins are budgeted per address', async () => {
    const first = await statuses(2, () => login(server, 'student_a'))
    const second = await statuses(2, () => login(server, 'student_b'))
    const third = await login(server, 'student_c')
    expect(first).toEqual([400, 400])
    if (classroom) {
      expect(second).toEqual([400, 400])
      expect(third).toBe(400)
      // The same account a third time within the minute: its own budget is spent.
      expect(await login(server, 'STUDENT_A')).toBe(429)
    } else {
      expect(second).toEqual([429, 429])
      expect(third).toBe(429)
    }
  })

  it(classroom ? 'refreshes are budgeted per session' : 'refreshes are budgeted per address', async () => {
    const members = await Promise.all([insertMember(server), insertMember(server), insertMember(server)])
    const sessions = await Promise.all(members.map((m) => openMemberSession(server, m.id)))
    const refreshed: number[] = []
    for (const session of sessions) {
      const { status, body } = await server.call<{ tokens: { refresh_token: string } }>('POST', '/api/auth/refresh', { json: { refresh_token: session.refresh } })
      refreshed.push(status)
      if (status === 200) session.refresh = body.data.tokens.refresh_token
    }
    expect(refreshed).toEqual(classroom ? [200, 200, 200] : [200, 200, 429])
    // Made-up tokens spend the address's budget in both modes.
    const madeUp = await statuses(3, () => server.call('POST', '/api/auth/refresh', { json: { refresh_token: 'x'.repeat(40) } }).then((r) => r.status))
    expect(madeUp).toContain(429)
  })

  it(classroom ? 'the captcha and registration budgets are the room\'s (× seats)' : 'the captcha and registration budgets are the address\'s', async () => {
    const room = classroom ? SEATS : 1
    const captchas = await statuses(2 * room + 1, () => server.fetch('/api/auth/captcha').then((r) => r.status))
    expect(captchas).toEqual([...Array(2 * room).fill(200), 429])
    // An empty registration still spends a point (the limit comes before validation).
    const registrations = await statuses(2 * room + 1, () => server.call('POST', '/api/auth/register', { json: {} }).then((r) => r.status))
    expect(registrations).toEqual([...Array(2 * room).fill(400), 429])
  })
})

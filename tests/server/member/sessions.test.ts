/**
 * Sessions nobody else can end (issue 11 §1): refresh tokens carry a random handle and a mac, a wrong token is
 * refused and revokes nothing, a rotated-out token still revokes its family; members list and end their own
 * sessions (GET/DELETE /api/auth/sessions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'

interface Tokens {
  access_token: string
  refresh_token: string
}
interface SessionInfo {
  handle: string
  device: string
  user_agent: string
  ip: string
  last_activity: string
  created_at: string
  current: boolean
}

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

describe('sessions: refresh tokens and the member’s own sessions', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  const refresh = (token: string) => server.call<{ tokens: Tokens }>('POST', '/api/auth/refresh', { json: { refresh_token: token } })
  const me = (token: string) => server.call('GET', '/api/auth/me', { token })
  const sessions = (token: string) => server.call<{ sessions: SessionInfo[] }>('GET', '/api/auth/sessions', { token })
  async function loginWith(m: Member, userAgent: string): Promise<Tokens> {
    const res = await server.fetch('/api/auth/login', { method: 'POST', json: { user_id: m.user_id, password: 'secret123' }, headers: { 'User-Agent': userAgent } })
    expect(res.status).toBe(200)
    return ((await res.json()) as { data: { tokens: Tokens } }).data.tokens
  }

  it('the forced-logout attack: ten refreshes with wrong secrets leave the victim signed in', async () => {
    const victim = await registerMember(server)
    const [handle] = victim.refresh.split('.')
    const forged = [
      // Today's attack: sequential ids with any secret.
      ...Array.from({ length: 5 }, (_, i) => `${i + 1}.${'A'.repeat(43)}`),
      // Even knowing the victim's handle (e.g. from a shared screen), a wrong mac does nothing.
      ...Array.from({ length: 5 }, (_, g) => `${handle}.${g}.${'B'.repeat(43)}`),
    ]
    for (const token of forged) {
      const res = await refresh(token)
      expect(res.status, token).toBe(401)
      expect(res.body.success).toBe(false)
    }
    expect((await me(victim.token)).status).toBe(200)
    const rotated = await refresh(victim.refresh)
    expect(rotated.status).toBe(200)
    expect((await me(rotated.body.data.tokens.access_token)).status).toBe(200)
  })

  it('a refresh token names no sequential id: a random 22-character handle, the same across rotations', async () => {
    const a = await registerMember(server)
    const b = await registerMember(server)
    const [handleA, genA] = a.refresh.split('.')
    const [handleB] = b.refresh.split('.')
    expect(handleA).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(handleA).not.toBe(handleB)
    expect(genA).toBe('0')
    const next = (await refresh(a.refresh)).body.data.tokens.refresh_token
    expect(next.split('.')[0]).toBe(handleA)
    expect(next.split('.')[1]).toBe('1')
  })

  it('reusing a rotated-out token (any earlier generation) still revokes the whole family', async () => {
    const m = await registerMember(server)
    const second = (await refresh(m.refresh)).body.data.tokens
    const third = (await refresh(second.refresh_token)).body.data.tokens
    const replay = await refresh(m.refresh)
    expect(replay.status).toBe(401)
    expect(replay.body.message).toBe('登录凭证已失效，请重新登录')
    expect((await refresh(third.refresh_token)).status).toBe(401)
    expect((await me(third.access_token)).status).toBe(401)
  })

  it('a member token of one session cannot refresh as another member, nor an admin token family', async () => {
    const m = await registerMember(server)
    const adminRefresh = await server.call('POST', '/api/auth/admin/refresh', { json: { refresh_token: m.refresh } })
    expect(adminRefresh.status).toBe(401)
    expect((await refresh(m.refresh)).status).toBe(200)
  })

  it('lists the member’s own sessions: device from the User-Agent, address, last activity, the current one flagged', async () => {
    const m = await registerMember(server)
    const desktop = await loginWith(m, CHROME_WINDOWS)
    await loginWith(m, SAFARI_IPHONE)
    const { status, body, headers } = await sessions(desktop.access_token)
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    const list = body.data.sessions
    expect(list).toHaveLength(3)
    const current = list.filter((s) => s.current)
    expect(current).toHaveLength(1)
    expect(current[0]!.device).toMatch(/Chrome 140.*Windows/)
    expect(list.some((s) => /Safari.*iOS/.test(s.device))).toBe(true)
    for (const s of list) {
      expect(s.handle).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(s.ip).toMatch(/127\.0\.0\.1/)
      expect(Number.isNaN(Date.parse(s.last_activity))).toBe(false)
      expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'device', 'handle', 'ip', 'last_activity', 'user_agent'])
    }
    expect(JSON.stringify(body)).not.toMatch(/refresh|"id"/)
    expect((await server.call('GET', '/api/auth/sessions')).status).toBe(401)
  })

  it('ends one session by its handle; another member’s handle is 404 and stays signed in', async () => {
    const m = await registerMember(server)
    const phone = await loginWith(m, SAFARI_IPHONE)
    const other = await registerMember(server)
    const list = (await sessions(m.token)).body.data.sessions
    const phoneHandle = list.find((s) => !s.current && /iOS/.test(s.device))!.handle
    const otherHandle = (await sessions(other.token)).body.data.sessions[0]!.handle

    const foreign = await server.call('DELETE', `/api/auth/sessions/${otherHandle}`, { token: m.token })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('该登录设备不存在或已退出')
    expect((await me(other.token)).status).toBe(200)

    const ended = await server.call<{ ended: number }>('DELETE', `/api/auth/sessions/${phoneHandle}`, { token: m.token })
    expect(ended.status).toBe(200)
    expect(ended.body.data.ended).toBe(1)
    expect((await me(phone.access_token)).status).toBe(401)
    expect((await refresh(phone.refresh_token)).status).toBe(401)
    expect((await me(m.token)).status).toBe(200)
    expect((await server.call('DELETE', `/api/auth/sessions/${phoneHandle}`, { token: m.token })).status).toBe(404)
    expect((await sessions(m.token)).body.data.sessions).toHaveLength(1)
  })

  it('ends every other session with others=1; the current one stays; without it 400', async () => {
    const m = await registerMember(server)
    const a = await loginWith(m, CHROME_WINDOWS)
    const b = await loginWith(m, SAFARI_IPHONE)
    const bare = await server.call('DELETE', '/api/auth/sessions', { token: m.token })
    expect(bare.status).toBe(400)
    expect(bare.body.message).toBe('请指定 others=1 以退出其他设备')
    expect((await me(a.access_token)).status).toBe(200)

    const res = await server.call<{ ended: number }>('DELETE', '/api/auth/sessions?others=1', { token: m.token })
    expect(res.status).toBe(200)
    expect(res.body.data.ended).toBe(2)
    expect((await me(a.access_token)).status).toBe(401)
    expect((await me(b.access_token)).status).toBe(401)
    expect((await me(m.token)).status).toBe(200)
    const left = (await sessions(m.token)).body.data.sessions
    expect(left.map((s) => s.current)).toEqual([true])
  })
})

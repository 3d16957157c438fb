import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IsNull, Not } from 'typeorm'
import { SignInFlow, User, UserIdentity } from '../../../server/db/entities'
import { inTransaction } from '../../../server/db/transaction'
import { adminToken, createAdmin } from '../admin/support'
import { registerMember } from '../../support/members'
import { freePort } from '../../support/ports'
import { CROSS_SITE_NAVIGATION, CookieJar, browse, signIn, startTestProvider, type TestProvider } from '../../support/oidc-provider'
import { sharedEnv, startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'

/*
 * Sign-in through a real OpenID Provider (oidc-provider in this process) over real HTTP, on the run's engine
 * (issue 39): the code flow with PKCE, the member made just in time, the operator's domain and group rules,
 * single-use state and handoff codes, linking from 账号与安全, deactivation.
 */

let server: TestServer
let provider: TestProvider
let origin: string

interface SessionReply {
  tokens: { access_token: string; refresh_token: string }
  user: { id: number; user_id: string; nickname: string }
}

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  provider = await startTestProvider({ redirectUris: [`${origin}/api/auth/oidc/campus/callback`] })
  server = await startTestServer({
    PORT: String(port),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: '校园统一身份认证',
    OIDC_ALLOWED_DOMAINS: 'campus.edu',
    OIDC_REQUIRED_GROUP: 'students',
  })
  await createAdmin(server)
})

afterAll(async () => {
  await server?.close()
  await provider?.close()
})

const startUrl = (redirect = '/explore') => new URL(`${origin}/api/auth/oidc/campus/start?redirect=${encodeURIComponent(redirect)}`)

/** Sign in as `login` at the provider; the app's landing URL (with the handoff code in its fragment). */
async function landing(login: string, redirect = '/explore', jar = new CookieJar()): Promise<URL> {
  const hop = await signIn(jar, startUrl(redirect), login, { appOrigin: origin })
  expect(hop.res.status, hop.body).toBe(302)
  return new URL(hop.res.headers.get('location')!, origin)
}

async function exchange(code: string) {
  return server.call<SessionReply>('POST', '/api/auth/oidc/exchange', { json: { code } })
}

async function signInAs(login: string): Promise<SessionReply> {
  const url = await landing(login)
  const code = new URLSearchParams(url.hash.slice(1)).get('oidc_code')!
  const { status, body } = await exchange(code)
  expect(status, body.message).toBe(200)
  return body.data
}

const userCount = () => server.deps.db.getRepository(User).count()

describe('OpenID Connect sign-in', () => {
  it('lists the configured provider publicly', async () => {
    const { status, body } = await server.call<{ providers: unknown[]; passwordLogin: boolean }>('GET', '/api/auth/providers')
    expect(status).toBe(200)
    expect(body.data).toEqual({ providers: [{ id: 'campus', name: '校园统一身份认证', buttonText: '使用校园统一身份认证登录' }], passwordLogin: true })
  })

  it('creates the member at the first sign-in from the claims and hands the session over once', async () => {
    provider.accounts.set('alice', { email: 'alice@campus.edu', email_verified: true, name: 'Alice Wang', preferred_username: 'alice_w', groups: ['students'] })
    const url = await landing('alice', '/explore')
    expect(url.pathname).toBe('/explore')
    const code = new URLSearchParams(url.hash.slice(1)).get('oidc_code')!
    expect(code).toBeTruthy()
    expect(url.search).toBe('')
    const first = await exchange(code)
    expect(first.status).toBe(200)
    expect(first.body.data.user).toMatchObject({ user_id: 'alice_w', nickname: 'Alice Wang' })
    const me = await server.call<{ email: string | null; user_id: string }>('GET', '/api/auth/me', { token: first.body.data.tokens.access_token })
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe('alice@campus.edu')
    // The handoff code is single use.
    const again = await exchange(code)
    expect(again.status).toBe(400)
    // The refresh token works like a password login's.
    const refreshed = await server.call('POST', '/api/auth/refresh', { json: { refresh_token: first.body.data.tokens.refresh_token } })
    expect(refreshed.status).toBe(200)
  })

  it('signs the same member in again without creating another', async () => {
    provider.accounts.set('bob', { email: 'bob@campus.edu', email_verified: true, nickname: 'bob', groups: ['students'] })
    const first = await signInAs('bob')
    const before = await userCount()
    const second = await signInAs('bob')
    expect(second.user.id).toBe(first.user.id)
    expect(await userCount()).toBe(before)
  })

  it('refuses an email domain outside the allowed ones and a member outside the required group, creating nobody', async () => {
    const before = await userCount()
    provider.accounts.set('mallory', { email: 'mallory@elsewhere.org', email_verified: true, groups: ['students'] })
    const outside = await signIn(new CookieJar(), startUrl(), 'mallory', { appOrigin: origin })
    expect(outside.res.status).toBe(403)
    expect(outside.body).toContain('@campus.edu')
    provider.accounts.set('unverified', { email: 'unverified@campus.edu', email_verified: false, groups: ['students'] })
    expect((await signIn(new CookieJar(), startUrl(), 'unverified', { appOrigin: origin })).res.status).toBe(403)
    provider.accounts.set('staff', { email: 'staff@campus.edu', email_verified: true, groups: ['staff'] })
    const staff = await signIn(new CookieJar(), startUrl(), 'staff', { appOrigin: origin })
    expect(staff.res.status).toBe(403)
    expect(staff.body).toContain('用户组')
    expect(await userCount()).toBe(before)
    expect(await server.deps.db.getRepository(UserIdentity).countBy({ subject: 'staff' })).toBe(0)
  })

  it('refuses a tampered state, a replayed callback and a callback from another browser with 400', async () => {
    provider.accounts.set('carol', { email: 'carol@campus.edu', email_verified: true, groups: ['students'] })
    const jar = new CookieJar()
    const atCallback = await signIn(jar, startUrl(), 'carol', { stopAtCallback: true })
    const callback = atCallback.url
    const tampered = new URL(callback)
    tampered.searchParams.set('state', 'not-the-state')
    expect((await browse(jar, tampered)).res.status).toBe(400)

    const otherBrowser = await browse(new CookieJar(), callback)
    expect(otherBrowser.res.status).toBe(400)
    expect(otherBrowser.body).toContain('浏览器')

    const cookie = jar.header(new URL(origin))
    // Other sites may not call the API, but the provider's redirect back (a navigation) reaches the callback.
    const fetched = await browse(jar, callback, { headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', Origin: provider.issuer } })
    expect(fetched.res.status).toBe(403)
    const ok = await browse(jar, callback, { headers: CROSS_SITE_NAVIGATION })
    expect(ok.res.status).toBe(302)
    expect(ok.res.headers.get('location')).toMatch(/#oidc_code=/)
    // The same callback again, even with the flow's cookie: the state is spent (and the code with it).
    const replay = await fetch(callback, { headers: { Cookie: cookie, ...CROSS_SITE_NAVIGATION }, redirect: 'manual' })
    expect(replay.status).toBe(400)
  })

  it('refuses a nonce the ID token does not carry and an expired state with 400, creating nobody', async () => {
    provider.accounts.set('kim', { email: 'kim@campus.edu', email_verified: true, groups: ['students'] })
    const flows = server.deps.db.getRepository(SignInFlow)
    for (const spoil of [{ nonce: 'not-the-nonce' }, { expires_at: new Date(Date.now() - 1000) }]) {
      const jar = new CookieJar()
      const atCallback = await signIn(jar, startUrl(), 'kim', { stopAtCallback: true })
      const state = atCallback.url.searchParams.get('state')!
      await inTransaction(server.deps.db, (m) => m.getRepository(SignInFlow).update({ state }, spoil))
      const refused = await browse(jar, atCallback.url, { headers: CROSS_SITE_NAVIGATION })
      expect(refused.res.status, JSON.stringify(spoil)).toBe(400)
      expect(await flows.countBy({ state, handoff_hash: Not(IsNull()) })).toBe(0)
    }
    expect(await server.deps.db.getRepository(UserIdentity).countBy({ subject: 'kim' })).toBe(0)
  })

  it('finishes on another instance a sign-in one instance started (flows live in the database)', async () => {
    provider.accounts.set('lee', { email: 'lee@campus.edu', email_verified: true, groups: ['students'] })
    // A second stateless instance behind the same public address (PUBLIC_URL), on the same database.
    const other = await startTestServer({
      ...sharedEnv(server),
      PUBLIC_URL: origin,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'campus.edu',
    })
    try {
      const jar = new CookieJar()
      const atCallback = await signIn(jar, startUrl(), 'lee', { stopAtCallback: true })
      const onOther = new URL(atCallback.url.pathname + atCallback.url.search, other.url)
      const res = await fetch(onOther, { headers: { Cookie: jar.header(atCallback.url), ...CROSS_SITE_NAVIGATION }, redirect: 'manual' })
      expect(res.status, await res.text()).toBe(302)
      const code = new URLSearchParams(new URL(res.headers.get('location')!, origin).hash.slice(1)).get('oidc_code')!
      // ... and the first instance takes the handoff.
      const { status, body } = await exchange(code)
      expect(status).toBe(200)
      expect(body.data.user.nickname).toBeTruthy()
    } finally {
      await other.close()
    }
  })

  it('keeps the return path on this site', async () => {
    provider.accounts.set('dan', { email: 'dan@campus.edu', email_verified: true, groups: ['students'] })
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const url = await landing('dan', evil)
      expect(url.origin).toBe(origin)
      expect(url.pathname).toBe('/')
    }
  })

  it('refuses a deactivated member, whose sessions have ended', async () => {
    provider.accounts.set('erin', { email: 'erin@campus.edu', email_verified: true, groups: ['students'] })
    const session = await signInAs('erin')
    const admin = await adminToken(server)
    expect((await server.call('PUT', `/api/admin/users/${session.user.id}`, { token: admin, json: { is_active: false } })).status).toBe(200)
    expect((await server.call('GET', '/api/auth/me', { token: session.tokens.access_token })).status).not.toBe(200)
    const refused = await signIn(new CookieJar(), startUrl(), 'erin', { appOrigin: origin })
    expect(refused.res.status).toBe(403)
    expect(refused.body).toContain('禁用')
  })

  it('links a campus identity to a local account, signs in with it, and unlinks it while a password remains', async () => {
    const local = await registerMember(server)
    provider.accounts.set('frank', { email: 'frank@campus.edu', email_verified: true, groups: ['students'] })
    const jar = new CookieJar()
    const started = await browse(jar, new URL(`${origin}/api/auth/identities/campus`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${local.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect: '/settings' }),
    })
    expect(started.res.status).toBe(200)
    const { url } = (JSON.parse(started.body) as { data: { url: string } }).data
    const done = await signIn(jar, new URL(url), 'frank', { appOrigin: origin })
    expect(done.res.headers.get('location')).toBe('/settings#oidc_linked=campus')

    const list = await server.call<{ identities: Array<{ provider: string; email: string }>; hasPassword: boolean }>('GET', '/api/auth/identities', { token: local.token })
    expect(list.body.data).toMatchObject({ hasPassword: true, identities: [{ provider: 'campus', name: '校园统一身份认证', email: 'frank@campus.edu' }] })
    expect((await signInAs('frank')).user.id).toBe(local.id)

    // Another member cannot take the same identity.
    const other = await registerMember(server)
    const jar2 = new CookieJar()
    const started2 = await browse(jar2, new URL(`${origin}/api/auth/identities/campus`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${other.token}`, 'Content-Type': 'application/json' },
      body: '{}',
    })
    const taken = await signIn(jar2, new URL((JSON.parse(started2.body) as { data: { url: string } }).data.url), 'frank', { appOrigin: origin })
    expect(taken.res.status).toBe(409)

    expect((await server.call('DELETE', '/api/auth/identities/campus', { token: local.token })).status).toBe(200)
    expect((await server.call('DELETE', '/api/auth/identities/campus', { token: local.token })).status).toBe(404)
  })

  it('keeps the only way to sign in: a member made by the provider cannot unlink it', async () => {
    provider.accounts.set('gina', { email: 'gina@campus.edu', email_verified: true, groups: ['students'] })
    const session = await signInAs('gina')
    const { status, body } = await server.call('DELETE', '/api/auth/identities/campus', { token: session.tokens.access_token })
    expect(status).toBe(400)
    expect(body.message).toContain('唯一的登录方式')
  })

  it("lists each member's linked identities in the back-office users resource", async () => {
    const admin = await adminToken(server)
    const { status, body } = await server.call<{ data: Array<{ user_id: string; identities: Array<Record<string, unknown>> }> }>('GET', '/api/admin/users?limit=100', { token: admin })
    expect(status).toBe(200)
    const alice = body.data.data.find((u) => u.user_id === 'alice_w')!
    expect(alice.identities).toEqual([{ provider: 'campus', name: '校园统一身份认证', email: expect.stringMatching(/^a\*+@campus\.edu$/), linked_at: expect.any(String), last_login_at: expect.any(String) }])
    const local = body.data.data.find((u) => u.identities.length === 0)
    expect(local).toBeDefined()
  })

  it('lets an administrator unlink a member\'s identities (audited), after which the provider makes a new member', async () => {
    provider.accounts.set('max', { email: 'max@campus.edu', email_verified: true, groups: ['students'] })
    const first = await signInAs('max')
    const admin = await adminToken(server)
    const path = `/api/admin/users/${first.user.id}/unlink-identities`
    expect((await server.call('POST', path, { json: {} })).status).toBe(401)
    expect((await server.call('POST', path, { token: first.tokens.access_token, json: {} })).status).toBe(401)
    expect((await server.call('POST', path, { token: admin, json: {} })).status).toBe(200)
    expect((await server.call('POST', path, { token: admin, json: {} })).status).toBe(404)
    const audit = await dbQuery(server.deps.db, 'SELECT action FROM admin_audit_logs WHERE action = ?', ['unlink_identities'])
    expect(audit).toHaveLength(1)
    // The identity is free again: the next sign-in is a first one (the old member keeps its email, so the new
    // one is refused that address and told to link it instead).
    const again = await signIn(new CookieJar(), startUrl(), 'max', { appOrigin: origin })
    expect(again.res.status).toBe(409)  })

  it('campus-only sign-in (成员登录方式) refuses member passwords and registration; administrators keep theirs', async () => {
    const admin = await adminToken(server)
    const settings = await server.call<{ data: Array<{ id: number; name: string }> }>('GET', '/api/admin/settings?limit=50', { token: admin })
    const setting = settings.body.data.data.find((s) => s.name === 'member_sign_in')!
    const local = await registerMember(server)
    provider.accounts.set('hana', { email: 'hana@campus.edu', email_verified: true, groups: ['students'] })
    const jar = new CookieJar()
    const started = await browse(jar, new URL(`${origin}/api/auth/identities/campus`), { method: 'POST', headers: { Authorization: `Bearer ${local.token}`, 'Content-Type': 'application/json' }, body: '{}' })
    await signIn(jar, new URL((JSON.parse(started.body) as { data: { url: string } }).data.url), 'hana', { appOrigin: origin })

    expect((await server.call('PUT', `/api/admin/settings/${setting.id}`, { token: admin, json: { value: 'campus_only' } })).status).toBe(200)
    try {
      expect((await server.call<{ passwordLogin: boolean }>('GET', '/api/auth/providers')).body.data.passwordLogin).toBe(false)
      const login = await server.call('POST', '/api/auth/login', { json: { user_id: local.user_id, password: 'secret123' } })
      expect(login.status).toBe(403)
      expect(login.body.message).toContain('统一身份认证')
      const register = await server.call('POST', '/api/auth/register', { json: { user_id: 'newcomer1', nickname: '新人', password: 'secret123', captchaId: 'x', captchaText: 'x' } })
      expect(register.status).toBe(403)
      expect(await server.deps.db.getRepository(User).existsBy({ user_id: 'newcomer1' })).toBe(false)
      // Break-glass: the administrators' own password login cannot be turned off.
      expect((await server.call('POST', '/api/auth/admin/login', { json: { username: 'root', password: 'admin-pass-123' } })).status).toBe(200)
      // The campus identity still signs the member in; a password no longer counts as another way in.
      expect((await signInAs('hana')).user.id).toBe(local.id)
      expect((await server.call('DELETE', '/api/auth/identities/campus', { token: local.token })).status).toBe(400)
    } finally {
      expect((await server.call('PUT', `/api/admin/settings/${setting.id}`, { token: admin, json: { value: 'password_and_campus' } })).status).toBe(200)
    }
    expect((await server.call('POST', '/api/auth/login', { json: { user_id: local.user_id, password: 'secret123' } })).status).toBe(200)
  })

  it('refuses campus-only sign-in where no provider is configured', async () => {
    const plain = await startTestServer()
    try {
      await createAdmin(plain)
      const admin = await adminToken(plain)
      const settings = await plain.call<{ data: Array<{ id: number; name: string }> }>('GET', '/api/admin/settings?limit=50', { token: admin })
      const setting = settings.body.data.data.find((s) => s.name === 'member_sign_in')!
      const { status, body } = await plain.call('PUT', `/api/admin/settings/${setting.id}`, { token: admin, json: { value: 'campus_only' } })
      expect(status).toBe(400)
      expect(body.message).toContain('OIDC_ISSUER')
      expect((await plain.call<{ providers: unknown[]; passwordLogin: boolean }>('GET', '/api/auth/providers')).body.data).toEqual({ providers: [], passwordLogin: true })
    } finally {
      await plain.close()
    }
  })

  it('answers 503 while the provider is unreachable, and discovers it again once it answers', async () => {
    const [port, providerPort] = [await freePort(), await freePort()]
    const appOrigin = `http://127.0.0.1:${port}`
    const lonely = await startTestServer({ PORT: String(port), OIDC_ISSUER: `http://127.0.0.1:${providerPort}`, OIDC_CLIENT_ID: 'shiliu-test', OIDC_CLIENT_SECRET: 'shiliu-test-secret-0123456789abcdef' })
    let late: TestProvider | null = null
    try {
      const down = await lonely.call('GET', '/api/auth/oidc/campus/start')
      expect(down.status).toBe(503)
      expect(down.body.message).toContain('暂时无法连接')
      late = await startTestProvider({ redirectUris: [`${appOrigin}/api/auth/oidc/campus/callback`], port: providerPort })
      late.accounts.set('ivy', { email: 'ivy@campus.edu', email_verified: true })
      const hop = await signIn(new CookieJar(), new URL(`${appOrigin}/api/auth/oidc/campus/start`), 'ivy', { appOrigin })
      expect(hop.res.headers.get('location')).toMatch(/^\/#oidc_code=/)
    } finally {
      await lonely.close()
      await late?.close()
    }
  })

  it('refuses linking and listing without a signed-in member', async () => {
    expect((await server.call('POST', '/api/auth/identities/campus', { json: {} })).status).toBe(401)
    expect((await server.call('GET', '/api/auth/identities')).status).toBe(401)
    expect((await server.call('GET', '/api/auth/oidc/nowhere/start')).status).toBe(404)
  })
})

import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlValue } from '../../../server/db/reader'
import { query } from '../../../server/db/sql'
import { User } from '../../../server/db/entities'
import { inTransaction } from '../../../server/db/transaction'
import { readOutbox } from '../../../server/mail/transport'
import { captcha, insertMember, openMemberSession, uniqueId, type Member } from '../../support/members'
import { insertNotification } from '../../support/rows'
import { mutatingMemberRoutes } from '../../support/routes'
import { startTestProvider, type TestProvider } from '../../support/oidc-provider'
import { startTestServer, type TestServer } from '../../support/server'
import { sha256 } from '../../../server/auth/oidc/flows'
import { SignInFlow, UserIdentity } from '../../../server/db/entities'
import { tableCounts } from '../../support/tables'
import { ADMIN_PASSWORD, adminToken, createAdmin } from '../admin/support'
import { createCategory, createNote, imageBlob, mp4Blob, ownImage, uploadImage } from './support/notes'

/*
 * Authorization matrix of every state-changing member route (issue 3, Safety). The routes come from the live
 * router: a new POST/PUT/PATCH/DELETE outside the admin API fails the first test until it has a line in
 * MATRIX. Each line builds a valid request on a resource of member A (fresh members and fixtures per case)
 * and a probe that reads that resource's state. Every case then checks the status and that the probe moved
 * exactly when it should: the owner's success changes it; anonymous, another member, an admin token and A's
 * token after logout change nothing (nor any table's row count when refused).
 */

const PRINCIPALS = ['anonymous', 'owner', 'other', 'admin', 'revoked'] as const
type Principal = (typeof PRINCIPALS)[number]

interface World {
  /** The resource owner: a fresh member per case. */
  a: Member
  /** Another fresh member. */
  b: Member
  /** A's access token after A logged that session out. */
  revoked: string
}

interface Case {
  path: string
  json?: unknown
  form?: () => Promise<FormData>
  /** Reads the state the request should change (compared before and after). */
  probe: () => Promise<string>
}

interface Entry {
  /** What member B gets with A's request: 403/404 when it targets A's resource, 200 when B just acts for itself. */
  other: 200 | 403 | 404
  /** No login needed (register, login, refresh): every principal gets 200, whatever bearer token it sends. */
  open?: true
  /** The probe watches an effect any success has (stored files), not A's own state. */
  global?: true
  /** Administrators may use it too (media uploads for the back-office note form). */
  admins?: true
  /** A POST that stores nothing (a signed, single-use stream ticket): only the statuses are checked. */
  storesNothing?: true
  build: (w: World) => Promise<Case>
}

let server: TestServer
let provider: TestProvider
let admin: string
/** A member whom A follows, and the published note of theirs that A likes, collects and comments on. */
let c: Member
let noteId: number
let categoryId: number
let imageUrl: string

const sel =
  (sql: string, ...params: SqlValue[]) =>
  async () =>
    JSON.stringify(await query(server.deps.db, sql, params))

/** Files stored under DATA_DIR/uploads (the default avatar aside). */
const storedFiles = async () => String(readdirSync(server.deps.config.uploadsDir, { recursive: true }).filter((f) => !String(f).startsWith('defaults')).length)

async function must(m: Member, method: string, path: string, json?: unknown): Promise<{ id?: number }> {
  const { status, body } = await server.call<{ id?: number }>(method, path, { token: m.token, json })
  if (status !== 200) throw new Error(`fixture ${method} ${path}: ${status} ${body.message}`)
  return body.data ?? {}
}

function form(entries: Array<[string, Blob, string]>): FormData {
  const f = new FormData()
  for (const [field, blob, name] of entries) f.append(field, blob, name)
  return f
}

const PERSONAL = { type: 2, realName: '张三', idCard: '110101199001011234', occupation: '学生', reason: '校园博主' }
const sessionsOf = (m: Member) => sel('SELECT id, is_active, generation FROM sessions WHERE user_id = ? ORDER BY id', m.id)
const userField = (m: Member, column: string) => sel(`SELECT ${column} FROM users WHERE id = ?`, m.id)
const verificationOf = (m: Member) => sel('SELECT id, status FROM verifications WHERE user_id = ?', m.id)
const notificationsOf = (m: Member) => sel('SELECT id, is_read FROM notifications WHERE user_id = ? ORDER BY id', m.id)
const notify = (m: Member) => insertNotification(server.deps.db, { userId: m.id, senderId: c.id, type: 6 })
/** A like of C's note. */
const likeNote = () => ({ target_type: 1, target_id: noteId })

/** Bind an address to a member directly (fixtures), and read the code the outbox holds for an address. */
async function setEmail(m: Member, email: string): Promise<void> {
  await inTransaction(server.deps.db, (tx) => tx.getRepository(User).update({ id: m.id }, { email }))
}
async function outboxCode(email: string): Promise<string> {
  // Reset codes leave in the background (the reply does not wait on the mail): wait for the file.
  for (let waited = 0; waited < 5000; waited += 25) {
    const code = readOutbox(server.deps.config.dataDir).find((m) => m.to.includes(email))?.text.match(/\b\d{6}\b/)?.[0]
    if (code) return code
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`no code for ${email} in the outbox`)
}
const freshEmail = () => `${uniqueId('e')}@example.edu`
const emailCodesOf = (email: string) => sel('SELECT id, used, tries FROM email_codes WHERE email = ? ORDER BY id', email)

const MATRIX: Record<string, Entry> = {
  'POST /api/auth/send-email-code': {
    open: true,
    other: 200,
    build: async () => {
      const email = freshEmail()
      return { path: '/api/auth/send-email-code', json: { email }, probe: emailCodesOf(email) }
    },
  },
  'POST /api/auth/send-reset-code': {
    open: true,
    other: 200,
    build: async ({ a }) => {
      const email = freshEmail()
      await setEmail(a, email)
      return { path: '/api/auth/send-reset-code', json: { email }, probe: emailCodesOf(email) }
    },
  },
  'POST /api/auth/verify-reset-code': {
    open: true,
    other: 200,
    storesNothing: true,
    build: async ({ a }) => {
      const email = freshEmail()
      await setEmail(a, email)
      await must(a, 'POST', '/api/auth/send-reset-code', { email })
      return { path: '/api/auth/verify-reset-code', json: { email, emailCode: await outboxCode(email) }, probe: emailCodesOf(email) }
    },
  },
  'POST /api/auth/reset-password': {
    open: true,
    other: 200,
    build: async ({ a }) => {
      const email = freshEmail()
      await setEmail(a, email)
      await must(a, 'POST', '/api/auth/send-reset-code', { email })
      return { path: '/api/auth/reset-password', json: { email, emailCode: await outboxCode(email), newPassword: 'changed456' }, probe: userField(a, 'password_hash') }
    },
  },
  'POST /api/auth/bind-email': {
    other: 200,
    build: async ({ a }) => {
      const email = freshEmail()
      await must(a, 'POST', '/api/auth/send-email-code', { email })
      return { path: '/api/auth/bind-email', json: { email, emailCode: await outboxCode(email) }, probe: userField(a, 'email') }
    },
  },
  'DELETE /api/auth/unbind-email': {
    other: 200,
    build: async ({ a, b }) => {
      await setEmail(a, freshEmail())
      await setEmail(b, freshEmail())
      return { path: '/api/auth/unbind-email', probe: userField(a, 'email') }
    },
  },
  'POST /api/auth/register': {
    open: true,
    other: 200,
    build: async () => {
      const id = uniqueId('r')
      return { path: '/api/auth/register', json: { user_id: id, nickname: '新人', password: 'secret123', ...(await captcha(server)) }, probe: sel('SELECT id FROM users WHERE user_id = ?', id) }
    },
  },
  'POST /api/auth/login': { open: true, other: 200, build: async ({ a }) => ({ path: '/api/auth/login', json: { user_id: a.user_id, password: 'secret123' }, probe: sessionsOf(a) }) },
  'POST /api/auth/refresh': { open: true, other: 200, build: async ({ a }) => ({ path: '/api/auth/refresh', json: { refresh_token: a.refresh }, probe: sessionsOf(a) }) },
  'POST /api/auth/logout': { other: 200, build: async ({ a }) => ({ path: '/api/auth/logout', probe: sessionsOf(a) }) },
  'DELETE /api/auth/sessions': {
    other: 200,
    build: async ({ a }) => (await openMemberSession(server, a.id), { path: '/api/auth/sessions?others=1', probe: sessionsOf(a) }),
  },
  'DELETE /api/auth/sessions/:handle': {
    other: 404,
    build: async ({ a }) => {
      await openMemberSession(server, a.id)
      const [row] = await query<{ handle: string }>(server.deps.db, 'SELECT handle FROM sessions WHERE user_id = ? ORDER BY id DESC', [a.id])
      return { path: `/api/auth/sessions/${row!.handle}`, probe: sessionsOf(a) }
    },
  },
  // Sign-in through an OpenID provider (issue 39): the handoff code of a finished callback, for member A.
  'POST /api/auth/oidc/exchange': {
    open: true,
    other: 200,
    build: async ({ a }) => {
      const code = uniqueId('h')
      await inTransaction(server.deps.db, (m) =>
        m.getRepository(SignInFlow).insert({
          state: uniqueId('s'), provider: 'campus', nonce: 'n', code_verifier: 'v', binding_hash: 'b', return_to: '/', state_used: true,
          handoff_hash: sha256(code), user_id: a.id, expires_at: new Date(Date.now() + 60_000),
        }),
      )
      return { path: '/api/auth/oidc/exchange', json: { code }, probe: sessionsOf(a) }
    },
  },
  // Starting to link is the member's own flow (B starting makes B's): the probe is A's flows.
  'POST /api/auth/identities/:provider': {
    other: 200,
    build: async ({ a }) => ({ path: '/api/auth/identities/campus', json: {}, probe: sel('SELECT id FROM sign_in_flows WHERE link_user_id = ?', a.id) }),
  },
  'DELETE /api/auth/identities/:provider': {
    other: 404,
    build: async ({ a }) => {
      await inTransaction(server.deps.db, (m) => m.getRepository(UserIdentity).insert({ user_id: a.id, provider: 'campus', subject: uniqueId('sub'), email: null, last_login_at: null }))
      return { path: '/api/auth/identities/campus', probe: sel('SELECT id FROM user_identities WHERE user_id = ?', a.id) }
    },
  },
  // An export is the member's own (B asking makes B's): the probe is A's export rows.
  'POST /api/users/data-export': { other: 200, build: async ({ a }) => ({ path: '/api/users/data-export', probe: sel('SELECT id FROM data_exports WHERE user_id = ?', a.id) }) },
  'POST /api/users/verification': { other: 200, build: async ({ a }) => ({ path: '/api/users/verification', json: PERSONAL, probe: verificationOf(a) }) },
  'DELETE /api/users/verification/revoke': {
    other: 404,
    build: async ({ a }) => (await must(a, 'POST', '/api/users/verification', PERSONAL), { path: '/api/users/verification/revoke', probe: verificationOf(a) }),
  },
  'PUT /api/users/:id': { other: 403, build: async ({ a }) => ({ path: `/api/users/${a.user_id}`, json: { nickname: '改过的昵称' }, probe: userField(a, 'nickname') }) },
  'PUT /api/users/:id/password': {
    other: 403,
    build: async ({ a }) => ({ path: `/api/users/${a.user_id}/password`, json: { currentPassword: 'secret123', newPassword: 'changed456' }, probe: userField(a, 'password_hash') }),
  },
  'DELETE /api/users/:id': { other: 403, build: async ({ a }) => ({ path: `/api/users/${a.user_id}`, json: { password: 'secret123' }, probe: userField(a, 'id') }) },
  'POST /api/users/:id/follow': { other: 200, build: async ({ a }) => ({ path: `/api/users/${c.user_id}/follow`, probe: sel('SELECT id FROM follows WHERE follower_id = ?', a.id) }) },
  'DELETE /api/users/:id/follow': {
    other: 200,
    build: async ({ a }) => (await must(a, 'POST', `/api/users/${c.user_id}/follow`), { path: `/api/users/${c.user_id}/follow`, probe: sel('SELECT id FROM follows WHERE follower_id = ?', a.id) }),
  },
  // A ticket is the member's own (nothing another member could change): the probe is that nothing is written.
  'POST /api/notifications/stream-ticket': { other: 200, storesNothing: true, build: async ({ a }) => ({ path: '/api/notifications/stream-ticket', probe: notificationsOf(a) }) },
  'POST /api/users/:id/block': { other: 200, build: async ({ a }) => ({ path: `/api/users/${c.user_id}/block`, probe: sel('SELECT id FROM user_blocks WHERE blocker_id = ?', a.id) }) },
  'DELETE /api/users/:id/block': {
    other: 200,
    build: async ({ a }) => (await must(a, 'POST', `/api/users/${c.user_id}/block`), { path: `/api/users/${c.user_id}/block`, probe: sel('SELECT id FROM user_blocks WHERE blocker_id = ?', a.id) }),
  },
  'PUT /api/notifications/read-all': { other: 200, build: async ({ a }) => (await notify(a), { path: '/api/notifications/read-all', probe: notificationsOf(a) }) },
  'PUT /api/notifications/:id/read': { other: 404, build: async ({ a }) => ({ path: `/api/notifications/${await notify(a)}/read`, probe: notificationsOf(a) }) },
  'DELETE /api/notifications/:id': { other: 404, build: async ({ a }) => ({ path: `/api/notifications/${await notify(a)}`, probe: notificationsOf(a) }) },
  'POST /api/posts': {
    other: 200,
    // A draft: whoever sends it, it carries no image (a member may show only their own uploads).
    build: async ({ a }) => ({ path: '/api/posts', json: { title: '新笔记', content: '内容', is_draft: true, category_id: categoryId }, probe: sel('SELECT id FROM posts WHERE user_id = ?', a.id) }),
  },
  'PUT /api/posts/:id': {
    other: 403,
    build: async ({ a }) => {
      const id = await createNote(server, a.token, { images: [(await ownImage(server, a.token)).url], category_id: categoryId })
      return { path: `/api/posts/${id}`, json: { title: '改过的标题' }, probe: sel('SELECT title FROM posts WHERE id = ?', id) }
    },
  },
  'DELETE /api/posts/:id': {
    other: 403,
    build: async ({ a }) => {
      const id = await createNote(server, a.token, { images: [(await ownImage(server, a.token)).url], category_id: categoryId })
      return { path: `/api/posts/${id}`, probe: sel('SELECT id FROM posts WHERE id = ?', id) }
    },
  },
  'POST /api/posts/:id/collect': { other: 200, build: async ({ a }) => ({ path: `/api/posts/${noteId}/collect`, probe: sel('SELECT id FROM collections WHERE user_id = ?', a.id) }) },
  'DELETE /api/posts/:id/collect': {
    other: 200,
    build: async ({ a }) => (await must(a, 'POST', `/api/posts/${noteId}/collect`), { path: `/api/posts/${noteId}/collect`, probe: sel('SELECT id FROM collections WHERE user_id = ?', a.id) }),
  },
  'POST /api/posts/:id/not-interested': { other: 200, build: async ({ a }) => ({ path: `/api/posts/${noteId}/not-interested`, probe: sel('SELECT post_id FROM not_interested WHERE user_id = ?', a.id) }) },
  'DELETE /api/posts/:id/not-interested': {
    other: 200,
    build: async ({ a }) => (await must(a, 'POST', `/api/posts/${noteId}/not-interested`), { path: `/api/posts/${noteId}/not-interested`, probe: sel('SELECT post_id FROM not_interested WHERE user_id = ?', a.id) }),
  },
  'POST /api/comments': { other: 200, build: async ({ a }) => ({ path: '/api/comments', json: { post_id: noteId, content: '评论' }, probe: sel('SELECT id FROM comments WHERE user_id = ?', a.id) }) },
  'DELETE /api/comments/:id': {
    other: 403,
    build: async ({ a }) => {
      const { id } = await must(a, 'POST', '/api/comments', { post_id: noteId, content: '评论' })
      return { path: `/api/comments/${id}`, probe: sel('SELECT id FROM comments WHERE id = ?', id!) }
    },
  },
  'POST /api/likes': { other: 200, build: async ({ a }) => ({ path: '/api/likes', json: likeNote(), probe: sel('SELECT id FROM likes WHERE user_id = ?', a.id) }) },
  'DELETE /api/likes': {
    other: 200,
    build: async ({ a }) => {
      await must(a, 'POST', '/api/likes', likeNote())
      return { path: '/api/likes', json: likeNote(), probe: sel('SELECT id FROM likes WHERE user_id = ?', a.id) }
    },
  },
  'POST /api/reports': {
    other: 200,
    build: async ({ a }) => ({ path: '/api/reports', json: { target_type: 'post', target_id: noteId, reason: '垃圾广告' }, probe: sel('SELECT id FROM reports WHERE reporter_id = ?', a.id) }),
  },
  'POST /api/upload/single': { other: 200, global: true, admins: true, build: async () => ({ path: '/api/upload/single', form: async () => form([['file', await imageBlob(), 'a.png']]), probe: storedFiles }) },
  'POST /api/upload/image': { other: 200, global: true, admins: true, build: async () => ({ path: '/api/upload/image', form: async () => form([['image', await imageBlob(), 'a.png']]), probe: storedFiles }) },
  'POST /api/upload/multiple': {
    other: 200,
    global: true,
    admins: true,
    build: async () => ({ path: '/api/upload/multiple', form: async () => form([['files', await imageBlob(), 'a.png'], ['files', await imageBlob({ format: 'jpeg' }), 'b.jpg']]), probe: storedFiles }),
  },
  'POST /api/upload/video': { other: 200, global: true, admins: true, build: async () => ({ path: '/api/upload/video', form: async () => form([['file', mp4Blob(), 'clip.mp4']]), probe: storedFiles }) },
}

function expectedStatus(entry: Entry, principal: Principal): number {
  if (principal === 'owner') return 200
  if (principal === 'other') return entry.other
  if (principal === 'admin' && entry.admins) return 200
  return entry.open ? 200 : 401
}

/** A request path that the route pattern (`/api/posts/:id`) matches, so a line cannot test another route. */
const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path.split('?')[0]!)

async function newWorld(): Promise<World> {
  const [a, b] = [await insertMember(server), await insertMember(server)]
  const second = await openMemberSession(server, a.id)
  const out = await server.call('POST', '/api/auth/logout', { token: second.token })
  if (out.status !== 200) throw new Error(`logout failed: ${out.status}`)
  return { a, b, revoked: second.token }
}

beforeAll(async () => {
  // Email in the outbox (issue 20): the email routes are served and their codes read from DATA_DIR/outbox.
  // An OpenID provider (issue 39): linking starts a flow at it.
  provider = await startTestProvider({ redirectUris: ['http://127.0.0.1/api/auth/oidc/campus/callback'] })
  server = await startTestServer({ SMTP_URL: 'outbox', OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret })
  await createAdmin(server)
  admin = await adminToken(server)
  c = await insertMember(server)
  categoryId = await createCategory(server, '校园', 'campus')
  imageUrl = (await uploadImage(server, c.token)).url
  noteId = await createNote(server, c.token, { images: [imageUrl], category_id: categoryId })
})
afterAll(async () => {
  await server?.close()
  await provider?.close()
})

describe('authorization matrix of the member API', () => {
  it('has exactly one line per state-changing member route of the live router', () => {
    const served = mutatingMemberRoutes(server.deps).sort()
    expect(served.length).toBeGreaterThan(20)
    expect(served.filter((r) => !(r in MATRIX)), 'mutating member routes without a matrix line').toEqual([])
    expect(Object.keys(MATRIX).filter((r) => !served.includes(r)), 'matrix lines for routes the router does not serve').toEqual([])
  })

  const cases = Object.keys(MATRIX).flatMap((route) => PRINCIPALS.map((principal) => [route, principal] as const))
  it.each(cases)('%s as %s', async (route, principal) => {
    const entry = MATRIX[route]!
    const [method, pattern] = route.split(' ') as [string, string]
    const w = await newWorld()
    const req = await entry.build(w)
    expect(matches(pattern, req.path), `${req.path} is not ${pattern}`).toBe(true)
    const token = { anonymous: undefined, owner: w.a.token, other: w.b.token, admin, revoked: w.revoked }[principal]
    const expected = expectedStatus(entry, principal)
    // Work an earlier case started in the background (an export being built, then its notification) must not land between the counts.
    await server.deps.background.settled()
    const [before, countsBefore] = [await req.probe(), await tableCounts(server.deps.db, ['rate_limits'])]

    const { status, body } = await server.call(method, req.path, { token, json: req.json, body: req.form ? await req.form() : undefined })

    expect(status, body.message).toBe(expected)
    expect(body).toMatchObject({ code: expected, success: expected === 200 })
    expect(typeof body.message).toBe('string')
    const changed = expected === 200 && !entry.storesNothing && (principal === 'owner' || !!entry.open || !!entry.global)
    if (changed) expect(await req.probe(), 'the request changed nothing').not.toBe(before)
    else expect(await req.probe(), `${principal} changed A's resource`).toBe(before)
    if (expected !== 200) expect(await tableCounts(server.deps.db, ['rate_limits'])).toEqual(countsBefore)
  })
})

describe('tokens of one kind are refused where the other kind is expected', () => {
  it('an admin refresh token neither refreshes nor ends a member session, and a member refresh token is no admin one', async () => {
    const { a } = await newWorld()
    const adminLogin = await server.call<{ tokens: { refresh_token: string } }>('POST', '/api/auth/admin/login', { json: { username: 'root', password: ADMIN_PASSWORD } })
    const adminRefresh = adminLogin.body.data.tokens.refresh_token
    expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: adminRefresh } })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/logout', { json: { refresh_token: adminRefresh } })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/admin/refresh', { json: { refresh_token: a.refresh } })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/admin/refresh', { json: { refresh_token: adminRefresh } })).status).toBe(200)
  })
})

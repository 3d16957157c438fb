/**
 * The back-office side of email (issue 20), on the run's engine, with SMTP_URL=outbox: the users table shows
 * the masked address and filters by a whole one; an administrator sends a member a reset code (audited) without
 * ever seeing it; the outbox is listed read-only. And administrators' sessions (/admin/admin-sessions, v1.3.2).
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_MESSAGES } from '../../../server/contract/email'
import type { OutboxEntry } from '../../../server/contract/admin/outbox'
import { User } from '../../../server/db/entities'
import { inTransaction } from '../../../server/db/transaction'
import { startTestServer, type TestServer } from '../../support/server'
import { ADMIN_PASSWORD, adminToken, createAdmin, createMember } from './support'

interface AdminList<T> {
  data: T[]
  pagination: { total: number }
}
type Row = Record<string, unknown>

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer({ SMTP_URL: 'outbox' })
  await createAdmin(server)
  admin = await adminToken(server)
}, 60_000)
afterAll(() => server?.close())

const setEmail = (id: number, email: string | null) => inTransaction(server.deps.db, (m) => m.getRepository(User).update({ id }, { email }))
const outbox = async () => (await server.call<AdminList<OutboxEntry>>('GET', '/api/admin/outbox?limit=100', { token: admin })).body.data.data

async function waitForMail(to: string): Promise<OutboxEntry> {
  for (let waited = 0; waited < 5000; waited += 25) {
    const found = (await outbox()).find((m) => m.to === to)
    if (found) return found
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`no mail to ${to} in the outbox`)
}

describe('users: the email column and filter', () => {
  it('shows the masked address, never the address; the filter finds one whole address in any case', async () => {
    const { user } = await createMember(server)
    const { user: other } = await createMember(server)
    await setEmail(user.id, 'dora.chen@example.edu')
    const { body } = await server.call<AdminList<Row>>('GET', `/api/admin/users/${user.id}`, { token: admin })
    const row = body.data as unknown as Row
    expect(row.email).toBe('d***@example.edu')
    expect(JSON.stringify(body)).not.toContain('dora.chen')
    const byEmail = await server.call<AdminList<Row>>('GET', '/api/admin/users?email=Dora.Chen@Example.EDU', { token: admin })
    expect(byEmail.body.data.data.map((r) => r.id)).toEqual([user.id])
    expect((await server.call<AdminList<Row>>('GET', '/api/admin/users?email=dora', { token: admin })).body.data.data).toEqual([])
    const list = await server.call<AdminList<Row>>('GET', '/api/admin/users?limit=100', { token: admin })
    expect(list.body.data.data.find((r) => r.id === other.id)?.email).toBeNull()
  })
})

describe('send-reset-code on a member\'s behalf', () => {
  it('mails the code to the member only; the reply and the audit log never hold it; the member can reset with it', async () => {
    const { user } = await createMember(server)
    await setEmail(user.id, `reset${user.id}@example.edu`)
    const reply = await server.call('POST', `/api/admin/users/${user.id}/send-reset-code`, { token: admin, json: {} })
    expect(reply.body).toMatchObject({ code: 200, success: true, message: EMAIL_MESSAGES.adminResetSent })
    const mail = await waitForMail(`reset${user.id}@example.edu`)
    const code = mail.text.match(/\b\d{6}\b/)![0]
    expect(mail.subject).toContain('找回密码')
    expect(JSON.stringify(reply.body)).not.toContain(code)
    const logs = await server.call<AdminList<Row>>('GET', '/api/admin/audit-logs?action=send_reset_code&limit=100', { token: admin })
    const entry = logs.body.data.data.find((l) => l.resource_ids === String(user.id))
    expect(entry).toMatchObject({ admin_username: 'root', resource: 'users' })
    expect(String(entry!.detail)).not.toContain(code)
    expect(String(entry!.detail)).not.toContain(`reset${user.id}@`)

    const reset = await server.call('POST', '/api/auth/reset-password', { json: { email: `reset${user.id}@example.edu`, emailCode: code, newPassword: 'fresh-pass1' } })
    expect(reset.status).toBe(200)
    expect((await server.call('POST', '/api/auth/login', { json: { user_id: user.user_id, password: 'fresh-pass1' } })).status).toBe(200)
  })

  it('400 for a member without an address; 404 for no member; a member token is refused (401)', async () => {
    const { user, token } = await createMember(server)
    expect((await server.call('POST', `/api/admin/users/${user.id}/send-reset-code`, { token: admin, json: {} })).body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.noEmailOfMember })
    expect((await server.call('POST', '/api/admin/users/999999/send-reset-code', { token: admin, json: {} })).status).toBe(404)
    expect((await server.call('POST', `/api/admin/users/${user.id}/send-reset-code`, { token, json: {} })).status).toBe(401)
  })
})

describe('the outbox', () => {
  it('lists the written messages newest first, decoded, and they are files in DATA_DIR/outbox', async () => {
    const email = `outbox${Date.now()}@example.edu`
    expect((await server.call('POST', '/api/auth/send-email-code', { json: { email } })).status).toBe(200)
    const [newest] = await outbox()
    expect(newest).toMatchObject({ to: email })
    expect(newest!.subject).toMatch(/^石榴邮箱验证码：\d{6}$/)
    expect(newest!.text).toContain('10分钟内有效')
    expect(readdirSync(path.join(server.dataDir, 'outbox'))).toContain(newest!.name)
    const { token } = await createMember(server)
    expect((await server.call('GET', '/api/admin/outbox', { token })).status).toBe(401)
    expect((await server.call('GET', '/api/admin/outbox')).status).toBe(401)
    expect((await server.call('GET', '/api/admin/outbox?page=0', { token: admin })).status).toBe(400)
  })

  it('is a 404 when the server sends real mail (nothing sent is kept)', async () => {
    const other = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' })
    try {
      await createAdmin(other)
      const token = await adminToken(other)
      expect((await other.call('GET', '/api/admin/outbox', { token })).status).toBe(404)
      // The unreachable mail server: the member hears that sending failed, in the envelope.
      expect((await other.call('POST', '/api/auth/send-email-code', { json: { email: 'x@example.edu' } })).body).toMatchObject({ code: 503, message: EMAIL_MESSAGES.sendFailed })
    } finally {
      await other.close()
    }
  }, 60_000)
})

describe('administrators\' sessions (/admin/admin-sessions)', () => {
  it('lists them with the username; ending one (is_active false or delete) refuses its token at once', async () => {
    await createAdmin(server, 'second')
    const second = await adminToken(server, 'second', ADMIN_PASSWORD)
    const list = await server.call<AdminList<Row>>('GET', '/api/admin/admin-sessions?username=second&is_active=1', { token: admin })
    expect(list.status).toBe(200)
    const rows = list.body.data.data
    expect(rows.length).toBe(1)
    expect(rows[0]).toMatchObject({ username: 'second', is_active: true })
    expect(Object.keys(rows[0]!)).not.toContain('handle')
    expect((await server.call('GET', '/api/auth/admin/me', { token: second })).status).toBe(200)
    expect((await server.call('PUT', `/api/admin/admin-sessions/${rows[0]!.id}`, { token: admin, json: { is_active: false } })).status).toBe(200)
    expect((await server.call('GET', '/api/auth/admin/me', { token: second })).status).toBe(401)

    const third = await adminToken(server, 'second', ADMIN_PASSWORD)
    const again = await server.call<AdminList<Row>>('GET', '/api/admin/admin-sessions?username=second&is_active=1', { token: admin })
    expect((await server.call('DELETE', `/api/admin/admin-sessions/${again.body.data.data[0]!.id}`, { token: admin })).status).toBe(200)
    expect((await server.call('GET', '/api/auth/admin/me', { token: third })).status).toBe(401)
    const { token: member } = await createMember(server)
    expect((await server.call('GET', '/api/admin/admin-sessions', { token: member })).status).toBe(401)
  })
})

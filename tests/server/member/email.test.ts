/**
 * Email binding and password reset (issue 20), on the run's engine: a real SMTP server on 127.0.0.1 receives
 * every message and the tests read the codes from them. Codes: 6 digits, single use, 10 minutes, 5 wrong
 * tries; sends limited per address and purpose (1 a minute, 10 a day); send-reset-code answers alike for
 * every address; a reset ends every session and notifies the address; one account per address, any case.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/config'
import { EMAIL_MESSAGES } from '../../../server/contract/email'
import { EmailCode } from '../../../server/db/entities'
import { inTransaction } from '../../../server/db/transaction'
import { startMailbox, type Mailbox } from '../../support/mailbox'
import { captcha, insertMember, loginMember, registerMember, uniqueId, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'

let mailbox: Mailbox
let server: TestServer
beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startTestServer({ SMTP_URL: mailbox.url, MAIL_FROM: '石榴 <no-reply@shiliu.test>' })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await mailbox?.close()
})

let n = 0
const address = (prefix = 'm') => `${prefix}${Date.now().toString(36)}${n++}@example.edu`
const post = (path: string, json: unknown, token?: string, s = server) => s.call('POST', `/api/auth/${path}`, { json, token })

/** Ask for a code to `email` and read it from the mail that arrives. */
async function codeFor(email: string, path = 'send-email-code', s = server): Promise<string> {
  const sent = await post(path, { email }, undefined, s)
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const mail = await mailbox.next(email)
  expect(mail.code).toMatch(/^\d{6}$/)
  return mail.code!
}

async function bound(member: Member, s = server): Promise<string | null> {
  const { body } = await s.call<{ email: string | null }>('GET', '/api/auth/me', { token: member.token })
  return body.data.email
}

async function memberWithEmail(s = server): Promise<{ member: Member; email: string }> {
  const member = await insertMember(s)
  const email = address('r')
  const code = await codeFor(email, 'send-email-code', s)
  expect((await post('bind-email', { email, emailCode: code }, member.token, s)).status).toBe(200)
  return { member, email }
}

/** Make the address's live codes expired, as ten minutes would. */
async function expireCodes(email: string): Promise<void> {
  await inTransaction(server.deps.db, (m) => m.getRepository(EmailCode).update({ email }, { expires_at: new Date(Date.now() - 1000) }), { changesCards: false })
}

describe('email config and the message', () => {
  it('email-config says email is on; the code mail is plain Chinese text with the code and its 10 minutes', async () => {
    const { status, body } = await server.call('GET', '/api/auth/email-config')
    expect(status).toBe(200)
    expect(body.data).toEqual({ emailEnabled: true, emailRequired: false, classCodeRequired: false })
    const email = address()
    expect((await post('send-email-code', { email })).body.message).toBe(EMAIL_MESSAGES.codeSent)
    const mail = await mailbox.next(email)
    expect(mail.subject).toContain('验证码')
    expect(mail.text).toContain('10分钟')
    expect(mail.text).toContain(mail.code!)
    expect(mail.text).not.toMatch(/<html|https?:\/\//i)
  })

  it('bad input: 400 with the message; binding needs a member (401)', async () => {
    expect((await post('send-email-code', {})).body).toMatchObject({ code: 400, success: false, message: EMAIL_MESSAGES.emailRequired })
    expect((await post('send-email-code', { email: 'not-an-address' })).body.message).toBe(EMAIL_MESSAGES.emailInvalid)
    expect((await post('send-email-code', { email: `${'a'.repeat(250)}@example.edu` })).body.message).toBe(EMAIL_MESSAGES.emailInvalid)
    expect((await post('send-reset-code', { email: 42 })).status).toBe(400)
    expect((await post('verify-reset-code', { email: address(), emailCode: '12ab56' })).body.message).toBe(EMAIL_MESSAGES.codeInvalid)
    expect((await post('reset-password', { email: address(), emailCode: '123456' })).body.message).toBe(EMAIL_MESSAGES.newPasswordRequired)
    expect((await post('reset-password', { email: address(), emailCode: '123456', newPassword: '123' })).body.message).toBe(EMAIL_MESSAGES.newPasswordTooShort)
    expect((await post('bind-email', { email: address(), emailCode: '123456' })).status).toBe(401)
    expect((await server.call('DELETE', '/api/auth/unbind-email')).status).toBe(401)
  })
})

describe('binding', () => {
  it('binds a normalised address with its code; the code is single use; me shows it', async () => {
    const member = await registerMember(server)
    const email = address('Ann')
    const code = await codeFor(email.toUpperCase())
    const reply = await post('bind-email', { email: `  ${email.toUpperCase()} `, emailCode: code }, member.token)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body).toMatchObject({ success: true, message: EMAIL_MESSAGES.bound, data: { email: email.toLowerCase() } })
    expect(await bound(member)).toBe(email.toLowerCase())
    const other = await registerMember(server)
    const again = await post('bind-email', { email, emailCode: code }, other.token)
    expect(again.body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.codeExpired })
  })

  it('a wrong code is refused and counted; the fifth wrong try kills the code, even for the right one', async () => {
    const member = await registerMember(server)
    const email = address()
    const code = await codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) expect((await post('bind-email', { email, emailCode: wrong }, member.token)).body.message).toBe(EMAIL_MESSAGES.codeWrong)
    expect((await post('bind-email', { email, emailCode: wrong }, member.token)).body.message).toBe(EMAIL_MESSAGES.codeTooManyTries)
    expect((await post('bind-email', { email, emailCode: code }, member.token)).body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.codeTooManyTries })
    expect(await bound(member)).toBeNull()
  })

  it('an expired code is refused; codes are stored as keyed hashes only', async () => {
    const member = await registerMember(server)
    const email = address()
    const code = await codeFor(email)
    await expireCodes(email)
    expect((await post('bind-email', { email, emailCode: code }, member.token)).body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.codeExpired })
    // The code is stored hashed, never as sent.
    const rows = await dbQuery<{ code_hash: string }>(server.deps.db, 'SELECT code_hash FROM email_codes WHERE email = ?', [email])
    expect(rows.length).toBe(1)
    expect(rows[0]!.code_hash).not.toContain(code)
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('unbind removes the address and tells it; unbinding nothing is a 400', async () => {
    const { member, email } = await memberWithEmail()
    const reply = await server.call('DELETE', '/api/auth/unbind-email', { token: member.token })
    expect(reply.body).toMatchObject({ code: 200, message: EMAIL_MESSAGES.unbound })
    expect(await bound(member)).toBeNull()
    expect((await mailbox.next(email)).subject).toContain('解绑')
    expect((await server.call('DELETE', '/api/auth/unbind-email', { token: member.token })).body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.noEmailBound })
  })
})

describe('send limits', () => {
  it('one code a minute per address and purpose: 429 with Retry-After and the usual message; another purpose is separate', async () => {
    const email = address()
    await codeFor(email)
    const again = await post('send-email-code', { email: email.toUpperCase() })
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ code: 429, success: false, message: '请求过于频繁，请稍后再试' })
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50)
    expect((await post('send-reset-code', { email })).status).toBe(200)
    expect((await post('send-reset-code', { email })).status).toBe(429)
  })
})

describe('password reset', () => {
  it('send-reset-code answers alike for a bound and an unknown address; only the bound one gets mail', async () => {
    const { email } = await memberWithEmail()
    const unknown = address('nobody')
    const known = await post('send-reset-code', { email })
    const other = await post('send-reset-code', { email: unknown })
    expect(known.status).toBe(200)
    expect(other.status).toBe(known.status)
    expect(other.body).toEqual(known.body)
    expect(known.body.message).toBe(EMAIL_MESSAGES.resetCodeSent)
    const mail = await mailbox.next(email)
    expect(mail.subject).toContain('找回密码')
    // Limits apply to unknown addresses too, so a 429 says nothing either.
    expect((await post('send-reset-code', { email: unknown })).status).toBe(429)
    await new Promise((r) => setTimeout(r, 300))
    expect(mailbox.pending(unknown)).toEqual([])
    expect((await post('verify-reset-code', { email: unknown, emailCode: '123456' })).body.message).toMatch(/邮箱验证码/)
  })

  it('verify checks without using the code; reset sets the password, ends every session, notifies, and the code is spent', async () => {
    const { member, email } = await memberWithEmail()
    const second = await loginMember(server, member.user_id)
    const code = await codeFor(email, 'send-reset-code')
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await post('verify-reset-code', { email, emailCode: wrong })).body.message).toBe(EMAIL_MESSAGES.codeWrong)
    expect((await post('verify-reset-code', { email, emailCode: code })).body).toMatchObject({ code: 200, data: { valid: true } })
    expect((await post('verify-reset-code', { email, emailCode: code })).status).toBe(200)
    const reset = await post('reset-password', { email: email.toUpperCase(), emailCode: code, newPassword: 'brandnew456' })
    expect(reset.body).toMatchObject({ code: 200, success: true, message: EMAIL_MESSAGES.passwordReset })

    for (const token of [member.token, second.token]) expect((await server.call('GET', '/api/auth/me', { token })).status).toBe(401)
    expect((await post('refresh', { refresh_token: second.refresh })).status).toBe(401)
    expect((await post('login', { user_id: member.user_id, password: 'secret123' })).status).toBe(400)
    expect((await post('login', { user_id: member.user_id, password: 'brandnew456' })).status).toBe(200)
    expect((await mailbox.next(email)).subject).toContain('密码已重置')

    expect((await post('reset-password', { email, emailCode: code, newPassword: 'another789' })).body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.codeExpired })
  })

  it('a reset code is no binding code and the other way round', async () => {
    const { member, email } = await memberWithEmail()
    const resetCode = await codeFor(email, 'send-reset-code')
    const fresh = address()
    expect((await post('bind-email', { email, emailCode: resetCode }, member.token)).body.message).toBe(EMAIL_MESSAGES.emailSame)
    const bindCode = await codeFor(fresh)
    expect((await post('reset-password', { email: fresh, emailCode: bindCode, newPassword: 'brandnew456' })).body.message).toBe(EMAIL_MESSAGES.codeExpired)
  })
})

describe('with EMAIL_REQUIRED_FOR_REGISTRATION and a one-second interval', () => {
  let strict: TestServer
  beforeAll(async () => {
    strict = await startTestServer({ SMTP_URL: mailbox.url, EMAIL_REQUIRED_FOR_REGISTRATION: '1', EMAIL_CODE_INTERVAL_SECONDS: '1' })
  }, 60_000)
  afterAll(() => strict?.close())

  /** The sending interval passes for an address (the interval has a test of its own): its window ends now, the day's runs on. */
  const minutePasses = async (email: string) =>
    expect(await dbRun(strict.deps.db, 'UPDATE rate_limits SET expire = ? WHERE rl_key = ?', [Date.now() - 1, `rl_email_minute:email:${email.toLowerCase()}`])).toBe(1)
  const register = async (extra: Record<string, unknown>) =>
    strict.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: '新人', password: 'secret123', ...(await captcha(strict)), ...extra } })

  it('registration asks for the email and its code, and binds it', async () => {
    expect((await strict.call('GET', '/api/auth/email-config')).body.data).toEqual({ emailEnabled: true, emailRequired: true, classCodeRequired: false })
    expect((await register({})).body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.registrationNeedsEmail })
    const email = address('reg')
    expect((await register({ email })).body.message).toBe(EMAIL_MESSAGES.codeRequired)
    expect((await strict.call('POST', '/api/auth/send-email-code', { json: { email } })).status).toBe(200)
    const code = (await mailbox.next(email)).code!
    const done = await register({ email, emailCode: code })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((done.body.data as { user: { email: string } }).user.email).toBe(email)
    expect((await register({ email, emailCode: code })).body.message).toBe(EMAIL_MESSAGES.codeExpired)
  })

  it('one account per address whatever its case; changing needs the new address code and tells the old one', async () => {
    const { member, email } = await memberWithEmail(strict)
    const other = await insertMember(strict)
    const upper = email.toUpperCase()
    await minutePasses(email)
    const code = await codeFor(upper, 'send-email-code', strict)
    expect((await post('bind-email', { email: upper, emailCode: code }, other.token, strict)).body).toMatchObject({ code: 400, message: EMAIL_MESSAGES.emailTaken })
    expect(await bound(other, strict)).toBeNull()
    expect((await post('bind-email', { email, emailCode: '123456' }, member.token, strict)).body.message).toBe(EMAIL_MESSAGES.emailSame)

    const next = address('new')
    expect((await post('bind-email', { email: next, emailCode: '123456' }, member.token, strict)).body.message).toBe(EMAIL_MESSAGES.codeExpired)
    const nextCode = await codeFor(next, 'send-email-code', strict)
    expect((await post('bind-email', { email: next, emailCode: nextCode }, member.token, strict)).status).toBe(200)
    expect(await bound(member, strict)).toBe(next)
    expect((await mailbox.next(email)).subject).toContain('更换')
    // The old address is free again: the other member can take it now.
    await minutePasses(email)
    const freed = await codeFor(email, 'send-email-code', strict)
    expect((await post('bind-email', { email, emailCode: freed }, other.token, strict)).status).toBe(200)
    expect(await bound(other, strict)).toBe(email)
  })

  it('ten codes a day per address and purpose, then 429', async () => {
    const email = address('day')
    for (let i = 0; i < 10; i++) {
      const sent = await strict.call('POST', '/api/auth/send-email-code', { json: { email } })
      expect(sent.status, `send ${i + 1}: ${JSON.stringify(sent.body)}`).toBe(200)
      await mailbox.next(email)
      await minutePasses(email)
    }
    const refused = await strict.call('POST', '/api/auth/send-email-code', { json: { email } })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600)
  }, 60_000)
})

describe('with email off', () => {
  let off: TestServer
  beforeAll(async () => {
    off = await startTestServer()
  }, 60_000)
  afterAll(() => off?.close())

  it('email-config says so and the calls are refused (403), registration needs no email', async () => {
    expect((await off.call('GET', '/api/auth/email-config')).body.data).toEqual({ emailEnabled: false, emailRequired: false, classCodeRequired: false })
    expect((await off.call('POST', '/api/auth/send-email-code', { json: { email: address() } })).body).toMatchObject({ code: 403, message: EMAIL_MESSAGES.emailDisabled })
    expect((await off.call('POST', '/api/auth/send-reset-code', { json: { email: address() } })).status).toBe(403)
    const member = await registerMember(off)
    expect((await off.call('POST', '/api/auth/bind-email', { token: member.token, json: { email: address(), emailCode: '123456' } })).status).toBe(403)
  })
})

describe('configuration', () => {
  it('refuses EMAIL_REQUIRED_FOR_REGISTRATION without SMTP_URL, and an SMTP_URL that is no SMTP URL', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-mailcfg-'))
    try {
      const env = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }
      expect(() => loadConfig({ ...env, EMAIL_REQUIRED_FOR_REGISTRATION: '1' })).toThrow(ConfigError)
      expect(() => loadConfig({ ...env, SMTP_URL: 'http://mail.example.edu' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//)
      expect(loadConfig(env).mail).toBeNull()
      expect(loadConfig({ ...env, SMTP_URL: 'smtps://u:p@mail.example.edu:465', MAIL_FROM: '石榴 <s@example.edu>' }).mail).toEqual({
        smtpUrl: 'smtps://u:p@mail.example.edu:465',
        from: '石榴 <s@example.edu>',
        requiredForRegistration: false,
        intervalSeconds: 60,
        perDay: 10,
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

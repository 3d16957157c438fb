import { hashPassword } from '../../server/auth/passwords'
import { openSession } from '../../server/auth/sessions'
import { User } from '../../server/db/entities'
import { inTransaction } from '../../server/db/transaction'
import type { TestServer } from './server'

export interface Member {
  id: number
  user_id: string
  nickname: string
  token: string
  refresh: string
}

interface SessionReply {
  tokens: { access_token: string; refresh_token: string; expires_in: number }
  user: { id: number; user_id: string; nickname: string }
}

/** A fresh captcha and its answer (the test server exposes the text: SHILIU_TEST_CAPTCHA=1). */
export async function captcha(server: TestServer): Promise<{ captchaId: string; captchaText: string }> {
  const { body } = await server.call<{ captchaId: string; text: string }>('GET', '/api/auth/captcha')
  if (!body.data?.text) throw new Error(`captcha failed: ${JSON.stringify(body)}`)
  return { captchaId: body.data.captchaId, captchaText: body.data.text }
}

let counter = 0
/** A display id unique within the test run. */
export const uniqueId = (prefix = 'u') => `${prefix}${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}`.slice(0, 15)

/** Register a member through the API and return its tokens. */
export async function registerMember(server: TestServer, userId = uniqueId(), extra: Record<string, unknown> = {}): Promise<Member> {
  const { status, body } = await server.call<SessionReply>('POST', '/api/auth/register', {
    json: { user_id: userId, nickname: `昵称${userId.slice(-4)}`, password: 'secret123', ...(await captcha(server)), ...extra },
  })
  if (status !== 200) throw new Error(`register ${userId} failed: ${status} ${JSON.stringify(body)}`)
  const { tokens, user } = body.data
  return { id: user.id, user_id: user.user_id, nickname: user.nickname, token: tokens.access_token, refresh: tokens.refresh_token }
}

/** Log an existing member in again (a second session). */
export async function loginMember(server: TestServer, userId: string, password = 'secret123'): Promise<Member> {
  const { status, body } = await server.call<SessionReply>('POST', '/api/auth/login', { json: { user_id: userId, password } })
  if (status !== 200) throw new Error(`login ${userId} failed: ${status} ${JSON.stringify(body)}`)
  const { tokens, user } = body.data
  return { id: user.id, user_id: user.user_id, nickname: user.nickname, token: tokens.access_token, refresh: tokens.refresh_token }
}

/** Another session of an existing member, opened directly (no login call, no password check). */
export async function openMemberSession(server: TestServer, id: number): Promise<{ token: string; refresh: string }> {
  const { tokens } = await openSession(server.deps.db, server.deps.config.jwtSecret, 'user', id, { userAgent: 'vitest', ip: '127.0.0.1' })
  return { token: tokens.access_token, refresh: tokens.refresh_token }
}

let passwordHash: Promise<string> | undefined

/**
 * A member written straight into the database (password 'secret123', hashed once per test file) with a
 * session: for suites that need many fresh members and must not spend a captcha and an argon2 hash on each.
 */
export async function insertMember(server: TestServer, userId = uniqueId('m')): Promise<Member> {
  const nickname = `成员${userId.slice(-4)}`
  const hash = await (passwordHash ??= hashPassword('secret123'))
  const user = await inTransaction(server.deps.db, (m) => m.getRepository(User).save(m.getRepository(User).create({ user_id: userId, nickname, password_hash: hash, location: '未知', avatar: '' })))
  return { id: user.id, user_id: userId, nickname, ...(await openMemberSession(server, user.id)) }
}

/**
 * Password hashing (issue 11 §7): argon2id at OWASP's floor (m = 19 MiB, t = 2, p = 1) with the parameters in
 * each hash; a successful login rehashes a weaker hash, never a stronger one; a wrong password rehashes nothing.
 */
import argon2 from 'argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HashingBusy, MAX_WAITING_HASHES, hashPassword, needsRehash, verifyPassword } from '../../../server/auth/passwords'
import { toHttpError } from '../../../server/http/errors'
import { registerMember } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'

const paramsOf = (hash: string) => Object.fromEntries(hash.split('$')[3]!.split(',').map((kv) => kv.split('=')))

describe('password hashing', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  const hashOf = async (id: number) => (await dbQuery<{ password_hash: string }>(server.deps.db, 'SELECT password_hash FROM users WHERE id = ?', [id]))[0]!.password_hash
  const login = (user_id: string, password: string) => server.call('POST', '/api/auth/login', { json: { user_id, password } })

  it('stores argon2id with m=19456, t=2, p=1 in the hash itself', async () => {
    const m = await registerMember(server)
    const hash = await hashOf(m.id)
    expect(hash.startsWith('$argon2id$v=19$')).toBe(true)
    expect(paramsOf(hash)).toEqual({ m: '19456', t: '2', p: '1' })
  })

  it('a successful login rehashes a weaker hash; a wrong password leaves it', async () => {
    const m = await registerMember(server)
    const weak = await argon2.hash('secret123', { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 })
    await dbRun(server.deps.db, 'UPDATE users SET password_hash = ? WHERE id = ?', [weak, m.id])
    expect((await login(m.user_id, 'wrong-one')).status).toBe(400)
    expect(await hashOf(m.id)).toBe(weak)
    expect((await login(m.user_id, 'secret123')).status).toBe(200)
    const upgraded = await hashOf(m.id)
    expect(upgraded).not.toBe(weak)
    expect(paramsOf(upgraded)).toEqual({ m: '19456', t: '2', p: '1' })
    expect((await login(m.user_id, 'secret123')).status).toBe(200)
  })

  it('a stronger hash (the old library defaults, 64 MiB, t=3) is kept as it is', async () => {
    const m = await registerMember(server)
    const strong = await argon2.hash('secret123', { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 })
    await dbRun(server.deps.db, 'UPDATE users SET password_hash = ? WHERE id = ?', [strong, m.id])
    expect((await login(m.user_id, 'secret123')).status).toBe(200)
    expect(await hashOf(m.id)).toBe(strong)
  })

  it('needsRehash reads the parameters in any order and refuses other algorithms', () => {
    expect(needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(false)
    expect(needsRehash('$argon2id$v=19$m=65536,p=4,t=3$c2FsdA$aGFzaA')).toBe(false)
    expect(needsRehash('$argon2id$v=19$t=2,m=8192,p=1$c2FsdA$aGFzaA')).toBe(true)
    expect(needsRehash('$argon2i$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA')).toBe(true)
    expect(needsRehash('5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8')).toBe(true)
  })

  it('a full hashing queue turns logins away at once with 503 and Retry-After, instead of queueing them', async () => {
    const hash = await hashPassword('secret123')
    // Calls made in one go all count as waiting: the first MAX_WAITING_HASHES queue, the rest are refused.
    const burst = Array.from({ length: MAX_WAITING_HASHES + 20 }, () => verifyPassword(hash, 'secret123'))
    const settled = await Promise.allSettled(burst)
    const refused = settled.filter((r) => r.status === 'rejected')
    expect(refused).toHaveLength(20)
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof HashingBusy)).toBe(true)
    expect(settled.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(MAX_WAITING_HASHES)
    const reply = toHttpError(new HashingBusy())
    expect(reply.status).toBe(503)
    expect(reply.message).toBe('服务器繁忙，请稍后重试')
    expect(reply.headers).toMatchObject({ 'Retry-After': '1' })
  }, 60_000)
})

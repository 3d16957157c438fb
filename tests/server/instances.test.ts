/**
 * Several instances on one database (run on every engine): instances started at the same moment on an empty
 * database take turns migrating and all serve; an instance whose JWT_SECRET differs from the one the database
 * knows refuses to start with a clear message (the database keeps a fingerprint, never the secret).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { secretFingerprint } from '../../server/auth/secret-fingerprint'
import { ConfigError, loadConfig } from '../../server/config'
import { startServer, type RunningServer } from '../../server/main'
import { ENGINE_NAMES, testDatabase, testEngine, type TestDatabase } from '../support/engines'
import { uniqueId } from '../support/members'
import { dbQuery } from '../support/sql'

const SECRET = 'a-shared-secret-of-at-least-32-characters'
const OTHER_SECRET = 'another-secret-that-is-32-characters-long'
const dirs: string[] = []
const databases: TestDatabase[] = []
afterAll(async () => {
  for (const db of databases) await db.drop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function emptyDatabase(label: string): Promise<{ dir: string; env: Record<string, string> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-instances-'))
  dirs.push(dir)
  const db = await testDatabase(label, dir)
  databases.push(db)
  return { dir, env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', SHILIU_TEST_CAPTCHA: '1', ...db.env } }
}

const start = (env: Record<string, string>) => startServer(loadConfig(env))

async function json(url: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers }, body: init.json === undefined ? init.body : JSON.stringify(init.json) })
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } }
}

/** Register on one instance, sign in on the other, read the profile back with the first one's token on the second. */
async function worksAcross(a: RunningServer, b: RunningServer): Promise<void> {
  const userId = uniqueId('i')
  const captcha = (await json(`${a.url}/api/auth/captcha`)).body.data
  const registered = await json(`${b.url}/api/auth/register`, { method: 'POST', json: { user_id: userId, nickname: '实例', password: 'secret123', captchaId: captcha.captchaId, captchaText: captcha.text } })
  expect(registered.status).toBe(200)
  const token = (registered.body.data.tokens as { access_token: string }).access_token
  const me = await json(`${a.url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })
  expect(me.status).toBe(200)
  expect(me.body.data).toMatchObject({ user_id: userId })
}

describe(`instances sharing one ${ENGINE_NAMES[testEngine()]} database`, () => {
  it('two instances started at the same moment on an empty database both migrate-or-wait and serve', async () => {
    for (let round = 0; round < 3; round++) {
      const { env } = await emptyDatabase('two_instances')
      const started = await Promise.allSettled([start({ ...env, JWT_SECRET: SECRET }), start({ ...env, JWT_SECRET: SECRET })])
      const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started'])
        for (const server of running) expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
        await worksAcross(running[0]!, running[1]!)
        await worksAcross(running[1]!, running[0]!)
      } finally {
        for (const server of running) await server.stop()
      }
    }
  }, 120_000)

  it('an instance with another JWT_SECRET refuses to start and says why; the database holds a fingerprint only', async () => {
    const { env } = await emptyDatabase('jwt_secret')
    const first = await start({ ...env, JWT_SECRET: SECRET })
    try {
      // (other settings rows, such as the search index's tokenizer version, sit beside the fingerprint)
      const rows = await dbQuery<{ name: string; value: string }>(first.deps.db, 'SELECT name, value FROM settings')
      expect(rows).toContainEqual({ name: 'jwt_secret_fingerprint', value: secretFingerprint(SECRET) })
      for (const row of rows) expect(row.value).not.toContain(SECRET)
      expect(secretFingerprint(OTHER_SECRET)).not.toBe(secretFingerprint(SECRET))

      const refused = await start({ ...env, JWT_SECRET: OTHER_SECRET }).then(
        async (server) => {
          await server.stop()
          return null
        },
        (err: unknown) => err,
      )
      expect(refused).toBeInstanceOf(ConfigError)
      expect((refused as Error).message).toMatch(/JWT_SECRET differs from the secret this database was set up with/)
      expect((refused as Error).message).toMatch(/same JWT_SECRET/)

      // The same secret is welcome.
      const second = await start({ ...env, JWT_SECRET: SECRET })
      try {
        await worksAcross(first, second)
      } finally {
        await second.stop()
      }
    } finally {
      await first.stop()
    }

    // A deliberate change is accepted once with JWT_SECRET_CHANGED=1; then the old secret is the stranger.
    const changed = await start({ ...env, JWT_SECRET: OTHER_SECRET, JWT_SECRET_CHANGED: '1' })
    await changed.stop()
    await expect(start({ ...env, JWT_SECRET: SECRET })).rejects.toThrow(/JWT_SECRET differs/)
    const again = await start({ ...env, JWT_SECRET: OTHER_SECRET })
    await again.stop()
  }, 120_000)
})

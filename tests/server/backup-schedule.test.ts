import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import type { BackupHealth } from '../../server/contract/backup'
import { runCli } from '../support/cli'
import { testDatabase, testEngine, type TestDatabase } from '../support/engines'
import { startTestServer, type TestServer } from '../support/server'

/*
 * Issue 21 point 4, scheduled backups: BACKUP_DIR + BACKUP_EVERY_HOURS + BACKUP_KEEP inside the server; one
 * backup per period, taken by ONE of the instances sharing the database (the period is claimed in the
 * settings table); the newest BACKUP_KEEP kept; the last one's time, result and size in /api/health.
 */

const scratch = mkdtempSync(path.join(os.tmpdir(), 'shiliu-backup-schedule-'))
const backups = (dir: string) => readdirSync(dir).filter((n) => /^shiliu-\d{8}T\d{9}Z$/.test(n)).sort()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function health(server: TestServer): Promise<BackupHealth> {
  const { body } = await server.call<{ backup: BackupHealth }>('GET', '/api/health')
  return body.data.backup
}

/** Poll until `done` holds (or fail after `ms`). */
async function until(done: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(200)
  }
}

describe(`scheduled backups (${testEngine()})`, () => {
  const servers: TestServer[] = []
  let database: TestDatabase | null = null
  afterAll(async () => {
    for (const s of servers.reverse()) await s.close()
    await database?.drop()
    rmSync(scratch, { recursive: true, force: true })
  })

  it('refuses settings that cannot work, with a clear message', () => {
    const dataDir = path.join(scratch, 'config-data')
    const attempt = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env })
    expect(attempt({ BACKUP_EVERY_HOURS: '24' })).toThrow(ConfigError)
    expect(attempt({ BACKUP_KEEP: '3' })).toThrow(/BACKUP_EVERY_HOURS and BACKUP_KEEP need BACKUP_DIR/)
    expect(attempt({ BACKUP_DIR: path.join(dataDir, 'backups') })).toThrow(/BACKUP_DIR .* is inside DATA_DIR/)
    expect(attempt({ BACKUP_DIR: path.join(scratch, 'b'), BACKUP_EVERY_HOURS: '0' })).toThrow(/BACKUP_EVERY_HOURS must be a positive number of hours/)
    expect(attempt({ BACKUP_DIR: path.join(scratch, 'b'), BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be a whole number of backups to keep, at least 1/)
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: path.join(scratch, 'b') }).backup).toEqual({ dir: path.join(scratch, 'b'), everyMs: 24 * 3600_000, keep: 7 })
  })

  it('takes one backup per period and keeps the newest BACKUP_KEEP; /api/health reports the last one', async () => {
    const dir = path.join(scratch, 'rotating')
    const server = await startTestServer({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: String(1 / 3600), BACKUP_KEEP: '2' })
    servers.push(server)
    const seen = new Set<string>()
    await until(async () => {
      const last = (await health(server)).last
      if (last?.result === 'ok') seen.add(last.at)
      return seen.size >= 3
    })
    const h = await health(server)
    expect(h.scheduled).toBe(true)
    expect(h.last).toMatchObject({ result: 'ok' })
    expect(h.last!.bytes).toBeGreaterThan(0)
    // Stopping waits for a backup under way; then nothing rotates the folders while they are checked.
    await server.close()
    const kept = backups(dir)
    expect(kept).toHaveLength(2)
    const verify = await runCli('backup', ['--verify', path.join(dir, kept[1]!)], {})
    expect(verify.stdout).toMatch(/is sound/)
    expect(verify.code).toBe(0)
  }, 60_000)

  it('of two instances started together on one database, only one takes the period\'s backup; both report it', async () => {
    const dir = path.join(scratch, 'shared')
    const dataDir = path.join(scratch, 'shared-data')
    database = await testDatabase('schedule', dataDir)
    const env = { DATA_DIR: dataDir, ...database.env, BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '1000', BACKUP_KEEP: '5' }
    const [first, second] = await Promise.all([startTestServer(env), startTestServer(env)])
    servers.push(first!, second!)
    await until(async () => (await health(first!)).last !== null)
    // Both instances have checked the schedule (each does a second after it starts, then every minute).
    await sleep(2500)
    expect(backups(dir)).toHaveLength(1)
    const [a, b] = await Promise.all([health(first!), health(second!)])
    expect(a.last).toMatchObject({ result: 'ok' })
    expect(b).toEqual(a)
  }, 60_000)
})

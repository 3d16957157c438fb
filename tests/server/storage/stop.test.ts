/**
 * A clean stop, in process: once stopping, a request on a kept-alive connection is refused with 503 and
 * `Connection: close`; the request already in flight finishes (and closes its connection); its write is
 * committed and the WAL merged into the database file before the database closes.
 */
import { existsSync, rmSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import sqlite3 from 'sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { request } from '../../support/http'
import { registerMember } from '../../support/members'
import { startTestServer } from '../../support/server'
import { holdWriteLock } from '../../support/storage'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

function readOnly<T>(file: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY)
  return new Promise<T[]>((resolve, reject) => db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[])))).finally(
    () => new Promise<void>((resolve) => db.close(() => resolve())),
  )
}

describe('stopping the server', () => {
  it('refuses new requests on kept-alive connections, finishes the one in flight, commits its write', async () => {
    const server = await startTestServer()
    dirs.push(server.dataDir)
    const file = path.join(server.dataDir, 'shiliu.sqlite')
    const member = await registerMember(server)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    expect((await request(`${server.url}/api/health/live`, { agent })).status).toBe(200)

    // A write in flight: it waits for another process's lock.
    const lock = holdWriteLock(file)
    await lock.held
    const slow = request(`${server.url}/api/users/${member.user_id}`, { method: 'PUT', token: member.token, json: { nickname: '停机前的昵称' } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const stopping = server.stop()
    await new Promise((resolve) => setTimeout(resolve, 100))

    const refused = await request(`${server.url}/api/health/live`, { agent })
    expect(refused.status).toBe(503)
    expect(refused.headers.connection).toBe('close')
    expect(refused.headers['retry-after']).toBeDefined()
    expect(JSON.parse(refused.body)).toMatchObject({ code: 503, success: false, message: '服务器正在重启，请稍后重试' })
    // No new connections.
    await expect(request(`${server.url}/api/health/live`)).rejects.toThrow(/ECONNREFUSED/)

    await lock.release()
    const done = await slow
    expect(done.status).toBe(200)
    expect(done.headers.connection).toBe('close')
    await stopping
    agent.destroy()

    // The acknowledged write is in the database file alone: the WAL was merged and removed.
    expect(existsSync(`${file}-wal`)).toBe(false)
    const [row] = await readOnly<{ nickname: string }>(file, 'SELECT nickname FROM users WHERE id = ?', [member.id])
    expect(row!.nickname).toBe('停机前的昵称')
  })
})

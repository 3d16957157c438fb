/**
 * A clean stop, in process: once stopping, a request on a kept-alive connection is refused with 503 and
 * `Connection: close`; the request already in flight finishes (and closes its connection); its write is
 * committed and the WAL merged into the database file before the database closes.
 */
import { existsSync } from 'node:fs'
import http from 'node:http'
import mysql from 'mysql2/promise'
import pg from 'pg'
import sqlite3 from 'sqlite3'
import type { DatabaseConfig } from '../../../server/config'
import { describe, expect, it } from 'vitest'
import { request } from '../../support/http'
import { registerMember } from '../../support/members'
import { startTestServer } from '../../support/server'
import { holdRowLock, untilWriteWaits } from '../../support/storage'


/** Read the stored row with a connection of its own, after the server closed its connections. */
async function readBack(database: DatabaseConfig, userId: number): Promise<string | undefined> {
  const sql = 'SELECT nickname FROM users WHERE id = ?'
  if (database.kind === 'sqlite') {
    const db = new sqlite3.Database(database.url, sqlite3.OPEN_READONLY)
    const rows = await new Promise<Array<{ nickname: string }>>((resolve, reject) => db.all(sql, [userId], (err, r) => (err ? reject(err) : resolve(r as Array<{ nickname: string }>))))
    await new Promise<void>((resolve) => db.close(() => resolve()))
    return rows[0]?.nickname
  }
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      return ((await client.query<{ nickname: string }>(sql.replace('?', '$1'), [userId])).rows[0])?.nickname
    } finally {
      await client.end()
    }
  }
  const conn = await mysql.createConnection(database.url.replace(/^mariadb:/, 'mysql:'))
  try {
    const [rows] = await conn.query(sql, [userId])
    return (rows as Array<{ nickname: string }>)[0]?.nickname
  } finally {
    await conn.end()
  }
}

describe('stopping the server', () => {
  it('refuses new requests on kept-alive connections, finishes the one in flight, commits its write', async () => {
    const server = await startTestServer()
    const database = server.deps.config.database
    const member = await registerMember(server)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    expect((await request(`${server.url}/api/health/live`, { agent })).status).toBe(200)

    // A write in flight: it waits for another process's lock (SQLite's write lock, or the member's row).
    const lock = holdRowLock(database, 'users', member.id)
    await lock.held
    const slow = request(`${server.url}/api/users/${member.user_id}`, { method: 'PUT', token: member.token, json: { nickname: '停机前的昵称' } })
    // In flight: the server has it and its write waits for the lock (on a loaded machine that can take a while).
    await untilWriteWaits(server.deps.db, lock)
    // Draining starts within stop()'s first synchronous step: no wait needed before the next request.
    const stopping = server.stop()

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

    // The acknowledged write is stored; on SQLite in the database file alone (the WAL was merged and removed).
    if (database.kind === 'sqlite') expect(existsSync(`${database.url}-wal`)).toBe(false)
    expect(await readBack(database, member.id)).toBe('停机前的昵称')
    await server.close()
  })
})

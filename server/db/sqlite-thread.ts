import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/*
 * A better-sqlite3 connection of its own in a worker thread, for the SQLite work that must not hold the main
 * thread in native mode (sqlite-library.ts): long read statements (reader.ts) and checkpoints, which copy the
 * WAL into the database file, fsync it and may wait for readers (write-connection.ts). A worker thread loads
 * the same addon as the main thread, so it is the same copy of SQLite: one library, whose connections see
 * each other's locks.
 *
 * One statement at a time, in the order sent. Statements are prepared once and cached.
 */

/** The worker's code (CommonJS, evaluated): better-sqlite3 is resolved by the parent and passed in. */
const THREAD = `
const { workerData, parentPort } = require('node:worker_threads')
const Database = require(workerData.module)
const db = new Database(workerData.file, { readonly: workerData.readonly, fileMustExist: true, timeout: workerData.timeout })
const statements = new Map()
const bindable = (params) => params.map((v) => (v === undefined ? null : typeof v === 'boolean' ? Number(v) : v instanceof Date ? v.getTime() : v))
function statement(sql) {
  let stmt = statements.get(sql)
  if (stmt) return stmt
  stmt = db.prepare(sql)
  if (statements.size >= 300) statements.delete(statements.keys().next().value)
  statements.set(sql, stmt)
  return stmt
}
parentPort.on('message', (m) => {
  if (m.op === 'close') {
    db.close()
    parentPort.postMessage({ id: m.id })
    parentPort.close()
    return
  }
  const started = performance.now()
  try {
    let rows
    if (m.op === 'checkpoint') {
      db.pragma('busy_timeout = ' + m.waitMs)
      try { rows = db.pragma('wal_checkpoint(' + m.mode + ')') } finally { db.pragma('busy_timeout = ' + workerData.timeout) }
    } else {
      rows = statement(m.sql).all(...bindable(m.params))
    }
    parentPort.postMessage({ id: m.id, rows, ms: performance.now() - started })
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: { message: String((err && err.message) || err), code: err && err.code } })
  }
})
`

interface Reply {
  id: number
  rows?: unknown[]
  ms?: number
  error?: { message: string; code?: string }
}

export class SqliteThread {
  private readonly worker: Worker
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (err: unknown) => void }>()
  private nextId = 0
  private failure: Error | null = null

  constructor(file: string, options: { readonly: boolean; timeoutMs: number }) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3')
    this.worker = new Worker(THREAD, { eval: true, workerData: { module, file, readonly: options.readonly, timeout: options.timeoutMs } })
    // Nothing to wait for when idle: a process that is done may exit (close() still ends it cleanly).
    this.worker.unref()
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id)
      this.pending.delete(reply.id)
      waiter?.resolve(reply)
    })
    const fail = (err: Error) => {
      this.failure = err
      for (const waiter of this.pending.values()) waiter.reject(err)
      this.pending.clear()
    }
    this.worker.on('error', fail)
    this.worker.on('exit', (code) => fail(new Error(`the SQLite thread stopped (exit code ${code})`)))
  }

  /** Whether the thread has stopped (it crashed, or was closed): its owner opens a new one for the next statement. */
  get stopped(): boolean {
    return this.failure !== null
  }

  private send(message: Record<string, unknown>): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure)
    const id = this.nextId++
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.worker.ref()
      this.worker.postMessage({ ...message, id })
    }).finally(() => {
      if (this.pending.size === 0) this.worker.unref()
    })
  }

  private static settled(reply: Reply): Reply {
    if (!reply.error) return reply
    throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
  }

  /** The rows of one statement, and how long it ran in the thread (milliseconds). */
  async all<T>(sql: string, params: readonly unknown[]): Promise<{ rows: T[]; ms: number }> {
    const reply = SqliteThread.settled(await this.send({ op: 'all', sql, params }))
    return { rows: reply.rows as T[], ms: reply.ms ?? 0 }
  }

  /**
   * `PRAGMA wal_checkpoint(mode)`, waiting up to `waitMs` for a lock it needs; `busy` when it could not finish
   * (a RESTART or TRUNCATE still had readers in the WAL, say).
   */
  async checkpoint(mode: string, waitMs: number): Promise<{ busy: boolean }> {
    const reply = SqliteThread.settled(await this.send({ op: 'checkpoint', mode, waitMs }))
    return { busy: (reply.rows as Array<{ busy: number }> | undefined)?.[0]?.busy === 1 }
  }

  async close(): Promise<void> {
    if (this.failure) return
    await this.send({ op: 'close' }).catch(() => undefined)
    await this.worker.terminate().catch(() => undefined)
  }
}

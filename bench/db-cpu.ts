/**
 * CPU of the database work a bench's server causes on PostgreSQL / MariaDB, which the server's own process does
 * not show (on SQLite the queries run inside the server, so cpuSeconds of its pid already holds them). Counts only
 * the connections to the bench's own database, so other work on the same database server (tests of other
 * sessions) stays out: PostgreSQL's backends from pg_stat_activity, MariaDB's connection threads from
 * information_schema.PROCESSLIST's TID (its OS thread id), each read from /proc.
 */
import { readdirSync, readFileSync } from 'node:fs'
import mysql from 'mysql2/promise'
import pg from 'pg'

/** CPU seconds (user + system) of one process or thread from its /proc stat file; 0 once it has gone. */
function statSeconds(file: string): number {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The local MariaDB / MySQL server's pid (its threads are /proc/<pid>/task/<tid>). */
function mariadbPid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (/^(mariadbd|mysqld)$/.test(readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) return Number(entry)
    } catch {
      // gone meanwhile
    }
  }
  return null
}

/** CPU seconds so far of each connection to `url`'s database (key: its OS task), the probe's own left out. */
export type TaskCpu = Map<string, number>

export async function databaseTaskCpu(url: string): Promise<TaskCpu> {
  if (/^postgres/.test(url)) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const rows = (await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows
      return new Map(rows.map((r) => [String(r.pid), statSeconds(`/proc/${r.pid}/stat`)]))
    } finally {
      await client.end()
    }
  }
  const pid = mariadbPid()
  if (pid === null) throw new Error('no local mariadbd / mysqld process: its CPU cannot be read from /proc')
  const u = new URL(url)
  const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database: u.pathname.slice(1) })
  try {
    const [rows] = await conn.query('SELECT TID AS tid FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID()')
    return new Map((rows as Array<{ tid: number }>).map((r) => [String(r.tid), statSeconds(`/proc/${pid}/task/${r.tid}/stat`)]))
  } finally {
    await conn.end()
  }
}

/** CPU seconds between two samples; a connection opened meanwhile counts from zero, one closed meanwhile is lost. */
export function cpuBetween(before: TaskCpu, after: TaskCpu): number {
  let total = 0
  for (const [task, seconds] of after) total += seconds - (before.get(task) ?? 0)
  return total
}

import { spawn } from 'node:child_process'
import { createReadStream } from 'node:fs'
import type { DatabaseKind } from '../config'

/*
 * The database servers' own client tools, run as child processes: pg_dump / psql for PostgreSQL,
 * mysqldump / mysql for MariaDB and MySQL. Passwords go through the environment (PGPASSWORD, MYSQL_PWD),
 * never on a command line another user could read with ps.
 */

export class ToolMissing extends Error {
  override name = 'ToolMissing'
}

export class ToolFailed extends Error {
  override name = 'ToolFailed'
}

type ServerKind = Exclude<DatabaseKind, 'sqlite'>

export interface Connection {
  /** Arguments naming the server, user and database. */
  args: string[]
  env: Record<string, string>
  /** The URL without its password, for messages. */
  shown: string
}

/** How the client tools reach the database of `url`. */
export function connectionOf(kind: ServerKind, url: string): Connection {
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'))
  const password = decodeURIComponent(u.password)
  const user = decodeURIComponent(u.username)
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''))
  u.password = ''
  const shown = u.toString()
  if (kind === 'postgres') return { args: [`--dbname=${shown}`], env: password ? { PGPASSWORD: password } : {}, shown }
  const args = [`--host=${u.hostname}`, `--port=${u.port || '3306'}`, ...(user ? [`--user=${user}`] : []), database]
  return { args, env: password ? { MYSQL_PWD: password } : {}, shown }
}

/** Run a tool to completion; ToolMissing when it is not installed, ToolFailed with its stderr otherwise. */
export function runTool(tool: string, args: string[], env: Record<string, string>, options: { stdinFile?: string; howTo: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: [options.stdinFile ? 'pipe' : 'ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new ToolMissing(`${tool} is not installed on this machine (or not on PATH). ${options.howTo}`))
      else reject(err)
    })
    child.on('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new ToolFailed(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || 'no message'}`))
    })
    if (options.stdinFile && child.stdin) {
      const input = createReadStream(options.stdinFile)
      input.on('error', (err) => {
        child.kill()
        reject(err)
      })
      child.stdin.on('error', () => undefined) // the tool stopped reading: its exit code tells why
      input.pipe(child.stdin)
    }
  })
}

/** What an operator runs by hand where the tools are not installed (also in docs/deployment.md). */
export function dumpHowTo(kind: ServerKind, file: string): string {
  return kind === 'postgres'
    ? `Install the PostgreSQL client tools (Debian/Ubuntu: apt install postgresql-client, at least the server's major version), ` +
        `or run on a machine that has them: pg_dump --no-owner --no-privileges --format=plain --file=${file} "$DATABASE_URL"`
    : `Install the MariaDB/MySQL client tools (Debian/Ubuntu: apt install mariadb-client), or run on a machine that has them: ` +
        `mysqldump --single-transaction --routines --triggers --no-tablespaces --host=HOST --user=USER -p DATABASE > ${file}`
}

export function loadHowTo(kind: ServerKind, file: string): string {
  return kind === 'postgres'
    ? `Install the PostgreSQL client tools (apt install postgresql-client), or load the dump by hand into the new, empty database: ` +
        `psql -v ON_ERROR_STOP=1 --single-transaction --file=${file} "$DATABASE_URL"`
    : `Install the MariaDB/MySQL client tools (apt install mariadb-client), or load the dump by hand into the new, empty database: ` +
        `mysql --host=HOST --user=USER -p DATABASE < ${file}`
}

import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { AppConfig } from '../config'
import { DATA_KEY_FILE, OLD_KEYS_FILE } from '../security/data-key'
import { EXPORTS_FOLDER } from './activity'

/*
 * The classroom's reset (issue 43): the data folder back to nothing but its secrets and the activity exports,
 * so the next start prepares the demo afresh (a few seconds: demo-prepare.ts). Only with the server stopped:
 * `npm run classroom -- --reset` checks that nothing answers at the room's address, and the back-office
 * button asks the demo script to stop the server, reset and start it again (scripts/demo.mjs).
 * SQLite only: a classroom on a shared PostgreSQL/MySQL database is not something to empty from a button.
 */

/** What a reset keeps: the secrets (so sessions and sealed data stay consistent) and the class exports. */
const KEPT = new Set(['jwt-secret', DATA_KEY_FILE, OLD_KEYS_FILE, EXPORTS_FOLDER])

export class ResetRefused extends Error {
  override name = 'ResetRefused'
}

/** Remove everything else in DATA_DIR (database files, uploads, outbox, exports, sheets); returns what went. */
export function resetClassroomData(config: Pick<AppConfig, 'dataDir' | 'database'>): string[] {
  if (config.database.kind !== 'sqlite') throw new ResetRefused('The classroom reset empties the demo\'s own SQLite database only (DATABASE_URL is set)')
  if (path.dirname(path.resolve(config.database.url)) !== path.resolve(config.dataDir)) throw new ResetRefused('The classroom reset only removes a database inside DATA_DIR')
  const removed: string[] = []
  for (const name of readdirSync(config.dataDir)) {
    if (KEPT.has(name)) continue
    rmSync(path.join(config.dataDir, name), { recursive: true, force: true })
    removed.push(name)
  }
  return removed.sort()
}

/**
 * npm run data-key:rotate [-- --reseal-only]
 * Rotates the key that encrypts personal data at rest (server/security/data-key.ts) and re-encrypts every
 * stored verification application under it, on the database of DATABASE_URL (else SQLite in DATA_DIR).
 * - Key in DATA_DIR/data-key (the default): a new key replaces it; the old one moves to
 *   DATA_DIR/data-keys.old, so values a running server writes meanwhile stay readable.
 * - Key in SHILIU_DATA_KEY: set the new key there and the old one in SHILIU_DATA_KEYS_OLD, then run this
 *   with --reseal-only (the key itself is yours to change).
 * Restart every server afterwards so they encrypt with the new key. Exit code 0 when every row is under the
 * current key, 1 otherwise, 2 bad arguments.
 */
import 'reflect-metadata'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { sealApplications, sealedKeyIds } from '../domain/identity'
import { rotateKeyFile } from '../security/data-key'
import { cliArgs } from './args'

const usage = `Usage: npm run data-key:rotate [-- --reseal-only]
  Makes a new data key (DATA_DIR/data-key; the old one is kept in DATA_DIR/data-keys.old) and re-encrypts
  every verification application with it. With SHILIU_DATA_KEY set, change the key yourself (old one in
  SHILIU_DATA_KEYS_OLD) and run with --reseal-only. Restart the servers afterwards.`

const args = cliArgs({ 'reseal-only': { type: 'boolean', default: false } }, usage)

let code = 1
try {
  let config = loadConfig()
  if (!args['reseal-only']) {
    if (process.env.SHILIU_DATA_KEY) throw new ConfigError('SHILIU_DATA_KEY is set: put the new key there (the old one in SHILIU_DATA_KEYS_OLD) and run with --reseal-only.')
    const previous = config.dataKeys.current.id
    config = { ...config, dataKeys: rotateKeyFile(config.dataDir) }
    process.stdout.write(`New data key ${config.dataKeys.current.id} in ${config.dataDir}/data-key (the old key ${previous} is kept in data-keys.old).\n`)
  }
  const db = await openDatabase(config.database)
  try {
    const changed = await sealApplications({ db, config }, { resealAll: true })
    const counts = await sealedKeyIds({ db })
    const others = Object.entries(counts).filter(([id]) => id !== config.dataKeys.current.id)
    process.stdout.write(`Re-encrypted ${changed} application${changed === 1 ? '' : 's'}; under key ${config.dataKeys.current.id}: ${counts[config.dataKeys.current.id] ?? 0}.\n`)
    if (others.length) process.stdout.write(`Still under other keys: ${others.map(([id, n]) => `${id} ${n}`).join(', ')} (run again).\n`)
    else process.stdout.write('Every application is under the current key. Restart the servers so they use it.\n')
    code = others.length ? 1 : 0
  } finally {
    await db.destroy()
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err))}\n`)
}
process.exit(code)

import { createHmac, timingSafeEqual } from 'node:crypto'
import type { DataSource } from 'typeorm'
import { ConfigError, type AppConfig } from '../config'
import { execute, insertIgnore, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'

/*
 * Every instance sharing a database must sign tokens with the same JWT_SECRET, or a token issued by one is a
 * 401 on the others (and nothing says why). The database keeps a FINGERPRINT of the secret (an HMAC of a fixed
 * label keyed with the secret: it proves knowledge of the secret without revealing it); the first instance
 * records it, every later one compares and refuses to start on a mismatch. A deliberate change of secret is
 * accepted with JWT_SECRET_CHANGED=1 on one start (tokens signed with the old secret stop working).
 */

const SETTING = 'jwt_secret_fingerprint'
const LABEL = 'shiliu jwt-secret fingerprint v1'

export function secretFingerprint(secret: string): string {
  return `hmac-sha256:${createHmac('sha256', secret).update(LABEL).digest('base64url')}`
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** Record the fingerprint on first use; throw a ConfigError when this instance's secret is another one. */
export async function checkJwtSecret(db: DataSource, config: Pick<AppConfig, 'jwtSecret' | 'jwtSecretChanged'>): Promise<void> {
  const mine = secretFingerprint(config.jwtSecret)
  await inTransaction(db, async (manager) => {
    if (config.jwtSecretChanged) await execute(manager, 'DELETE FROM settings WHERE name = ?', [SETTING])
    await execute(manager, insertIgnore(kindOf(manager), 'settings', ['name', 'value']), [SETTING, mine])
  })
  const [row] = await query<{ value: string }>(db, 'SELECT value FROM settings WHERE name = ?', [SETTING])
  if (row && !same(row.value, mine)) {
    throw new ConfigError(
      'JWT_SECRET differs from the secret this database was set up with: tokens signed by the other instances would be ' +
        'refused here (401) and ours there. Give every instance sharing this database the same JWT_SECRET. ' +
        'If the secret was changed on purpose, start one instance once with JWT_SECRET_CHANGED=1 (everyone signs in again).',
    )
  }
}

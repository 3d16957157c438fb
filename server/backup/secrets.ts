import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { AppConfig } from '../config'
import { DATA_KEY_FILE, OLD_KEYS_FILE } from '../security/data-key'
import { BackupInvalid, SECRETS_FILE, secretsSchema, type BackupSecrets } from './manifest'

/*
 * The secrets a restored installation needs, kept apart from the data in secrets.json (mode 600): the JWT
 * secret (or every member is signed out, and the database's fingerprint of the secret refuses another one)
 * and the data keys (or the sealed verification data cannot be read). Named after the variables that carry
 * them, so an operator who sets them in the environment knows where each goes.
 */

export async function writeSecrets(config: Pick<AppConfig, 'jwtSecret' | 'dataKeys'>, dir: string): Promise<void> {
  const { current, byId } = config.dataKeys
  const secrets: BackupSecrets = {
    JWT_SECRET: config.jwtSecret,
    SHILIU_DATA_KEY: current.key.toString('base64'),
    SHILIU_DATA_KEYS_OLD: [...byId.values()].filter((k) => k.id !== current.id).map((k) => k.key.toString('base64')),
  }
  await writeFile(path.join(dir, SECRETS_FILE), `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
}

export async function readSecrets(dir: string): Promise<BackupSecrets> {
  const parsed = secretsSchema.safeParse(JSON.parse(await readFile(path.join(dir, SECRETS_FILE), 'utf8')))
  if (!parsed.success) throw new BackupInvalid(`${path.join(dir, SECRETS_FILE)} does not hold the expected secrets`)
  return parsed.data
}

/** Write the secrets where a server started on `dataDir` finds them (each file mode 600). */
export async function restoreSecrets(secrets: BackupSecrets, dataDir: string): Promise<void> {
  const write = (name: string, text: string) => writeFile(path.join(dataDir, name), text, { mode: 0o600, flag: 'wx' })
  await write('jwt-secret', secrets.JWT_SECRET)
  await write(DATA_KEY_FILE, `${secrets.SHILIU_DATA_KEY}\n`)
  if (secrets.SHILIU_DATA_KEYS_OLD.length) await write(OLD_KEYS_FILE, `${secrets.SHILIU_DATA_KEYS_OLD.join('\n')}\n`)
}

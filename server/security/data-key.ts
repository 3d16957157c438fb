import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { readOrCreateSecretFile } from './secret-file'

/*
 * Encryption at rest of personal data (verification applications: real names, ID-card numbers, phone
 * numbers, credit codes), with AES-256-GCM from node:crypto. The key comes from SHILIU_DATA_KEY (32 bytes,
 * base64 or hex) or from DATA_DIR/data-key, generated once (mode 600) like the JWT secret. Every ciphertext
 * carries the id of its key (the first 8 hex digits of the key's SHA-256), so the key can be rotated:
 * older keys stay readable from SHILIU_DATA_KEYS_OLD (comma-separated) and DATA_DIR/data-keys.old (one per
 * line), and `npm run data-key:rotate` (server/cli/data-key-rotate.ts) re-encrypts every row under the
 * current key. Sealed text: `v1.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

export interface DataKey {
  id: string
  key: Buffer
}

export interface DataKeyring {
  current: DataKey
  /** Every key that may have sealed a stored value, the current one included, by id. */
  byId: ReadonlyMap<string, DataKey>
}

export class DataKeyError extends Error {
  override name = 'DataKeyError'
}

export const DATA_KEY_FILE = 'data-key'
export const OLD_KEYS_FILE = 'data-keys.old'
const VERSION = 'v1'

export function parseKey(text: string, origin: string): DataKey {
  const value = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')
  if (key.length !== 32) throw new DataKeyError(`${origin} must be 32 bytes, written as 64 hex digits or base64 (e.g. openssl rand -base64 32)`)
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key }
}

export function newKeyText(): string {
  return randomBytes(32).toString('base64')
}

function lines(text: string | undefined, separator: RegExp): string[] {
  return (text ?? '').split(separator).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'))
}

/** The keyring of a data directory and environment; generates DATA_DIR/data-key when no key exists yet. */
export function loadKeyring(dataDir: string, env: { SHILIU_DATA_KEY?: string; SHILIU_DATA_KEYS_OLD?: string }): DataKeyring {
  const file = path.join(dataDir, DATA_KEY_FILE)
  let current: DataKey
  if (env.SHILIU_DATA_KEY) current = parseKey(env.SHILIU_DATA_KEY, 'SHILIU_DATA_KEY')
  else current = parseKey(readOrCreateSecretFile(file, () => `${newKeyText()}\n`), file)
  const oldFile = path.join(dataDir, OLD_KEYS_FILE)
  const old = [
    ...lines(env.SHILIU_DATA_KEYS_OLD, /,/).map((k) => parseKey(k, 'SHILIU_DATA_KEYS_OLD')),
    ...(existsSync(oldFile) ? lines(readFileSync(oldFile, 'utf8'), /\n/).map((k) => parseKey(k, oldFile)) : []),
    // With SHILIU_DATA_KEY set, a key file left from before is an old key too.
    ...(env.SHILIU_DATA_KEY && existsSync(file) ? [parseKey(readFileSync(file, 'utf8'), file)] : []),
  ]
  const byId = new Map<string, DataKey>(old.map((k) => [k.id, k]))
  byId.set(current.id, current)
  return { current, byId }
}

/**
 * Rotation of the file key: the current DATA_DIR/data-key is appended to data-keys.old (mode 600) and a new
 * key replaces it (written to a temporary file, then renamed). Returns the new keyring.
 */
export function rotateKeyFile(dataDir: string): DataKeyring {
  const file = path.join(dataDir, DATA_KEY_FILE)
  const oldFile = path.join(dataDir, OLD_KEYS_FILE)
  if (existsSync(file)) {
    const previous = readFileSync(file, 'utf8').trim()
    const kept = existsSync(oldFile) ? readFileSync(oldFile, 'utf8') : ''
    writeFileSync(oldFile, `${kept}${kept && !kept.endsWith('\n') ? '\n' : ''}${previous}\n`, { mode: 0o600 })
  }
  const tmp = `${file}.new`
  writeFileSync(tmp, `${newKeyText()}\n`, { mode: 0o600 })
  renameSync(tmp, file)
  return loadKeyring(dataDir, {})
}

const b64 = (b: Buffer) => b.toString('base64url')

export function seal(keyring: DataKeyring, plain: string): string {
  const { id, key } = keyring.current
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  // The key id is authenticated with the data, so a value cannot be relabelled.
  cipher.setAAD(Buffer.from(`${VERSION}.${id}`))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, id, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.')
}

/** The key id a sealed value was written with (null when it is not a sealed value). */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split('.')
  return parts.length === 5 && parts[0] === VERSION ? parts[1]! : null
}

export function unseal(keyring: DataKeyring, sealed: string): string {
  const [version, id, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !id || iv === undefined || tag === undefined || body === undefined) throw new DataKeyError('not a sealed value')
  const key = keyring.byId.get(id)
  if (!key) throw new DataKeyError(`data key ${id} is not configured (SHILIU_DATA_KEY / SHILIU_DATA_KEYS_OLD / ${OLD_KEYS_FILE})`)
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(`${VERSION}.${id}`))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}

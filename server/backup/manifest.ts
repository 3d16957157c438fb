import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import pLimit from 'p-limit'
import { z } from 'zod'

/*
 * The layout of one backup folder (`npm run backup -- --to DIR`, or one folder of BACKUP_DIR):
 *
 *   manifest.json     written last: engine, method, row counts per table, size and sha256 of every other file
 *   database.sqlite   SQLite: a consistent copy of the database (rollback-journal mode, self-contained)
 *   database.sql      PostgreSQL / MySQL: the pg_dump / mysqldump of the database (plain SQL)
 *   uploads/...       uploaded media: every file a row references, and the younger ones the orphan grace protects
 *   secrets.json      (mode 600) the JWT secret and the data keys: without them a restored installation signs
 *                     every member out and cannot read the sealed verification data
 */

export const MANIFEST_FILE = 'manifest.json'
export const SECRETS_FILE = 'secrets.json'
export const SQLITE_FILE = 'database.sqlite'
export const DUMP_FILE = 'database.sql'

const fileEntry = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })

export const manifestSchema = z.object({
  format: z.literal('shiliu-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  seconds: z.number(),
  serverVersion: z.string(),
  engine: z.enum(['sqlite', 'postgres', 'mysql']),
  method: z.enum(['backup-api', 'vacuum-into', 'pg_dump', 'mysqldump']),
  /** Row counts per table, read from the backed-up snapshot itself (exact), or next to it (mysqldump). */
  tables: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), z.number().int().min(0)),
  countsExact: z.boolean(),
  uploads: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0), missing: z.array(z.string()) }),
  /** Every file of the backup but the manifest, by path relative to the folder ('/' separators). */
  files: z.record(z.string(), fileEntry),
})

export type Manifest = z.infer<typeof manifestSchema>
export type FileEntry = z.infer<typeof fileEntry>

export const secretsSchema = z.object({
  JWT_SECRET: z.string().min(1),
  SHILIU_DATA_KEY: z.string().min(1),
  SHILIU_DATA_KEYS_OLD: z.array(z.string()),
})

export type BackupSecrets = z.infer<typeof secretsSchema>

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

/** Size and checksum of each file (paths relative to `root`), a few at a time. */
export async function describeFiles(root: string, rels: readonly string[]): Promise<Record<string, FileEntry>> {
  const limit = pLimit(4)
  const entries = await Promise.all(
    rels.map((rel) =>
      limit(async () => {
        const file = path.join(root, rel)
        const [info, sha256] = await Promise.all([stat(file), sha256File(file)])
        return [rel, { bytes: info.size, sha256 }] as const
      }),
    ),
  )
  return Object.fromEntries(entries)
}

export class BackupInvalid extends Error {
  override name = 'BackupInvalid'
}

/**
 * Why a manifest entry is not a file a backup may hold, or null. An entry is the database file, the secrets
 * or a file under uploads/, as a plain relative path ('/' separators): nothing absolute, no '.', '..' or
 * empty segment, no backslash or control character. A tampered manifest (`uploads/../../../x`) would otherwise
 * make --verify read, and a restore write, outside their folders (issue 41).
 */
export function entryProblem(rel: string): string | null {
  if (rel.includes('\\') || /\p{Cc}/u.test(rel)) return 'not a plain relative path (backslash or control character)'
  if (path.posix.isAbsolute(rel) || path.win32.isAbsolute(rel)) return 'an absolute path'
  if (rel.split('/').some((part) => part === '' || part === '.' || part === '..')) return "leaves its folder ('.', '..' or an empty segment)"
  if (rel !== SQLITE_FILE && rel !== DUMP_FILE && rel !== SECRETS_FILE && !rel.startsWith('uploads/')) return 'not a file a backup holds'
  return null
}

/** `a` is `root` or inside it (both absolute, resolved). */
export const isInside = (root: string, a: string): boolean => {
  const rel = path.relative(root, a)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/**
 * The file of manifest entry `rel` under `root` (the backup folder, or the DATA_DIR a restore writes):
 * BackupInvalid for any entry that entryProblem refuses or that would resolve outside `root`.
 */
export function entryPath(root: string, rel: string): string {
  const problem = entryProblem(rel)
  if (problem) throw new BackupInvalid(`manifest entry ${JSON.stringify(rel)}: ${problem}; refused`)
  const base = path.resolve(root)
  const file = path.resolve(base, ...rel.split('/'))
  if (!isInside(base, file)) throw new BackupInvalid(`manifest entry ${JSON.stringify(rel)} resolves outside ${base}; refused`)
  return file
}

/** The manifest of a backup folder; BackupInvalid when it is missing or not one of ours. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8')
  } catch {
    throw new BackupInvalid(`${dir} holds no ${MANIFEST_FILE}: it is not a Shiliu backup, or one that never finished`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BackupInvalid(`${path.join(dir, MANIFEST_FILE)} is not valid JSON (damaged?)`)
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) throw new BackupInvalid(`${path.join(dir, MANIFEST_FILE)} is not a Shiliu backup manifest: ${parsed.error.issues[0]?.message ?? ''}`)
  return parsed.data
}

/** Total size of a backup's files. */
export const backupBytes = (manifest: Manifest): number => Object.values(manifest.files).reduce((sum, f) => sum + f.bytes, 0)

import { z } from 'zod'

/*
 * The state of scheduled backups (BACKUP_DIR, server/backup/schedule.ts) as GET /api/health reports it and
 * the back-office shows it. Public on purpose (health is): when and how the last backup went, never where
 * it is or why it failed (that is in the server's log).
 */

export const lastBackupSchema = z.object({
  /** When the backup started (ISO 8601, UTC). */
  at: z.iso.datetime(),
  result: z.enum(['ok', 'failed']),
  /** Size of the backup's files (0 when it failed). */
  bytes: z.number().int().min(0),
  seconds: z.number().min(0),
})

export const backupHealthSchema = z.object({
  /** Whether this instance runs scheduled backups (BACKUP_DIR set). */
  scheduled: z.boolean(),
  /** The last scheduled backup of this installation, whichever instance took it; null before the first. */
  last: lastBackupSchema.nullable(),
})

export type LastBackup = z.infer<typeof lastBackupSchema>
export type BackupHealth = z.infer<typeof backupHealthSchema>

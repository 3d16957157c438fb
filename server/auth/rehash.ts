import type { DataSource } from 'typeorm'
import { Admin, User } from '../db/entities'
import { inTransaction } from '../db/transaction'
import { hashPassword, needsRehash } from './passwords'

/**
 * After a successful login: a hash made with weaker parameters than today's is replaced with a fresh one.
 * The hash is computed outside the write job; the update only applies if the stored hash is still the one
 * checked (a password changed meanwhile wins).
 */
export async function upgradePasswordHash(db: DataSource, entity: typeof User | typeof Admin, id: number, storedHash: string, password: string): Promise<void> {
  if (!needsRehash(storedHash)) return
  const fresh = await hashPassword(password)
  await inTransaction(db, (m) => m.getRepository(entity).update({ id, password_hash: storedHash }, { password_hash: fresh }), { changesCards: false })
}

import { randomInt } from 'node:crypto'
import { Like, type DataSource } from 'typeorm'
import { hashPassword } from '../auth/passwords'
import { DEFAULT_AVATAR, DEFAULT_BIO, DEFAULT_LOCATION } from '../contract/users'
import { MAX_STUDENTS } from '../contract/admin/classroom'
import { User } from '../db/entities'
import { inTransaction } from '../db/transaction'

/*
 * Class accounts (issue 43): N students in one step, ids `class01`, `class02`, … (numbering goes on after the
 * accounts already there), each with a random password shown once on the teacher's sheet (sheet.ts). Decision
 * (docs/classroom.md): the passwords are one-time random ones, not forced to change at first login: a demo
 * lesson lasts an hour and the reset after class removes the accounts.
 */

export const STUDENT_PREFIX = 'class'
export const MAX_STUDENTS_PER_CALL = MAX_STUDENTS
/** No 0/o, 1/l/i: read off paper by a student, typed on a phone. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const PASSWORD_LENGTH = 8
/** argon2 hashes at once (each takes ~20 MB and a core for tens of ms). */
const HASH_CONCURRENCY = 2

export interface StudentAccount {
  user_id: string
  nickname: string
  password: string
}

export function studentPassword(): string {
  let out = ''
  for (let i = 0; i < PASSWORD_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]
  return out
}

/** The highest number of an existing class account (0 when none). */
async function lastNumber(db: DataSource): Promise<number> {
  const rows = await db.getRepository(User).find({ select: { user_id: true }, where: { user_id: Like(`${STUDENT_PREFIX}%`) } })
  let last = 0
  for (const { user_id } of rows) {
    const match = new RegExp(`^${STUDENT_PREFIX}(\\d+)$`).exec(user_id)
    if (match) last = Math.max(last, Number(match[1]))
  }
  return last
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i]!)
      }
    }),
  )
  return out
}

/** Create `count` student accounts in one transaction; returns them with their plain passwords (shown once). */
export async function createStudents(db: DataSource, count: number): Promise<StudentAccount[]> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_STUDENTS_PER_CALL) throw new RangeError(`count must be 1-${MAX_STUDENTS_PER_CALL}`)
  const first = (await lastNumber(db)) + 1
  const width = Math.max(2, String(first + count - 1).length)
  const accounts: StudentAccount[] = Array.from({ length: count }, (_, i) => {
    const n = String(first + i).padStart(width, '0')
    // i18n-ignore: a default nickname is stored data (the student's own, editable name), not a message
    return { user_id: `${STUDENT_PREFIX}${n}`, nickname: `同学${n}`, password: studentPassword() }
  })
  const hashes = await mapLimited(accounts, HASH_CONCURRENCY, (a) => hashPassword(a.password))
  await inTransaction(db, async (m) => {
    const repo = m.getRepository(User)
    await repo.save(
      accounts.map((a, i) =>
        repo.create({ user_id: a.user_id, nickname: a.nickname, password_hash: hashes[i]!, avatar: DEFAULT_AVATAR, bio: DEFAULT_BIO, location: DEFAULT_LOCATION }),
      ),
      { chunk: 50 },
    )
  })
  return accounts
}

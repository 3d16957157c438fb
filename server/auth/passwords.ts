import argon2 from 'argon2'

/** Argon2id with the library's defaults (salted, memory-hard). */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id })

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}

/** A valid hash of a random password, verified against when the account doesn't exist (equal timing). */
let dummyHash: Promise<string> | null = null
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`))

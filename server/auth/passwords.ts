import argon2 from 'argon2'
import { createCpuPool, HASH_CONCURRENCY } from '../telemetry/cpu-pool'

/**
 * Argon2id at OWASP's recommended floor (m = 19 MiB, t = 2, p = 1). The parameters are part of each hash
 * (the PHC string `$argon2id$v=19$m=19456,t=2,p=1$…`), so they can be raised later: a successful login whose
 * hash is weaker than this (or not argon2id) is rehashed (`needsRehash`).
 */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const

/**
 * argon2 runs on libuv's thread pool (4 threads by default), which SQLite queries and file I/O share. At most
 * HASH_CONCURRENCY hashes run at once (telemetry/cpu-pool.ts: one per core less one, at least one), so a burst
 * of logins queues here instead of filling the pool (and the CPU): reads keep a thread and a core.
 */
export { HASH_CONCURRENCY }

/**
 * At most this many hashes wait (about two seconds of work at ~30 hashes/s): beyond it a login is turned away
 * at once (503, try again) instead of queueing past the time its client waits, still using a core once it has
 * given up.
 */
export const MAX_WAITING_HASHES = 64

/** The hashing queue is full: a temporary overload, answered 503 with Retry-After. */
export class HashingBusy extends Error {
  constructor() {
    super('password hashing queue is full')
  }
}

const hashing = createCpuPool({ name: 'hash', concurrency: HASH_CONCURRENCY, maxWaiting: MAX_WAITING_HASHES, busy: () => new HashingBusy() })
const queued = <T>(work: () => Promise<T>): Promise<T> => hashing.run(work)

export const hashPassword = (password: string) => queued(() => argon2.hash(password, ARGON2_PARAMS))

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return queued(() => argon2.verify(hash, password).catch(() => false))
}

/** Whether a stored hash is weaker than ARGON2_PARAMS (lower memory or time, or another algorithm): rehash it. */
export function needsRehash(hash: string): boolean {
  // argon2's PHC string: `$argon2id$v=19$m=65536,p=4,t=3$salt$hash` (parameter order is not fixed).
  const [, algorithm, version, params] = hash.split('$')
  if (algorithm !== 'argon2id' || !version || !params) return true
  const values = Object.fromEntries(params.split(',').map((kv) => kv.split('=') as [string, string]))
  return Number(version.slice(2)) < 19 || Number(values.m) < ARGON2_PARAMS.memoryCost || Number(values.t) < ARGON2_PARAMS.timeCost
}

/** A valid hash of a random password, verified against when the account doesn't exist (equal timing). */
let dummyHash: Promise<string> | null = null
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`))

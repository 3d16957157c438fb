import { Redis } from 'ioredis'

/** The local Redis the cross-instance tests share (TEST_REDIS_URL). */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether it answers (tests that need it skip loudly when it does not). */
export async function redisAnswers(url = redisUrl): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 })
  try {
    await probe.connect()
    await probe.ping()
    return true
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

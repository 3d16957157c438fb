/**
 * The per-instance caches of public lists across instances (issue 21 part 2): two instance processes on one
 * PostgreSQL / MariaDB database sharing a Redis. A change on one instance is seen on the other at once, not
 * after the caches' TTL (10 s for feed and search totals, 1 s for visitors' replies): each instance announces
 * its changes on the event bus (Redis pub/sub) and the others drop their caches.
 *
 * Instance A runs in the test process, instance B is the built server as a process of its own (so the two
 * really hold separate caches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINE_NAMES, runsOn, skipLoudly, testEngine } from '../support/engines'
import { registerMember, type Member } from '../support/members'
import { redisAnswers, redisUrl } from '../support/redis'
import { ensureServerBundle } from '../support/server-bundle'
import { startServerProcess, type ServerProcess } from '../support/server-process'
import { sharedEnv, startTestServer, type TestServer } from '../support/server'
import { createCategory, createNote, uploadImage } from './member/support/notes'

const SECRET = 'cache-invalidation-secret-of-32-chars-at-least'
/** Well below every TTL involved: a change seen within this was invalidated, not expired. */
const AT_ONCE_MS = 700

interface Feed {
  posts: Array<{ id: number; like_count: number }>
  pagination: { total: number }
}

async function visitorGet<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: T }).data
}

const feedTotal = async (base: string) => (await visitorGet<Feed>(base, '/api/posts?page=1&limit=5')).pagination.total
const searchTotal = async (base: string, keyword: string) => (await visitorGet<Feed>(base, `/api/search/posts?keyword=${encodeURIComponent(keyword)}&page=1&limit=5`)).pagination.total

describe.runIf(runsOn('postgres', 'mysql'))(`cache invalidation across two instance processes on ${ENGINE_NAMES[testEngine()]} + Redis`, () => {
  let a: TestServer | undefined
  let b: ServerProcess | undefined
  let bUrl: string
  let author: Member
  let image: string
  let categoryId: number
  let redisUp = false

  beforeAll(async () => {
    redisUp = await redisAnswers()
    if (!redisUp) {
      skipLoudly('cache invalidation across instances', `Redis does not answer at ${redisUrl}`)
      return
    }
    const bundle = ensureServerBundle()
    a = await startTestServer({ REDIS_URL: redisUrl, JWT_SECRET: SECRET })
    b = startServerProcess([bundle], { ...sharedEnv(a), REDIS_URL: redisUrl, JWT_SECRET: SECRET, SHILIU_TEST_CAPTCHA: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' })
    bUrl = (await b.waitFor(/listening on (\S+)/, 120_000))[1]!
    author = await registerMember(a)
    categoryId = await createCategory(a, '缓存', 'cachecat')
    image = (await uploadImage(a, author.token)).url
    await createNote(a, author.token, { title: '第一篇石榴缓存', images: [image], category_id: categoryId })
  }, 180_000)
  afterAll(async () => {
    await b?.stop()
    await a?.close()
  })

  it('a note published on A shows in the feed and search totals of B at once (their cache is 10 s)', async (ctx) => {
    if (!redisUp) ctx.skip()
    const before = await feedTotal(bUrl)
    const found = await searchTotal(bUrl, '石榴缓存')
    // Asked twice: the second answer comes from B's caches.
    expect(await feedTotal(bUrl)).toBe(before)
    await createNote(a!, author.token, { title: '第二篇石榴缓存', images: [image], category_id: categoryId })
    const published = Date.now()
    await expect.poll(() => feedTotal(bUrl), { timeout: AT_ONCE_MS, interval: 50 }).toBe(before + 1)
    await expect.poll(() => searchTotal(bUrl, '石榴缓存'), { timeout: AT_ONCE_MS, interval: 50 }).toBe(found + 1)
    expect(Date.now() - published).toBeLessThan(10_000)
  })

  it('a note deleted and a like given on B show in A’s visitor replies at once', async (ctx) => {
    if (!redisUp) ctx.skip()
    const third = await createNote(a!, author.token, { title: '第三篇石榴缓存', images: [image], category_id: categoryId })
    // A's own write dropped its own caches: its total is live.
    const before = await feedTotal(a!.url)
    const deleted = await fetch(`${bUrl}/api/posts/${third}`, { method: 'DELETE', headers: { Authorization: `Bearer ${author.token}` } })
    expect(deleted.status).toBe(200)
    await expect.poll(() => feedTotal(a!.url), { timeout: AT_ONCE_MS, interval: 50 }).toBe(before - 1)

    // A like moves a count in visitors' replies, which A keeps for a second: warm it, like on B, read A at once.
    const fan = await registerMember(a!)
    const likes = async () => (await visitorGet<Feed>(a!.url, '/api/posts?page=1&limit=5')).posts.find((p) => p.id !== third)!
    const target = await likes()
    const warmed = Date.now()
    const liked = await fetch(`${bUrl}/api/likes`, { method: 'POST', headers: { Authorization: `Bearer ${fan.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ target_type: 1, target_id: target.id }) })
    expect(liked.status).toBe(200)
    await expect.poll(async () => (await visitorGet<Feed>(a!.url, '/api/posts?page=1&limit=5')).posts.find((p) => p.id === target.id)?.like_count, { timeout: AT_ONCE_MS, interval: 20 }).toBe(target.like_count + 1)
    // Seen inside A's one-second cache window, only the invalidation can have done it (the totals above are
    // the hard proof; on a machine so loaded that the like took longer, this part shows nothing).
    if (Date.now() - warmed >= 1000) console.warn(`like seen ${Date.now() - warmed} ms after warming A's cache: inconclusive on this load`)
  })
})

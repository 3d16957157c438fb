/**
 * The CPU pools (server/telemetry/cpu-pool.ts) that keep image processing and password hashing from taking
 * every core: a pool runs at most `concurrency` tasks, queues the rest in order, turns work away once
 * `maxWaiting` wait, passes errors on and keeps going; uploads through the image pool still store images.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_MAX_WAITING, imagePool } from '../../../server/media/images'
import { createCpuPool, IMAGE_CONCURRENCY } from '../../../server/telemetry/cpu-pool'
import { poolRun } from '../../../server/telemetry/metrics'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { imageBlob } from '../member/support/notes'

class Busy extends Error {}

/** A task the test finishes by hand, recording when it started. */
function deferredTask(started: string[], label: string) {
  let finish!: (value: string) => void
  let fail!: (err: Error) => void
  const done = new Promise<string>((resolve, reject) => ((finish = resolve), (fail = reject)))
  return { work: () => (started.push(label), done), finish: () => finish(label), fail: (err: Error) => fail(err) }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('a CPU pool', () => {
  it('runs at most `concurrency` tasks and starts the waiting ones in order as slots free', async () => {
    const pool = createCpuPool({ name: 'test-order', concurrency: 2, maxWaiting: 10, busy: () => new Busy() })
    const started: string[] = []
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((label) => deferredTask(started, label))
    const results = tasks.map((t) => pool.run(t.work))
    await tick()
    expect(started).toEqual(['a', 'b'])
    expect([pool.active, pool.waiting]).toEqual([2, 3])
    tasks[1]!.finish()
    await tick()
    expect(started).toEqual(['a', 'b', 'c'])
    tasks[0]!.finish()
    await tick()
    expect(started).toEqual(['a', 'b', 'c', 'd'])
    expect([pool.active, pool.waiting]).toEqual([2, 1])
    for (const t of tasks.slice(2)) t.finish()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect([pool.active, pool.waiting]).toEqual([0, 0])
  })

  it("passes a task's error to its caller and goes on with the next task", async () => {
    const pool = createCpuPool({ name: 'test-errors', concurrency: 1, maxWaiting: 10, busy: () => new Busy() })
    const started: string[] = []
    const failing = deferredTask(started, 'fails')
    const next = deferredTask(started, 'next')
    const first = pool.run(failing.work)
    const second = pool.run(next.work)
    failing.fail(new Error('broken image'))
    await expect(first).rejects.toThrow('broken image')
    await tick()
    expect(started).toEqual(['fails', 'next'])
    next.finish()
    expect(await second).toBe('next')
  })

  it('turns work away with its busy error once maxWaiting tasks wait, and takes work again once they drain', async () => {
    const pool = createCpuPool({ name: 'test-busy', concurrency: 1, maxWaiting: 2, busy: () => new Busy('full') })
    const started: string[] = []
    const tasks = ['run', 'wait-1', 'wait-2'].map((label) => deferredTask(started, label))
    const accepted = [pool.run(tasks[0]!.work)]
    await tick()
    accepted.push(...tasks.slice(1).map((t) => pool.run(t.work)))
    expect([pool.active, pool.waiting]).toEqual([1, 2])
    await expect(pool.run(async () => 'refused')).rejects.toBeInstanceOf(Busy)
    for (const t of tasks) t.finish()
    await Promise.all(accepted)
    expect(await pool.run(async () => 'accepted again')).toBe('accepted again')
  })

  it('turns work away once a new task could expect to wait longer than maxWaitMs (tasks ahead per slot × the mean run)', async () => {
    let clock = 0
    const pool = createCpuPool({ name: 'test-wait', concurrency: 1, maxWaiting: 100, maxWaitMs: 250, busy: () => new Busy('slow'), now: () => clock })
    const started: string[] = []
    // Before any task has ended there is no mean: only maxWaiting bounds the queue.
    const first = deferredTask(started, 'first')
    const firstRun = pool.run(first.work)
    await tick()
    clock += 100
    first.finish()
    await firstRun
    // Mean run 100 ms: one running and one waiting is 200 ms ahead of a new task (taken), one more 300 ms (refused).
    const tasks = ['run', 'wait'].map((label) => deferredTask(started, label))
    const accepted = tasks.map((t) => pool.run(t.work))
    await tick()
    expect([pool.active, pool.waiting]).toEqual([1, 1])
    pool.admit()()
    const third = deferredTask(started, 'third')
    accepted.push(pool.run(third.work))
    await expect(pool.run(async () => 'refused')).rejects.toBeInstanceOf(Busy)
    expect(() => pool.admit()).toThrow(Busy)
    // Work of a request admitted as a whole before is never refused half-way.
    const late = deferredTask(started, 'late')
    accepted.push(pool.run(late.work, true))
    for (const t of [...tasks, third, late]) {
      clock += 100
      t.finish()
      await tick()
    }
    await Promise.all(accepted)
    expect(started).toEqual(['first', 'run', 'wait', 'third', 'late'])
    // Requests admitted count as work ahead until they are over, queued or not (their bodies still being read):
    // with two ahead a third is taken (200 ms), with three a fourth is not (300 ms).
    const admissions = [pool.admit(), pool.admit(), pool.admit()]
    expect(() => pool.admit()).toThrow(Busy)
    admissions[0]!()
    admissions[0]!() // ending twice counts once: two are still ahead, so one more is taken and the next is not
    const fourth = pool.admit()
    expect(() => pool.admit()).toThrow(Busy)
    for (const over of [admissions[1]!, admissions[2]!, fourth]) over()
    pool.admit()()
  })

  it('records each run in the pool metrics', async () => {
    const pool = createCpuPool({ name: 'test-metrics', concurrency: 1, maxWaiting: 5, busy: () => new Busy() })
    await Promise.all([1, 2, 3].map((n) => pool.run(async () => n)))
    const count = (await poolRun.get()).values.find((v) => v.metricName === 'shiliu_cpu_pool_run_seconds_count' && v.labels.pool === 'test-metrics')
    expect(count?.value).toBe(3)
  })
})

describe('uploads through the image pool', () => {
  let server: TestServer
  let member: Member
  beforeAll(async () => {
    server = await startTestServer()
    member = await registerMember(server)
  })
  afterAll(() => server?.close())

  it('stores every image of concurrent multi-image uploads, never processing more than IMAGE_CONCURRENCY at once', async () => {
    const runsBefore = (await poolRun.get()).values.find((v) => v.metricName === 'shiliu_cpu_pool_run_seconds_count' && v.labels.pool === 'image')?.value ?? 0
    let most = 0
    let queued = 0
    const sampler = setInterval(() => ((most = Math.max(most, imagePool.active)), (queued = Math.max(queued, imagePool.waiting))), 1)
    const uploads = [0, 1, 2].map(async (i) => {
      const body = new FormData()
      for (let n = 0; n < 3; n++) body.append('files', await imageBlob({ width: 1800, height: 1200, format: 'jpeg', color: `#${i}${n}8844` }), `p${n}.jpg`)
      return server.call<{ uploaded: Array<{ url: string }>; failed: unknown[] }>('POST', '/api/upload/multiple', { token: member.token, body })
    })
    // A read while images queue is answered without waiting for them (it needs no slot of the image pool).
    while (imagePool.waiting === 0 && most === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    const read = await server.call('GET', '/api/posts?page=1&limit=20', { token: member.token })
    expect(read.status).toBe(200)
    expect(imagePool.active + imagePool.waiting).toBeGreaterThan(0)
    const replies = await Promise.all(uploads)
    clearInterval(sampler)
    for (const reply of replies) {
      expect(reply.status).toBe(200)
      expect(reply.body.data.uploaded).toHaveLength(3)
      expect(reply.body.data.failed).toEqual([])
      for (const image of reply.body.data.uploaded) expect((await server.fetch(image.url)).status).toBe(200)
    }
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(IMAGE_CONCURRENCY)
    expect(imagePool.concurrency).toBe(IMAGE_CONCURRENCY)
    const runsAfter = (await poolRun.get()).values.find((v) => v.metricName === 'shiliu_cpu_pool_run_seconds_count' && v.labels.pool === 'image')?.value ?? 0
    expect(runsAfter - runsBefore).toBe(9)
    if (IMAGE_CONCURRENCY < 9) expect(queued).toBeGreaterThan(0)
  })

  it('refuses an image upload with 503 before reading its body while the pool queue is full', async () => {
    // The pool's slot taken and its queue full of tasks the test finishes by hand.
    const started: string[] = []
    const blockers = Array.from({ length: IMAGE_CONCURRENCY + IMAGE_MAX_WAITING }, (_, i) => deferredTask(started, `held-${i}`))
    // Queued as admitted work, so the pool's wait bound (IMAGE_MAX_WAIT_MS) does not refuse the blockers themselves.
    const held = blockers.slice(0, IMAGE_CONCURRENCY).map((t) => imagePool.run(t.work, true))
    let request: http.ClientRequest | null = null
    try {
      await tick()
      held.push(...blockers.slice(IMAGE_CONCURRENCY).map((t) => imagePool.run(t.work, true)))
      expect(imagePool.waiting).toBe(IMAGE_MAX_WAITING)
      // A body that never ends: a server that read it before refusing would never answer.
      const reply = await new Promise<{ status: number; retryAfter: string | undefined; body: { message?: string } }>((resolve, reject) => {
        request = http.request(`${server.url}/api/upload/single`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'content-type': 'multipart/form-data; boundary=cut' } }, (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) as { message?: string } }))
        })
        request.on('error', reject)
        request.write('--cut\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n')
        request.write(Buffer.alloc(64 * 1024, 0xff))
      })
      expect(reply.status).toBe(503)
      expect(reply.retryAfter).toBe('5')
      expect(reply.body.message).toBe('图片处理繁忙，请稍后重试')
      expect(started).toHaveLength(IMAGE_CONCURRENCY)
    } finally {
      ;(request as http.ClientRequest | null)?.destroy()
      for (const t of blockers) t.finish()
      await Promise.all(held)
    }
  })
})

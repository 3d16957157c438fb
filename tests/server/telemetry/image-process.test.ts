/**
 * Image work yields the CPU to requests (issue 42): uploads are encoded in an image process of their own
 * (server/media/image-process.ts, image-worker.ts) whose every thread runs at a lower OS priority than the
 * server, with libvips and libuv threads sized to the image pool's share, never encoding more images at once
 * than that share (as the process itself counts them); a process that dies is replaced for the next upload.
 * The queue bound and the 503 + Retry-After refusal are in cpu-pool.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs'
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageProcess } from '../../../server/media/images'
import { IMAGE_CONCURRENCY, IMAGE_NICE, IMAGE_THREADS } from '../../../server/telemetry/cpu-pool'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { imageBlob } from '../member/support/notes'

/** Every thread of a process (Linux), or just the process elsewhere. */
const threadsOf = (pid: number): number[] => (existsSync(`/proc/${pid}/task`) ? readdirSync(`/proc/${pid}/task`).map(Number) : [pid])

/** A thread's priority, or null once it has ended. */
function priorityOf(tid: number): number | null {
  try {
    return os.getPriority(tid)
  } catch {
    return null
  }
}

async function upload(server: TestServer, member: Member, photos: number, seed: number) {
  const body = new FormData()
  for (let n = 0; n < photos; n++) body.append('files', await imageBlob({ width: 1600, height: 1200, format: 'jpeg', color: `#${seed}${n}6644` }), `p${n}.jpg`)
  return server.call<{ uploaded: Array<{ url: string }>; failed: unknown[] }>('POST', '/api/upload/multiple', { token: member.token, body })
}

describe('the image process', () => {
  let server: TestServer
  let member: Member
  beforeAll(async () => {
    server = await startTestServer()
    member = await registerMember(server)
  })
  afterAll(() => server?.close())

  it('encodes uploads in a process of its own whose every thread has a lower priority than the server', async () => {
    const reply = await upload(server, member, 1, 1)
    expect(reply.status).toBe(200)
    const { mode, pid, ready } = imageProcess.state
    expect(mode).toBe('process')
    expect(pid).not.toBeNull()
    expect(pid).not.toBe(process.pid)
    const serverPriority = os.getPriority()
    // Lower priority is a higher nice value; a server already at the lowest leaves nothing lower to take.
    const expected = Math.max(IMAGE_NICE, serverPriority)
    expect(expected).toBeGreaterThan(serverPriority)
    expect(ready?.nice).toBe(expected)
    const priorities = threadsOf(pid!).map(priorityOf).filter((p) => p !== null)
    expect(priorities.length).toBeGreaterThan(0)
    for (const p of priorities) expect(p).toBe(expected)
    // Its share: the pool's slots as libuv threads, IMAGE_THREADS libvips threads per image.
    expect(ready?.uvThreads).toBe(IMAGE_CONCURRENCY)
    expect(ready?.threads).toBe(IMAGE_THREADS)
  })

  it('never encodes more images at once than the image pool allows, however many uploads arrive together', async () => {
    const replies = await Promise.all([0, 1, 2].map((i) => upload(server, member, 3, i + 2)))
    // The first is always admitted (nothing ahead of it); the others may be refused for the wait they would face
    // on a slow machine (cpu-pool.test.ts). An upload's images are queued together, so one is enough to test.
    expect(replies.map((r) => r.status).every((s) => s === 200 || s === 503)).toBe(true)
    const stored = replies.filter((r) => r.status === 200)
    expect(stored.length).toBeGreaterThan(0)
    for (const reply of stored) expect(reply.body.data.uploaded).toHaveLength(3)
    expect(imageProcess.state.peak).toBeGreaterThan(0)
    expect(imageProcess.state.peak).toBeLessThanOrEqual(IMAGE_CONCURRENCY)
  })

  it('is replaced once it dies: the next upload is stored by a new one', async () => {
    const before = imageProcess.state.pid!
    process.kill(before, 'SIGKILL')
    const deadline = Date.now() + 10_000
    while (imageProcess.state.pid === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    const reply = await upload(server, member, 2, 9)
    expect(reply.status).toBe(200)
    expect(reply.body.data.uploaded).toHaveLength(2)
    for (const image of reply.body.data.uploaded) expect((await server.fetch(image.url)).status).toBe(200)
    expect(imageProcess.state.pid).not.toBeNull()
    expect(imageProcess.state.pid).not.toBe(before)
    expect(os.getPriority(imageProcess.state.pid!)).toBeGreaterThan(os.getPriority())
  })
})

/**
 * Views off the request path: note detail answers without waiting for a write; the view is buffered and
 * written in a batch; a view of a note deleted before the flush leaves no post_views row; a visitor is
 * their address (a new User-Agent does not count again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flushViews } from '../../../server/domain/views'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbCount } from '../../support/sql'
import { holdRowLock } from '../../support/storage'
import { createCategory, createNote, uploadImage } from '../member/support/notes'

let server: TestServer
let author: Member
let readers: Member[]
let image: string
let category: number

beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server)
  readers = await Promise.all([registerMember(server), registerMember(server), registerMember(server)])
  image = (await uploadImage(server, author.token)).url
  category = await createCategory(server, '浏览', 'views')
})
afterAll(() => server.close())

const stored = (sql: string, params: unknown[]) => dbCount(server.deps.db, sql, params)
const detail = (id: number, init: { token?: string; userAgent?: string } = {}) =>
  server.fetch(`/api/posts/${id}`, { token: init.token, headers: init.userAgent ? { 'user-agent': init.userAgent } : {} }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: { view_count: number } } }))

describe('views', () => {
  it('answers note detail while the note is write-locked elsewhere, and writes the views once it is free', async () => {
    const id = await createNote(server, author.token, { images: [image], category_id: category })
    const lock = holdRowLock(server.deps.config.database, 'posts', id)
    await lock.held
    const started = Date.now()
    const replies = await Promise.all(readers.map((r) => detail(id, { token: r.token })))
    expect(Date.now() - started).toBeLessThan(1000)
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200])
    // Each reader sees their own view counted at once.
    expect(Math.max(...replies.map((r) => r.body.data.view_count))).toBe(3)
    await lock.release()
    await flushViews(server.deps.db)
    expect(await stored('SELECT view_count AS n FROM posts WHERE id = ?', [id])).toBe(3)
    expect(await stored('SELECT COUNT(*) AS n FROM post_views WHERE post_id = ?', [id])).toBe(3)
  })

  it('never leaves a post_views row for a note deleted before its views were written', async () => {
    const id = await createNote(server, author.token, { images: [image], category_id: category })
    for (const r of readers) expect((await detail(id, { token: r.token })).status).toBe(200)
    expect((await detail(id)).status).toBe(200)
    // Deleted while the views wait in the buffer.
    expect((await server.call('DELETE', `/api/posts/${id}`, { token: author.token })).status).toBe(200)
    await flushViews(server.deps.db)
    expect(await stored('SELECT COUNT(*) AS n FROM post_views WHERE post_id = ?', [id])).toBe(0)
    expect(await stored('SELECT COUNT(*) AS n FROM post_views pv WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = pv.post_id)', [])).toBe(0)
  })

  it('shows every view exactly once while buffered views are being written during the request', async () => {
    // Each round: views wait in the buffer, and a flush commits them while a detail request is under way, started
    // a few more event-loop turns later each round so that some rounds commit between the request's read of the
    // stored count and its adding of the buffered views.
    const flushAfterTurns = async (turns: number) => {
      for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve))
      await flushViews(server.deps.db)
    }
    for (let turns = 0; turns < 16; turns++) {
      const id = await createNote(server, author.token, { images: [image], category_id: category })
      for (const r of readers.slice(0, 2)) expect((await detail(id, { token: r.token })).status).toBe(200)
      const [member] = await Promise.all([detail(id, { token: readers[2]!.token }), flushAfterTurns(turns)])
      expect(member.body.data.view_count).toBe(3)
      const [visitor] = await Promise.all([detail(id), flushAfterTurns(turns)])
      expect(visitor.body.data.view_count).toBe(4)
      await flushViews(server.deps.db)
      expect(await stored('SELECT view_count AS n FROM posts WHERE id = ?', [id])).toBe(4)
    }
  })

  it('counts a visitor once per hour whatever User-Agent they send', async () => {
    const id = await createNote(server, author.token, { images: [image], category_id: category })
    const first = await detail(id, { userAgent: 'Browser A' })
    const second = await detail(id, { userAgent: 'Browser B' })
    await flushViews(server.deps.db)
    const third = await detail(id, { userAgent: 'curl/8' })
    expect([first.body.data.view_count, second.body.data.view_count, third.body.data.view_count]).toEqual([1, 1, 1])
    await flushViews(server.deps.db)
    expect(await stored('SELECT view_count AS n FROM posts WHERE id = ?', [id])).toBe(1)
  })
})

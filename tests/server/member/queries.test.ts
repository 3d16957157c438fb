import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listGeneration } from '../../../server/db/list-cache'
import { readerFor } from '../../../server/db/reader'
import { flushViews } from '../../../server/domain/views'
import { runsOn } from '../../support/engines'
import { registerMember, type Member } from '../../support/members'
import { countQueries, statementsOf } from '../../support/query-count'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, uploadImage } from './support/notes'
import { badPlanLines, captureReads, queryPlan } from './support/plans'

/*
 * Performance guards: list endpoints run a fixed number of SQL statements whatever the page size (no query
 * per row), and on SQLite every list statement is served by an index (no full scan of a big table, no sort
 * of the whole result). Note: the planner sees an ANALYZE-less small database here, the worst case for
 * index choice.
 */

let server: TestServer
let member: Member
let noteId: number
let commentId: number

beforeAll(async () => {
  server = await startTestServer()
  member = await registerMember(server)
  const other = await registerMember(server)
  const category = await createCategory(server, '学习', 'study')
  const img = await uploadImage(server, member.token)
  for (let i = 0; i < 24; i++) await createNote(server, member.token, { title: `图书馆笔记${i}`, images: [img.url, img.url], tags: ['学习', `标签${i % 3}`], category_id: category })
  noteId = await createNote(server, other.token, { title: '评论很多的笔记', images: [(await uploadImage(server, other.token)).url], category_id: category })
  for (let i = 0; i < 12; i++) {
    const { body } = await server.call<{ id: number }>('POST', '/api/comments', { token: i % 2 ? member.token : other.token, json: { post_id: noteId, content: `评论${i}` } })
    commentId = body.data.id
    for (let r = 0; r < 3; r++) await server.call('POST', '/api/comments', { token: member.token, json: { post_id: noteId, content: `回复${r}`, parent_id: body.data.id } })
  }
  await server.call('POST', '/api/likes', { token: member.token, json: { target_type: 1, target_id: noteId } })
})
afterAll(() => server?.close())

const statements = (path: string, token?: string): Promise<number> => statementsOf(server, path, token)

describe('fixed number of SQL statements per list, whatever the page size', () => {
  it.each([
    ['feed', (limit: number) => `/api/posts?limit=${limit}`],
    ['recommend', (limit: number) => `/api/posts?category=recommend&limit=${limit}`],
    ['category feed', (limit: number) => `/api/posts?category=study&limit=${limit}`],
    ['comments', (limit: number) => `/api/posts/${noteId}/comments?limit=${limit}`],
    ['replies', (limit: number) => `/api/comments/${commentId}/replies?limit=${limit}`],
    ['search', (limit: number) => `/api/search?keyword=${encodeURIComponent('图书')}&type=all&limit=${limit}`],
  ])('%s', async (name, url) => {
    for (const token of [undefined, member.token]) {
      // A member's first 推荐 page ranks and writes the session; the page after it reads the row once (it is kept
      // until the next commit: discovery/session.ts). Start both counts from a written session.
      if (name === 'recommend' && token) await server.call('GET', url(1), { token })
      const small = await statements(url(1), token)
      const large = await statements(url(20), token)
      expect(large).toBe(small)
      expect(large).toBeLessThanOrEqual(6)
    }
  })

  it('note detail takes two reads (plus the session check when signed in), one where its stable part is cached; a repeat visitor none', async () => {
    await server.call('GET', `/api/posts/${noteId}`, { token: member.token }) // the first view is written once
    // ... 250 ms later, from a buffer: written now, or a slow machine writes it inside the count below (CI run of
    // stop 31, PostgreSQL: 10 statements, the buffered write's 7 among them)
    await flushViews(server.deps.db)
    // SQLite keeps the note's stable part like its card (presenters/card-cache.ts): only its live statement runs.
    expect(await statements(`/api/posts/${noteId}`, member.token)).toBe(readerFor(server.deps.db).cardWrites ? 2 : 3)
    await server.call('GET', `/api/posts/${noteId}`) // counts this visitor's view
    // Writing the buffered view (250 ms later) drops the shared copy: now, not between the two reads below (CI,
    // stop 28, PostgreSQL: the repeat visit reloaded it).
    await flushViews(server.deps.db)
    // The promise: within the shared copy's second, with no write in this process, a repeat visitor costs no SQL.
    // A measurement that did not meet those terms (another test server's write moved the list generation, or a
    // loaded machine took over a second) is taken again.
    for (let attempt = 1; ; attempt++) {
      const [generation, t0] = [listGeneration(), Date.now()]
      await server.call('GET', `/api/posts/${noteId}`) // loads the shared copy
      const counter = countQueries(server.deps.db)
      try {
        expect((await server.call('GET', `/api/posts/${noteId}`)).status).toBe(200)
        if ((listGeneration() === generation && Date.now() - t0 < 1000) || attempt === 5) {
          expect(counter.count).toBe(0)
          break
        }
      } finally {
        counter.restore()
      }
    }
  })
})

describe("visitors' micro-cache of list replies", () => {
  it('answers a repeated anonymous list request without SQL, and a write makes the next reply live', async () => {
    const url = `/api/posts?category=study&limit=3`
    const first = await server.call<{ posts: Array<{ id: number; like_count: number }> }>('GET', url)
    const counter = countQueries(server.deps.db)
    const again = await server.call<{ posts: Array<{ id: number; like_count: number }> }>('GET', url)
    expect(counter.count).toBe(0)
    counter.restore()
    expect(again.body).toEqual(first.body)
    const top = first.body.data.posts[0]!
    const fan = await registerMember(server)
    await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: top.id } })
    const after = await server.call<{ posts: Array<{ id: number; like_count: number }> }>('GET', url)
    expect(after.body.data.posts[0]!.like_count).toBe(top.like_count + 1)
    // Signed-in members are never served from it.
    const counted = countQueries(server.deps.db)
    await server.call('GET', url, { token: member.token })
    expect(counted.count).toBeGreaterThan(0)
    counted.restore()
  })
})

describe.runIf(runsOn('sqlite'))('EXPLAIN QUERY PLAN on SQLite: index only', () => {
  it.each([
    '/api/posts',
    '/api/posts?page=3&limit=5',
    '/api/posts?type=1',
    '/api/posts?category=study',
    '/api/posts?category=recommend',
    '/api/posts?category=study&recommend=1',
    `/api/posts/${1}/comments`,
    `/api/search?keyword=${encodeURIComponent('图')}&type=posts`,
    `/api/search?keyword=${encodeURIComponent('图书馆')}&type=videos`,
    `/api/search?tag=${encodeURIComponent('学习')}&type=all`,
    `/api/posts?keyword=${encodeURIComponent('笔记')}`,
  ])('%s', async (url) => {
    const captured = await captureReads(server.deps.db, () => server.call('GET', url, { token: member.token }))
    expect(captured.length).toBeGreaterThan(0)
    for (const statement of captured) {
      const plan = await queryPlan(server.deps.db, statement)
      // Tag chips group at most TAG_STATS_SAMPLE rows; a card page re-sorts only its own page of rows (the
      // final line). Everything else must not sort or scan.
      let relevant = /GROUP BY t\.id/.test(statement.sql) ? plan.filter((l) => !/TEMP B-TREE/.test(l)) : plan
      if (/\) pg CROSS JOIN posts p/.test(statement.sql) && /TEMP B-TREE FOR ORDER BY/.test(relevant.at(-1) ?? '')) relevant = relevant.slice(0, -1)
      // A keyword page sorts its relevance window by score: at most RANK_WINDOW rows (search/index.ts).
      if (/\) w ORDER BY w\.score DESC/.test(statement.sql)) {
        const sort = relevant.findIndex((l) => /TEMP B-TREE FOR ORDER BY/.test(l))
        relevant = relevant.filter((_, k) => k !== sort)
      }
      expect(badPlanLines(relevant), `${statement.sql}\n${plan.join('\n')}`).toEqual([])
      if (/posts_fts/.test(statement.sql)) expect(plan.some((l) => /posts_fts VIRTUAL TABLE INDEX/.test(l))).toBe(true)
    }
  })
})

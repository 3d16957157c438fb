/**
 * The 关注 timeline (issue 38, docs/discovery.md): GET /api/posts/following lists the listed notes of the people
 * a member follows, newest first; cursor paging never repeats or skips a note while others publish; it hides
 * what the feed hides (drafts, hidden and held notes, blocked members); the first page counts the notes new
 * since the last visit; GET /api/posts/following/new counts them without moving the mark; GET /api/users/suggestions
 * proposes people to follow. Runs on every engine of the run (SHILIU_TEST_ENGINES).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Moderation } from '../../../server/db/visibility'
import { shapeFor } from '../../../server/domain/following'
import { setNoteModeration } from '../../../server/domain/moderation-state'
import { adminToken, createAdmin } from '../admin/support'
import { ban } from '../moderation/support'
import { counterMismatches } from '../../support/consistency'
import { loginMember, registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, uploadImage } from './support/notes'

interface Card {
  id: number
  user_id: string
  created_at: string
}
interface Timeline {
  posts: Card[]
  pagination: { page: number; limit: number; total: number; pages: number }
  next_cursor: string | null
  head_cursor: string | null
  new_count: number
  last_visit_cursor: string | null
}
interface Suggestion {
  user_id: string
  shared_interests: string[]
  followed_by_count: number
  reason: string
  buttonType: string
}

describe('关注 timeline: GET /api/posts/following', () => {
  let server: TestServer
  let categoryId: number
  beforeAll(async () => {
    server = await startTestServer()
    categoryId = await createCategory(server, '关注测试', 'followingtest')
  })
  afterAll(() => server?.close())

  const timeline = async (m: Member, query = '') => {
    const { status, body } = await server.call<Timeline>('GET', `/api/posts/following${query}`, { token: m.token })
    expect(status, body.message).toBe(200)
    return body.data
  }
  const ids = async (m: Member, query = '') => (await timeline(m, query)).posts.map((p) => p.id)
  const follow = async (a: Member, b: Member) => expect((await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
  /** One uploaded image per member, reused by their notes. */
  const images = new Map<number, Promise<string>>()
  const imageOf = (m: Member) => images.get(m.id) ?? (images.set(m.id, uploadImage(server, m.token).then((i) => i.url)), images.get(m.id)!)
  const publish = async (m: Member, title = '笔记') => createNote(server, m.token, { title, category_id: categoryId, images: [await imageOf(m)] })
  /** Every page by cursor, from the first. */
  const allByCursor = async (m: Member, limit: number, between?: (page: number) => Promise<void>) => {
    const seen: number[] = []
    let cursor: string | null = null
    for (let page = 0; page < 100; page++) {
      const data: Timeline = await timeline(m, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...data.posts.map((p) => p.id))
      cursor = data.next_cursor
      if (!cursor) break
      await between?.(page)
    }
    return seen
  }

  it('401 for visitors, on the timeline, its new count and the suggestions', async () => {
    for (const path of ['/api/posts/following', '/api/posts/following/new', '/api/users/suggestions']) {
      const { status, body } = await server.call('GET', path)
      expect(status, path).toBe(401)
      expect(body.success).toBe(false)
    }
  })

  it('400 with a clear message for a bad cursor or limit', async () => {
    const m = await registerMember(server)
    for (const [query, message] of [
      ['?cursor=abc', 'cursor 无效'],
      ['?cursor=zzzzzzzzzzz.1', 'cursor 无效'],
      ['?cursor=1.0', 'cursor 无效'],
      ['?limit=0', 'limit 必须是正整数'],
      ['?limit=101', 'limit 不能超过100'],
      ['?page=-1', 'page 必须是正整数'],
    ] as const) {
      const { status, body } = await server.call('GET', `/api/posts/following${query}`, { token: m.token })
      expect(status, query).toBe(400)
      expect(body.message, query).toContain(message)
    }
    expect((await server.call('GET', '/api/posts/following/new?cursor=%20', { token: m.token })).status).toBe(400)
    expect((await server.call('GET', '/api/users/suggestions?limit=31', { token: m.token })).status).toBe(400)
  })

  it("lists the followed members' notes newest first, nobody else's, and page/limit still works", async () => {
    const [reader, a, b, stranger] = [await registerMember(server), await registerMember(server), await registerMember(server), await registerMember(server)]
    const made: number[] = []
    for (let i = 0; i < 3; i++) {
      made.push(await publish(a, `a${i}`))
      made.push(await publish(b, `b${i}`))
      await publish(stranger, `s${i}`)
    }
    expect(await ids(reader)).toEqual([])
    await follow(reader, a)
    await follow(reader, b)
    const newestFirst = [...made].reverse()
    const first = await timeline(reader)
    expect(first.posts.map((p) => p.id)).toEqual(newestFirst)
    expect(first.posts.every((p) => p.user_id === a.user_id || p.user_id === b.user_id)).toBe(true)
    expect(first.next_cursor).toBeNull()
    // Offset paging for clients that only know page and limit.
    expect([...(await ids(reader, '?page=1&limit=4')), ...(await ids(reader, '?page=2&limit=4'))]).toEqual(newestFirst)
    expect((await timeline(reader, '?page=2&limit=4')).pagination).toMatchObject({ page: 2, limit: 4 })
  })

  it('cursor paging repeats and skips nothing while followed members publish between (and during) the pages', async () => {
    const [reader, a, b] = [await registerMember(server), await registerMember(server), await registerMember(server)]
    await follow(reader, a)
    await follow(reader, b)
    const before: number[] = []
    for (let i = 0; i < 12; i++) before.push(await publish(i % 2 ? a : b, `旧${i}`))
    const during: number[] = []
    const seen = await allByCursor(reader, 5, async () => {
      // Two members publish concurrently with the next page's request.
      const [x, y] = await Promise.all([publish(a, '新a'), publish(b, '新b')])
      during.push(x, y)
    })
    expect(new Set(seen).size, 'no note twice').toBe(seen.length)
    expect(seen, 'every note that existed when paging began, in order, none skipped').toEqual([...before].reverse())
    expect(seen.filter((id) => during.includes(id))).toEqual([])
    // Read again from the top: everything, once each.
    const again = await allByCursor(reader, 5)
    expect(new Set(again).size).toBe(again.length)
    expect([...again].sort((p, q) => p - q)).toEqual([...before, ...during].sort((p, q) => p - q))
  })

  it('pages requested concurrently with a stream of publications stay disjoint and complete', async () => {
    const [reader, a] = [await registerMember(server), await registerMember(server)]
    await follow(reader, a)
    const existing: number[] = []
    for (let i = 0; i < 9; i++) existing.push(await publish(a, `稳${i}`))
    const first = await timeline(reader, '?limit=3')
    const publishing = Promise.all(Array.from({ length: 6 }, (_, i) => publish(a, `流${i}`)))
    const rest: number[] = []
    let cursor = first.next_cursor
    while (cursor) {
      const page: Timeline = await timeline(reader, `?limit=3&cursor=${cursor}`)
      rest.push(...page.posts.map((p) => p.id))
      cursor = page.next_cursor
    }
    await publishing
    expect([...first.posts.map((p) => p.id), ...rest]).toEqual([...existing].reverse())
  })

  it('hides drafts, hidden and held notes like the feed; a banned author keeps the listed notes the feed keeps', async () => {
    const [reader, author] = [await registerMember(server), await registerMember(server)]
    await follow(reader, author)
    const shown = await publish(author, '公开')
    const draft = (await server.call<{ id: number }>('POST', '/api/posts', { token: author.token, json: { title: '草稿', content: '内容', is_draft: true, category_id: categoryId, images: [await imageOf(author)] } })).body.data.id
    const hidden = await publish(author, '将被隐藏')
    const held = await publish(author, '将待审核')
    await setNoteModeration(server.deps.db, hidden, Moderation.hidden, '广告')
    await setNoteModeration(server.deps.db, held, Moderation.pending, null)
    const feedOfAuthor = (await server.call<{ posts: Card[] }>('GET', `/api/posts?user_id=${author.user_id}`, { token: reader.token })).body.data.posts.map((p) => p.id)
    expect(feedOfAuthor).toEqual([shown])
    expect(await ids(reader)).toEqual([shown])
    expect(await ids(reader)).not.toContain(draft)

    await createAdmin(server, 'tladmin')
    await ban(server, await adminToken(server, 'tladmin'), author.id, { reason: '刷屏' })
    // A ban stops writes, not what was listed: the same notes as the feed.
    expect((await server.call<{ posts: Card[] }>('GET', `/api/posts?user_id=${author.user_id}`, { token: reader.token })).body.data.posts.map((p) => p.id)).toEqual([shown])
    expect(await ids(reader)).toEqual([shown])
    // A banned member still reads their own timeline.
    expect((await server.call('GET', '/api/posts/following', { token: author.token })).status).toBe(200)
    // Restored, the hidden note comes back.
    await setNoteModeration(server.deps.db, hidden, Moderation.visible, null)
    expect(await ids(reader)).toEqual([hidden, shown])
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('blocks either way empty the timeline of that member; pages stay full', async () => {
    const [reader, friend, blockedByMe, blocksMe] = [await registerMember(server), await registerMember(server), await registerMember(server), await registerMember(server)]
    for (const m of [friend, blockedByMe, blocksMe]) await follow(reader, m)
    const friendNotes: number[] = []
    for (let i = 0; i < 4; i++) {
      friendNotes.push(await publish(friend, `友${i}`))
      await publish(blockedByMe, `拉黑${i}`)
      await publish(blocksMe, `对方${i}`)
    }
    expect((await ids(reader)).length).toBe(12)
    expect((await server.call('POST', `/api/users/${blockedByMe.user_id}/block`, { token: reader.token })).status).toBe(200)
    expect((await server.call('POST', `/api/users/${reader.user_id}/block`, { token: blocksMe.token })).status).toBe(200)
    expect(await ids(reader, '?limit=3')).toEqual([...friendNotes].reverse().slice(0, 3))
    expect(await allByCursor(reader, 3)).toEqual([...friendNotes].reverse())
    // Unblocked, a member followed again is back.
    expect((await server.call('DELETE', `/api/users/${blockedByMe.user_id}/block`, { token: reader.token })).status).toBe(200)
    await follow(reader, blockedByMe)
    expect((await ids(reader)).length).toBe(8)
  })

  it('the first page counts the notes since the last visit; /new counts after a cursor without moving the mark', async () => {
    const [reader, a] = [await registerMember(server), await registerMember(server)]
    await follow(reader, a)
    const old = [await publish(a, '旧1'), await publish(a, '旧2')]
    const firstVisit = await timeline(reader)
    expect(firstVisit.new_count).toBe(0)
    expect(firstVisit.last_visit_cursor).toBeNull()
    const head = firstVisit.head_cursor!
    expect(head).toBeTruthy()
    const fresh = [await publish(a, '新1'), await publish(a, '新2'), await publish(a, '新3')]
    const check = await server.call<{ new_count: number }>('GET', `/api/posts/following/new?cursor=${head}`, { token: reader.token })
    expect(check.body.data.new_count).toBe(3)
    expect((await server.call<{ new_count: number }>('GET', '/api/posts/following/new', { token: reader.token })).body.data.new_count).toBe(3)
    // Later pages and /new do not end the visit.
    await timeline(reader, `?limit=1&cursor=${head}`)
    const second = await timeline(reader)
    expect(second.new_count).toBe(3)
    expect(second.last_visit_cursor).toBe(head)
    expect(second.posts.map((p) => p.id)).toEqual([...fresh.reverse(), ...old.reverse()])
    const third = await timeline(reader)
    expect(third.new_count).toBe(0)
    expect(third.last_visit_cursor).toBe(second.head_cursor)
    // More new notes than a page: counted by a statement, capped at 100.
    for (let i = 0; i < 4; i++) await publish(a, `更新${i}`)
    expect((await timeline(reader, '?limit=2')).new_count).toBe(4)
    expect((await server.call<{ new_count: number }>('GET', '/api/posts/following/new', { token: reader.token })).body.data.new_count).toBe(0)
  })

  it('the last visit is kept on the server: another session of the member sees the same count', async () => {
    const [reader, a] = [await registerMember(server), await registerMember(server)]
    await follow(reader, a)
    await publish(a, '一')
    await timeline(reader)
    await publish(a, '二')
    const other = await loginMember(server, reader.user_id)
    // Written after the reply through the writer: the other session reads it from the database.
    let count = -1
    for (let i = 0; i < 50 && count !== 1; i++) {
      count = (await server.call<{ new_count: number }>('GET', '/api/posts/following/new', { token: other.token })).body.data.new_count
      if (count !== 1) await new Promise((r) => setTimeout(r, 20))
    }
    expect(count).toBe(1)
  })
})

describe('people to follow: GET /api/users/suggestions', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  const suggestions = async (m: Member) => {
    const { status, body } = await server.call<{ users: Suggestion[] }>('GET', '/api/users/suggestions?limit=30', { token: m.token })
    expect(status, body.message).toBe(200)
    return body.data.users
  }
  const setInterests = async (m: Member, interests: string[]) =>
    expect((await server.call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { interests } })).status).toBe(200)

  it('proposes follows of follows and shared interests, never self, followed or blocked members', async () => {
    const [me, friend, fof, twin, blocked, blocker, followed] = await Promise.all(Array.from({ length: 7 }, () => registerMember(server)))
    await setInterests(me, ['摄影', '旅行'])
    await setInterests(twin, ['旅行', '美食'])
    await setInterests(blocked, ['摄影'])
    await setInterests(blocker, ['摄影'])
    await setInterests(followed, ['摄影'])
    for (const [a, b] of [
      [me, friend],
      [me, followed],
      [friend, fof],
      [friend, blocked],
    ] as const)
      expect((await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
    expect((await server.call('POST', `/api/users/${blocked.user_id}/block`, { token: me.token })).status).toBe(200)
    expect((await server.call('POST', `/api/users/${me.user_id}/block`, { token: blocker.token })).status).toBe(200)

    const list = await suggestions(me)
    const byId = new Map(list.map((s) => [s.user_id, s]))
    expect(byId.get(fof.user_id)).toMatchObject({ followed_by_count: 1, buttonType: 'follow', reason: '1 位你关注的人也关注了TA' })
    expect(byId.get(twin.user_id)).toMatchObject({ shared_interests: ['旅行'], reason: '共同兴趣：旅行' })
    for (const m of [me, friend, followed, blocked, blocker]) expect(byId.has(m.user_id), m.user_id).toBe(false)
    // The social signal first.
    expect(list[0]!.user_id).toBe(fof.user_id)
  })
})

describe('关注 timeline read by date (the followed authors wrote most notes)', () => {
  let server: TestServer
  afterAll(() => server?.close())

  it('pages by cursor repeat and skip nothing while the author publishes, and blocks still apply', async () => {
    server = await startTestServer()
    const categoryId = await createCategory(server, '按时间', 'bydate')
    const [reader, author, other] = [await registerMember(server), await registerMember(server), await registerMember(server)]
    const image = async (m: Member) => (await uploadImage(server, m.token)).url
    const [authorImage, otherImage] = [await image(author), await image(other)]
    const publish = (m: Member, img: string) => createNote(server, m.token, { title: '笔记', category_id: categoryId, images: [img] })
    expect((await server.call('POST', `/api/users/${author.user_id}/follow`, { token: reader.token })).status).toBe(200)
    const notes: number[] = []
    for (let i = 0; i < 20; i++) notes.push(await publish(author, authorImage))
    await publish(other, otherImage)
    // 20 of 21 listed notes are the timeline's: the statement walks the feed's index by date (domain/following.ts).
    expect(shapeFor(20, 21, 5)).toBe('by-date')
    const seen: number[] = []
    let cursor: string | null = null
    do {
      const reply: { body: { data: Timeline } } = await server.call<Timeline>('GET', `/api/posts/following?limit=5${cursor ? `&cursor=${cursor}` : ''}`, { token: reader.token })
      seen.push(...reply.body.data.posts.map((p) => p.id))
      cursor = reply.body.data.next_cursor
      if (cursor) await publish(author, authorImage)
    } while (cursor)
    expect(seen).toEqual([...notes].reverse())
    // A member the reader blocks: gone from the timeline (and unfollowed).
    expect((await server.call('POST', `/api/users/${author.user_id}/block`, { token: reader.token })).status).toBe(200)
    expect((await server.call<Timeline>('GET', '/api/posts/following', { token: reader.token })).body.data.posts).toEqual([])
  })
})

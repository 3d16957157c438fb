import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertMember, uniqueId, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { insertPost } from '../../support/rows'
import { dbRun } from '../../support/sql'
import { createCategory, createNote, ownImage } from './support/notes'

interface Card {
  id: number
  title: string
  like_count: number
  liked: boolean
  collected: boolean
  highlight?: { title: Array<[number, number]> }
  recommend_reason?: { type: string; text: string } | null
}
interface SearchReply {
  posts: { data: Card[]; pagination: { total: number } }
  data: Card[]
}
interface Page {
  posts: Card[]
}

/**
 * What the read caches of issue 38's speed work keep, and that nothing they keep outlives the change it depends
 * on (every engine; on SQLite the caches are live, elsewhere most reads happen anyway):
 *   - a keyword search's ranked page and counters are kept while no list changes (db/list-cache.ts
 *     keptWhileListsUnchanged), its highlights per note text (search/highlight.ts), its query's cut (tokenizer.ts);
 *   - a 推荐 session's row is kept until the next commit (discovery/session.ts), and so are the counters of the
 *     cards of an id list (presenters/post.ts loadPostCards).
 */
let server: TestServer
let category: number
beforeAll(async () => {
  server = await startTestServer()
  category = await createCategory(server, '缓存', 'cache')
})
afterAll(() => server?.close())

const search = async (keyword: string, who?: Member) => {
  const { status, body } = await server.call<SearchReply>('GET', `/api/search?type=posts&keyword=${encodeURIComponent(keyword)}`, { token: who?.token })
  expect(status, body.message).toBe(200)
  return body.data
}
const publish = async (who: Member, title: string) => {
  const image = (await ownImage(server, who.token)).url
  return createNote(server, who.token, { title, content: `<p>${title}</p>`, tags: [], images: [image], category_id: category })
}

describe('search: a repeated query never shows what changed since as it was', () => {
  it('a new note, a like, an edit and a deletion show in the very next search', async () => {
    const [author, reader] = [await insertMember(server), await insertMember(server)]
    const word = `cachekw${uniqueId('').slice(-6)}`
    const first = await publish(author, `${word} 第一篇`)
    for (let i = 0; i < 3; i++) expect((await search(word, reader)).posts.data.map((c) => c.id)).toEqual([first])

    const second = await publish(author, `${word} 第二篇`)
    const both = await search(word, reader)
    expect(both.posts.data.map((c) => c.id).sort()).toEqual([first, second].sort())
    expect(both.posts.pagination.total).toBe(2)
    // The reply's page is written twice (data and posts.data, for v1.2 and v1.3 clients): the same cards.
    expect(both.data).toEqual(both.posts.data)

    expect((await server.call('POST', '/api/likes', { token: reader.token, json: { target_type: 1, target_id: first } })).status).toBe(200)
    const liked = (await search(word, reader)).posts.data.find((c) => c.id === first)!
    expect([liked.liked, liked.like_count]).toEqual([true, 1])
    // Another member's flags are their own; the count is everyone's.
    const other = (await search(word, author)).posts.data.find((c) => c.id === first)!
    expect([other.liked, other.like_count]).toEqual([false, 1])

    const renamed = `新标题 ${word}`
    expect((await server.call('PUT', `/api/posts/${first}`, { token: author.token, json: { title: renamed } })).status).toBe(200)
    const edited = (await search(word, reader)).posts.data.find((c) => c.id === first)!
    expect(edited.title).toBe(renamed)
    expect(edited.highlight?.title).toEqual([[4, 4 + word.length]])

    expect((await server.call('DELETE', `/api/posts/${second}`, { token: author.token })).status).toBe(200)
    expect((await search(word, reader)).posts.data.map((c) => c.id)).toEqual([first])
  })

  it('a note of a member the reader blocks is gone from the reader’s next search, not from others’', async () => {
    const [author, reader] = [await insertMember(server), await insertMember(server)]
    const word = `cachehide${uniqueId('').slice(-6)}`
    const note = await publish(author, `${word} 会被屏蔽`)
    expect((await search(word, reader)).posts.data.map((c) => c.id)).toEqual([note])
    expect((await server.call('POST', `/api/users/${author.user_id}/block`, { token: reader.token })).status).toBe(200)
    expect((await search(word, reader)).posts.data).toEqual([])
    expect((await search(word, author)).posts.data.map((c) => c.id)).toEqual([note])
  })
})

describe('推荐: a kept session and kept counters', () => {
  const feed = async (who: Member, page: number, limit = 3) => {
    const { status, body } = await server.call<Page>('GET', `/api/posts?recommend=1&page=${page}&limit=${limit}`, { token: who.token })
    expect(status, body.message).toBe(200)
    return body.data.posts
  }
  const ids = (cards: Card[]) => cards.map((c) => c.id)

  it('pages of one session never repeat a note; a like, a collect and 不感兴趣 between pages show on the next page', async () => {
    const member = await insertMember(server)
    for (let i = 0; i < 12; i++) await insertPost(server.deps.db, (await insertMember(server)).id, { title: `推荐${uniqueId('r')}`, category_id: category })
    const page1 = await feed(member, 1)
    const whole = ids(await feed(member, 1, 12))
    expect(whole.slice(0, 3)).toEqual(ids(page1))
    // Read page 2 twice (the second read is the kept one), then change what it shows.
    expect(ids(await feed(member, 2))).toEqual(whole.slice(3, 6))
    const page2 = await feed(member, 2)
    expect(ids(page2)).toEqual(whole.slice(3, 6))
    const [a, b, c] = ids(page2) as [number, number, number]
    const fan = await insertMember(server)
    expect((await server.call('POST', '/api/likes', { token: member.token, json: { target_type: 1, target_id: a } })).status).toBe(200)
    expect((await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: b } })).status).toBe(200)
    expect((await server.call('POST', `/api/posts/${b}/collect`, { token: member.token })).status).toBe(200)
    expect((await server.call('POST', `/api/posts/${c}/not-interested`, { token: member.token })).status).toBe(200)
    const again = await feed(member, 2)
    const byId = new Map(again.map((card) => [card.id, card]))
    expect([byId.get(a)?.liked, byId.get(a)?.like_count]).toEqual([true, 1])
    expect([byId.get(b)?.liked, byId.get(b)?.collected, byId.get(b)?.like_count]).toEqual([false, true, 1])
    expect(byId.has(c)).toBe(false)
    // The session goes on: later pages hold no note of an earlier one.
    const seen = [...ids(page1), ...ids(again)]
    for (let page = 3; page <= 4; page++) {
      const next = ids(await feed(member, page))
      for (const id of next) expect(seen, `page ${page} repeats ${id}`).not.toContain(id)
      seen.push(...next)
    }
  })

  it('a follow, and a new note once the session may be ranked again, show on the next page 1', async () => {
    const [member, author] = [await insertMember(server), await insertMember(server)]
    for (let i = 0; i < 4; i++) await insertPost(server.deps.db, (await insertMember(server)).id, { title: `热${uniqueId('h')}`, category_id: category })
    const before = await feed(member, 1, 50)
    expect(await feed(member, 1, 50)).toEqual(before)
    const older = await insertPost(server.deps.db, author.id, { title: `关注${uniqueId('f')}`, category_id: category })
    expect((await server.call('POST', `/api/users/${author.user_id}/follow`, { token: member.token })).status).toBe(200)
    const followed = (await feed(member, 1, 50)).find((c) => c.id === older)
    expect(followed?.recommend_reason).toEqual({ type: 'follow', text: `因为你关注了 ${author.nickname}` })
    // A note published later: the session is continued for a minute (docs/discovery.md); once it may be
    // ranked again (a write straight to the database, as a minute passing would allow), page 1 has it.
    const fresh = await insertPost(server.deps.db, author.id, { title: `新${uniqueId('n')}`, category_id: category })
    await dbRun(server.deps.db, 'UPDATE recommend_sessions SET reuse_until = 0 WHERE user_id = ?', [member.id])
    expect(ids(await feed(member, 1, 50))).toContain(fresh)
  })
})

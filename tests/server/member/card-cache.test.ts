import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Moderation } from '../../../server/db/visibility'
import { setNoteModeration } from '../../../server/domain/moderation-state'
import { runsOn } from '../../support/engines'
import { registerMember, type Member } from '../../support/members'
import { countQueries } from '../../support/query-count'
import { dbRun } from '../../support/sql'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin } from '../admin/support'
import { createCategory, createNote, uploadImage } from './support/notes'

/*
 * Note cards are cached between requests on SQLite (server/presenters/card-cache.ts): only ids, counters and
 * the viewer's flags are read live. Whatever changes a card must show in the very next list, on every
 * engine; and on SQLite a page read again reads no card twice.
 */

interface Card {
  id: number
  title: string
  nickname: string
  category: string | null
  tags: Array<{ id: number; name: string }>
  like_count: number
  likeCount: number
  comment_count: number
  liked: boolean
  collected: boolean
}

let server: TestServer
let author: Member
let reader: Member
let categoryId: number
let noteId: number
let admin: string

/** The note's card in the author's list of notes, as the reader sees it. */
async function card(): Promise<Card | undefined> {
  const { status, body } = await server.call<{ posts: Card[] }>('GET', `/api/posts?user_id=${author.user_id}&limit=20`, { token: reader.token })
  expect(status).toBe(200)
  return body.data.posts.find((p) => p.id === noteId)
}

beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server)
  reader = await registerMember(server)
  categoryId = await createCategory(server, '缓存', 'cache-cat')
  const img = await uploadImage(server, author.token)
  noteId = await createNote(server, author.token, { title: '第一版', images: [img.url], tags: ['旧标签'], category_id: categoryId })
  await createNote(server, author.token, { title: '另一篇', images: [img.url], category_id: categoryId })
  await createAdmin(server)
  admin = await adminToken(server)
})
afterAll(() => server?.close())

describe('cached note cards', () => {
  it('show the counters and the viewer\'s flags live', async () => {
    expect((await card())!.like_count).toBe(0)
    await server.call('POST', '/api/likes', { token: reader.token, json: { target_type: 1, target_id: noteId } })
    await server.call('POST', `/api/posts/${noteId}/collect`, { token: reader.token })
    await server.call('POST', '/api/comments', { token: reader.token, json: { post_id: noteId, content: '好' } })
    expect(await card()).toMatchObject({ like_count: 1, likeCount: 1, comment_count: 1, liked: true, collected: true })
  })

  it('show an edit of the note, its tags and its author at once', async () => {
    await card()
    expect((await server.call('PUT', `/api/posts/${noteId}`, { token: author.token, json: { title: '第二版', tags: ['新标签'] } })).status).toBe(200)
    expect(await card()).toMatchObject({ title: '第二版', tags: [expect.objectContaining({ name: '新标签' })] })
    expect((await server.call('PUT', `/api/users/${author.user_id}`, { token: author.token, json: { nickname: '改名之后' } })).status).toBe(200)
    expect((await card())!.nickname).toBe('改名之后')
  })

  it('show an administrator\'s rename of the category and a raw write job at once', async () => {
    await card()
    const renamed = await server.call('PUT', `/api/admin/categories/${categoryId}`, { token: admin, json: { name: '改过的分类' } })
    expect(renamed.status).toBe(200)
    expect((await card())!.category).toBe('改过的分类')
    await dbRun(server.deps.db, 'UPDATE posts SET title = ? WHERE id = ?', ['直接改的标题', noteId])
    expect((await card())!.title).toBe('直接改的标题')
  })

  it('drop a deleted note from the list', async () => {
    await card()
    expect((await server.call('DELETE', `/api/posts/${noteId}`, { token: author.token })).status).toBe(200)
    expect(await card()).toBeUndefined()
  })

  it.runIf(runsOn('sqlite'))('are read once: a page read again reads only ids, counters and flags', async () => {
    const path = `/api/posts?category=cache-cat&limit=10`
    // Any write job that may change a card drops them all: the next page reads its cards whole.
    await dbRun(server.deps.db, 'UPDATE categories SET post_count = post_count WHERE id = ?', [categoryId])
    const counter = countQueries(server.deps.db)
    try {
      const first = await server.call<{ posts: Card[] }>('GET', path, { token: reader.token })
      const firstStatements = [...counter.queries]
      counter.reset()
      const again = await server.call<{ posts: Card[] }>('GET', path, { token: reader.token })
      expect(again.body.data).toEqual(first.body.data)
      expect(first.body.data.posts.length).toBeGreaterThan(0)
      expect(firstStatements.filter((q) => q.includes('group_concat'))).toHaveLength(1)
      expect(counter.queries.filter((q) => q.includes('group_concat'))).toHaveLength(0)
    } finally {
      counter.restore()
    }
  })
})

describe('kept pages', () => {
  it.runIf(runsOn('sqlite'))('a page read again with nothing committed since reads only the viewer\'s flags; any commit reads it again', async () => {
    const path = `/api/posts?category=cache-cat&limit=10`
    const pageStatement = (q: string) => q.includes('CROSS JOIN posts p')
    const flagsStatement = (q: string) => q.includes('UNION ALL SELECT s.post_id')
    const first = await server.call<{ posts: Card[] }>('GET', path, { token: reader.token })
    const target = first.body.data.posts[0]!
    const counter = countQueries(server.deps.db)
    try {
      const again = await server.call<{ posts: Card[] }>('GET', path, { token: reader.token })
      expect(again.body.data).toEqual(first.body.data)
      expect(counter.queries.filter(pageStatement)).toHaveLength(0)
      expect(counter.queries.filter(flagsStatement)).toHaveLength(1)
      // A like is a commit: the next read of the page, by anyone, reads it again and shows the new count.
      expect((await server.call('POST', '/api/likes', { token: author.token, json: { target_type: 1, target_id: target.id } })).status).toBe(200)
      counter.reset()
      const byReader = (await server.call<{ posts: Card[] }>('GET', path, { token: reader.token })).body.data.posts.find((p) => p.id === target.id)!
      expect(counter.queries.filter(pageStatement)).toHaveLength(1)
      expect(byReader).toMatchObject({ like_count: target.like_count + 1, liked: target.liked })
      // The kept page carries no one's flags: the author sees their own like, the reader does not.
      const byAuthor = (await server.call<{ posts: Card[] }>('GET', path, { token: author.token })).body.data.posts.find((p) => p.id === target.id)!
      expect(byAuthor).toMatchObject({ like_count: target.like_count + 1, liked: true })
      expect((await server.call<{ posts: Card[] }>('GET', path, { token: reader.token })).body.data.posts.find((p) => p.id === target.id)).toMatchObject({ liked: target.liked })
    } finally {
      counter.restore()
    }
  })
})

/*
 * A note's detail keeps its stable part the same way (card-cache.ts detailCacheOf): the counters, the viewer's
 * liked / collected / followed state and the view are read live; whatever else changes must show at once.
 */
describe('cached note details', () => {
  let detailId: number
  const detail = async (token = reader.token) => server.call<Card & { content: string; location: string | null; followed: boolean; isLiked: boolean; image_list: unknown[] }>('GET', `/api/posts/${detailId}`, { token })

  beforeAll(async () => {
    const img = await uploadImage(server, author.token)
    detailId = await createNote(server, author.token, { title: '详情第一版', content: '<p>正文一</p>', images: [img.url], tags: ['详情标签'], category_id: categoryId })
  })

  it('show the counters and the viewer\'s state live', async () => {
    expect((await detail()).body.data).toMatchObject({ like_count: 0, liked: false, isLiked: false, followed: false })
    await server.call('POST', '/api/likes', { token: reader.token, json: { target_type: 1, target_id: detailId } })
    await server.call('POST', `/api/posts/${detailId}/collect`, { token: reader.token })
    await server.call('POST', '/api/comments', { token: reader.token, json: { post_id: detailId, content: '详情评论' } })
    expect((await server.call('POST', `/api/users/${author.user_id}/follow`, { token: reader.token })).status).toBe(200)
    expect((await detail()).body.data).toMatchObject({ like_count: 1, likeCount: 1, comment_count: 1, liked: true, isLiked: true, collected: true, followed: true })
    // Another viewer of the same cached note sees their own state.
    expect((await detail(author.token)).body.data).toMatchObject({ like_count: 1, liked: false, collected: false, followed: false })
  })

  it('show an edit of the note, its images and its author at once', async () => {
    await detail()
    const img = await uploadImage(server, author.token)
    const edited = await server.call('PUT', `/api/posts/${detailId}`, { token: author.token, json: { title: '详情第二版', content: '<p>正文二</p>', images: [img.url, img.url], tags: ['新详情标签'] } })
    expect(edited.status).toBe(200)
    const after = (await detail()).body.data
    expect(after).toMatchObject({ title: '详情第二版', content: '<p>正文二</p>', tags: [expect.objectContaining({ name: '新详情标签' })] })
    expect(after.image_list).toHaveLength(2)
    expect((await server.call('PUT', `/api/users/${author.user_id}`, { token: author.token, json: { nickname: '详情改名' } })).status).toBe(200)
    expect((await detail()).body.data.nickname).toBe('详情改名')
  })

  it('show a hidden note to its author only, and a deleted one to nobody', async () => {
    await detail()
    expect(await setNoteModeration(server.deps.db, detailId, Moderation.hidden, '广告')).toMatchObject({ after: Moderation.hidden })
    expect((await detail()).status).toBe(404)
    expect((await detail(author.token)).body.data).toMatchObject({ moderation: Moderation.hidden, moderation_reason: '广告' })
    expect((await server.call('DELETE', `/api/posts/${detailId}`, { token: author.token })).status).toBe(200)
    expect((await detail(author.token)).status).toBe(404)
    expect((await detail()).status).toBe(404)
  })

  it.runIf(runsOn('sqlite'))('are read once: a detail read again reads only the counters and the viewer\'s state', async () => {
    const img = await uploadImage(server, author.token)
    const id = await createNote(server, author.token, { title: '只读一次', content: '<p>很长的正文</p>', images: [img.url], tags: ['一次'], category_id: categoryId })
    const counter = countQueries(server.deps.db)
    try {
      const first = await server.call('GET', `/api/posts/${id}`, { token: reader.token })
      const firstStatements = [...counter.queries]
      counter.reset()
      const again = await server.call('GET', `/api/posts/${id}`, { token: reader.token })
      expect(again.body.data).toEqual(first.body.data)
      expect(firstStatements.filter((q) => q.includes('UNION ALL'))).toHaveLength(1)
      expect(counter.queries.filter((q) => q.includes('UNION ALL') || q.includes('SUBSTR(p.content'))).toHaveLength(0)
      expect(counter.queries.filter((q) => q.includes('AS followed'))).toHaveLength(1)
    } finally {
      counter.restore()
    }
  })
})

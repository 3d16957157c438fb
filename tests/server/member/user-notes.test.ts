import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { lastCountedStatements, statementsOf } from '../../support/query-count'
import { insertCollection, insertLike, insertPost, settle } from '../../support/rows'
import { startTestServer, type TestServer } from '../../support/server'

interface Card {
  id: number
  title: string
  liked: boolean
  collected: boolean
  author_account: string
}
interface Pagination {
  page: number
  limit: number
  total: number
  pages: number
}

describe('a user\'s collected and liked notes', () => {
  let server: TestServer
  let owner: Member
  let author: Member
  let visitor: Member
  let notes: number[]
  beforeAll(async () => {
    server = await startTestServer()
    owner = await registerMember(server)
    author = await registerMember(server)
    visitor = await registerMember(server)
    const db = server.deps.db
    notes = []
    for (let i = 0; i < 12; i++) notes.push(await insertPost(db, author.id, { title: `笔记${i}`, image: `/uploads/images/${i}.webp` }))
    const draft = await insertPost(db, author.id, { title: '草稿', is_draft: true })
    for (const id of notes) {
      await insertCollection(db, owner.id, id)
      await insertLike(db, owner.id, 1, id)
    }
    await insertCollection(db, owner.id, draft)
    await insertLike(db, visitor.id, 1, notes[11]!)
    await settle(db)
  })
  afterAll(() => server?.close())

  it('collections: anyone may see them, newest first, drafts left out, with the viewer\'s flags', async () => {
    const { status, body } = await server.call<{ collections: Card[]; pagination: Pagination }>('GET', `/api/users/${owner.user_id}/collections?limit=5`, { token: visitor.token })
    expect(status).toBe(200)
    expect(body.data.collections.map((c) => c.title)).toEqual(['笔记11', '笔记10', '笔记9', '笔记8', '笔记7'])
    expect(body.data.pagination).toEqual({ page: 1, limit: 5, total: 12, pages: 3 })
    expect(body.data.collections[0]).toMatchObject({ liked: true, collected: false, author_account: author.user_id })
    const anonymous = await server.call<{ collections: Card[] }>('GET', `/api/users/${owner.user_id}/collections?page=3&limit=5`)
    expect(anonymous.body.data.collections.map((c) => c.title)).toEqual(['笔记1', '笔记0'])
  })

  it('likes: the owner sees them in data.posts; others get 403, visitors 401', async () => {
    const { status, body } = await server.call<{ posts: Card[]; pagination: Pagination }>('GET', `/api/users/${owner.user_id}/likes`, { token: owner.token })
    expect(status).toBe(200)
    expect(body.data.posts).toHaveLength(12)
    expect(body.data.posts[0]).toMatchObject({ title: '笔记11', liked: true, collected: true })
    expect(body.data.pagination.total).toBe(12)
    const other = await server.call('GET', `/api/users/${owner.user_id}/likes`, { token: visitor.token })
    expect(other.status).toBe(403)
    expect(other.body.message).toBe('只能查看自己点赞的笔记')
    expect((await server.call('GET', `/api/users/${owner.user_id}/likes`)).status).toBe(401)
  })

  it('posts: the author\'s published notes, newest first; drafts for the author alone', async () => {
    const { status, body } = await server.call<{ posts: Card[]; pagination: Pagination }>('GET', `/api/users/${author.user_id}/posts?limit=3`)
    expect(status).toBe(200)
    expect(body.data.posts.map((p) => p.title)).toEqual(['笔记11', '笔记10', '笔记9'])
    expect(body.data.pagination).toEqual({ page: 1, limit: 3, total: 12, pages: 4 })
    const oldest = await server.call<{ posts: Card[] }>('GET', `/api/users/${author.user_id}/posts?limit=1&sort=oldest`)
    expect(oldest.body.data.posts.map((p) => p.title)).toEqual(['笔记0'])
    const drafts = await server.call<{ posts: Card[] }>('GET', `/api/users/${author.user_id}/posts?is_draft=1`, { token: author.token })
    expect(drafts.body.data.posts.map((p) => p.title)).toEqual(['草稿'])
    expect((await server.call('GET', `/api/users/${author.user_id}/posts?is_draft=1`)).status).toBe(401)
    expect((await server.call('GET', `/api/users/${author.user_id}/posts?is_draft=1`, { token: visitor.token })).status).toBe(403)
    expect((await server.call('GET', '/api/users/nobody_here/posts')).status).toBe(404)
    expect((await server.call('GET', `/api/users/${author.user_id}/posts?limit=101`)).status).toBe(400)
  })

  it('404 for nobody, 400 for a bad page', async () => {
    expect((await server.call('GET', '/api/users/nobody_here/collections')).status).toBe(404)
    expect((await server.call('GET', '/api/users/nobody_here/likes', { token: owner.token })).status).toBe(404)
    expect((await server.call('GET', `/api/users/${owner.user_id}/collections?limit=0`)).status).toBe(400)
  })

  it('a fixed number of queries whatever the page size', async () => {
    for (const path of ['collections', 'likes']) {
      const counts: number[] = []
      const counted: string[] = []
      for (const limit of [1, 4, 12]) {
        counts.push(await statementsOf(server, `/api/users/${owner.user_id}/${path}?limit=${limit}`, owner.token))
        counted.push(`limit ${limit}:\n  ${lastCountedStatements().map((q) => q.replace(/\s+/g, ' ').slice(0, 160)).join('\n  ')}`)
      }
      expect([path, new Set(counts).size], counted.join('\n')).toEqual([path, 1])
    }
  })
})

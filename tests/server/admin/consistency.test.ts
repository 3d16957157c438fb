import type { AdminList } from '../../../server/contract/admin/list'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCounterMismatches } from '../../../server/domain/counters'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin, createCategory, createMember, uploadImage } from './support'

type Row = Record<string, unknown>

/**
 * After admin deletes of likes, collections, comments, follows, notes and users (one at a time and in
 * batches), every stored counter equals the number of rows it counts (server/domain/counters.ts).
 */
describe('counters stay exact under admin deletes', () => {
  let server: TestServer
  let token: string
  const people = ['p1', 'p2', 'p3', 'p4']
  const ids = async (resource: string, query = '') => (await server.call<AdminList<Row>>('GET', `/api/admin/${resource}?limit=100${query}`, { token })).body.data.data.map((r) => Number(r.id))
  const post = (resource: string, json: unknown) => server.call<Row>('POST', `/api/admin/${resource}`, { token, json })
  const expectConsistent = async () => expect(await findCounterMismatches(server.deps.db)).toEqual([])

  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    const categories = [await createCategory(server, '学习', 'study'), await createCategory(server, '生活', 'life')]
    const tokens: string[] = []
    for (const p of people) tokens.push((await createMember(server, { user_id: p, nickname: `用户${p}` })).token)
    const image = await uploadImage(server, tokens[0]!)
    // Two notes each (one in each category, shared tags), comments and replies, likes of notes and
    // comments, collections and a full follow graph.
    for (const [i, p] of people.entries()) {
      for (const [j, c] of categories.entries()) {
        const note = await post('posts', { user_display_id: p, title: `笔记${i}${j}`, content: '内容', category_id: c.id, type: 1, images: [image], tags: ['共同', `标签${i}`] })
        expect(note.body.message).toBe("笔记创建成功")
      }
    }
    const notes = await ids('posts')
    for (const [i, n] of notes.entries()) {
      const top = await post('comments', { post_id: n, user_display_id: people[i % 4], content: '评论' })
      await post('comments', { post_id: n, user_display_id: people[(i + 1) % 4], content: '回复', parent_id: top.body.data.id })
      for (const p of people) {
        await post('likes', { user_display_id: p, target_type: 1, target_id: n })
        if (i % 2 === 0) await post('likes', { user_display_id: p, target_type: 2, target_id: top.body.data.id })
        if ((i + p.length) % 3 !== 0) await post('collections', { user_display_id: p, post_id: n })
      }
    }
    for (const a of people) for (const b of people) if (a !== b) await post('follows', { follower_display_id: a, following_display_id: b })
  }, 120_000)
  afterAll(() => server?.close())

  it('starts consistent with counters that are not all zero', async () => {
    await expectConsistent()
    const users = (await server.call<AdminList<Row>>('GET', '/api/admin/users', { token })).body.data.data
    expect(users.every((u) => Number(u.fans_count) === 3 && Number(u.post_count) === 2 && Number(u.like_count) > 0)).toBe(true)
  })

  it('deleting likes (one, then a batch)', async () => {
    const likes = await ids('likes')
    await server.call('DELETE', `/api/admin/likes/${likes[0]}`, { token })
    await server.call('DELETE', '/api/admin/likes', { token, json: { ids: likes.slice(1, 6) } })
    await expectConsistent()
  })

  it('deleting collections', async () => {
    const collections = await ids('collections')
    await server.call('DELETE', `/api/admin/collections/${collections[0]}`, { token })
    await server.call('DELETE', '/api/admin/collections', { token, json: { ids: collections.slice(1, 4) } })
    await expectConsistent()
  })

  it('deleting comments (a top-level comment with its reply and likes, and replies)', async () => {
    const tops = await ids('comments', '&sortField=id&sortOrder=asc')
    await server.call('DELETE', `/api/admin/comments/${tops[0]}`, { token })
    await server.call('DELETE', '/api/admin/comments', { token, json: { ids: tops.slice(2, 6) } })
    await expectConsistent()
  })

  it('deleting follows', async () => {
    const follows = await ids('follows')
    await server.call('DELETE', `/api/admin/follows/${follows[0]}`, { token })
    await server.call('DELETE', '/api/admin/follows', { token, json: { ids: follows.slice(1, 4) } })
    await expectConsistent()
  })

  it('deleting notes (tags use_count, category and author post_count, likes and collections of them)', async () => {
    const notes = await ids('posts')
    await server.call('DELETE', `/api/admin/posts/${notes[0]}`, { token })
    await server.call('DELETE', '/api/admin/posts', { token, json: { ids: notes.slice(1, 3) } })
    await expectConsistent()
  })

  it('deleting users (everything of theirs goes, what they fed elsewhere is recounted)', async () => {
    const users = await ids('users', '&sortField=id&sortOrder=asc')
    await server.call('DELETE', `/api/admin/users/${users[0]}`, { token })
    await server.call('DELETE', '/api/admin/users', { token, json: { ids: [users[1]] } })
    await expectConsistent()
    expect(await ids('users')).toHaveLength(2)
  })

  it('editing likes, collections and follows keeps counters exact too', async () => {
    const [likeId] = await ids('likes', '&target_type=1')
    const comments = await ids('comments')
    expect((await server.call('PUT', `/api/admin/likes/${likeId}`, { token, json: { target_type: 2, target_id: comments[0] } })).status).toBe(200)
    const [followId] = await ids('follows')
    expect((await server.call('PUT', `/api/admin/follows/${followId}`, { token, json: { follower_display_id: 'p3', following_display_id: 'p4' } })).status).toBeLessThan(500)
    await expectConsistent()
  })
})

/**
 * What XiaoShiLiu v1.3.2's unmodified client sends and reads beyond v1.2 (issue 20 part 4): the verification
 * form's occupation as `title`; the search 全部 tab's mixed results in `data.data`; cards' `author`/`avatar`
 * beside the spec's `nickname`/`user_avatar`. The spec's own names keep working alongside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { createCategory, createNote, uploadImage } from './support/notes'

interface Card {
  id: number
  type: number
  nickname: string
  user_avatar: string
  author: string
  avatar: string
}
interface Paged<T> {
  data: T[]
  pagination: { page: number; limit: number; total: number; pages: number }
}

let server: TestServer
let author: Member
beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server, undefined, { nickname: '榴莲作者' })
  const category = await createCategory(server, '生活', 'life')
  const img = await uploadImage(server, author.token)
  await createNote(server, author.token, { title: '石榴花开', content: '<p>校园里的石榴花</p>', images: [img.url], category_id: category })
})
afterAll(() => server?.close())

describe('XiaoShiLiu v1.3.2 client compatibility', () => {
  it('verification: `title` is taken as the occupation', async () => {
    const m = await registerMember(server)
    const reply = await server.call('POST', '/api/users/verification', { token: m.token, json: { type: 2, realName: '王五', idCard: '110101199001011234', title: '研究生', reason: '校园博主' } })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const [row] = await dbQuery<{ content: string }>(server.deps.db, 'SELECT content FROM verifications WHERE user_id = ?', [m.id])
    expect(row!.content).toContain('<th>职业</th><td>研究生</td>')
    const missing = await server.call('POST', '/api/users/verification', { token: (await registerMember(server)).token, json: { type: 2, realName: '王五', idCard: '110101199001011234', reason: '校园博主' } })
    expect(missing.body).toMatchObject({ code: 400, message: '请输入职业' })
  })

  it('search: the notes also in data.data with data.pagination, beside posts.data', async () => {
    const { status, body } = await server.call<{ posts: Paged<Card>; data: Card[]; pagination: Paged<Card>['pagination'] }>('GET', `/api/search?keyword=${encodeURIComponent('石榴')}&type=all`)
    expect(status).toBe(200)
    expect(body.data.posts.data.length).toBe(1)
    expect(body.data.data).toEqual(body.data.posts.data)
    expect(body.data.pagination).toEqual(body.data.posts.pagination)
  })

  it('cards carry author and avatar equal to nickname and user_avatar (feed and search)', async () => {
    const feed = await server.call<{ posts: Card[] }>('GET', '/api/posts?page=1&limit=10')
    const card = feed.body.data.posts[0]!
    expect(card.author).toBe('榴莲作者')
    expect(card.author).toBe(card.nickname)
    expect(card.avatar).toBe(card.user_avatar)
    const search = await server.call<{ data: Card[] }>('GET', `/api/search?keyword=${encodeURIComponent('石榴')}`)
    expect(search.body.data.data[0]).toMatchObject({ author: '榴莲作者', avatar: card.user_avatar })
  })
})

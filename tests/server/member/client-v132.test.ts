/**
 * What XiaoShiLiu v1.3.2's unmodified client sends and reads beyond v1.2 (issue 20 part 4): the verification
 * form's occupation as `title`; the search 全部 tab's mixed results in `data.data`; cards' `author`/`avatar`
 * beside the spec's `nickname`/`user_avatar`. The spec's own names keep working alongside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { NOTE_REJECT_DEFAULT_REASON } from '../../../server/contract/admin/moderation'
import { adminToken, createAdmin } from '../admin/support'
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

/**
 * Issue 41 part 1: what the unmodified v1.3.2 client sends and reads that we answered wrongly. Its note
 * management lists `status=all`; its 待审核 screen rejects with no body; its user table reads `ban_status`
 * (-1 正常, 0 封禁中 with an end, 3 永久封禁) and `ban_status_display` and filters `ban_status=banned|normal`;
 * its note table reads `status` (0 已发布, 1 草稿, 2 待审核, 3 未过审) and filters by it.
 */
describe('XiaoShiLiu v1.3.2 client: note management, review and back-office (issue 41)', () => {
  let srv: TestServer
  let admin: string
  let writer: Member
  let reader: Member
  let category: number
  let image: string
  let published: number
  let draft: number
  let held: number
  interface Row {
    id: number
    status: number
    ban_status: number
    ban_status_display: string
    ban_reason: string | null
    ban_end_time: string | null
  }
  const statuses = (cards: Array<{ id: number; status: number }>) => Object.fromEntries(cards.map((c) => [c.id, c.status]))

  beforeAll(async () => {
    srv = await startTestServer()
    await createAdmin(srv)
    admin = await adminToken(srv)
    writer = await registerMember(srv)
    reader = await registerMember(srv)
    category = await createCategory(srv, '学习', 'study')
    image = (await uploadImage(srv, writer.token)).url
    // A review word holds the note that carries it (docs/moderation.md).
    expect((await srv.call('POST', '/api/admin/watched-words', { token: admin, json: { word: '待审词', action: 'review' } })).status).toBe(200)
    published = await createNote(srv, writer.token, { title: '公开的笔记', images: [image], category_id: category })
    draft = await createNote(srv, writer.token, { title: '草稿笔记', images: [image], category_id: category, is_draft: true })
    held = await createNote(srv, writer.token, { title: '含待审词的笔记', images: [image], category_id: category })
  })
  afterAll(() => srv?.close())

  it('GET /users/{id}/posts?status=all: the author gets every note with its status; others the published ones', async () => {
    // As its note management sends it (empty keyword and category, sort=created_at).
    const path = `/api/users/${writer.user_id}/posts?page=1&limit=10&keyword=&category=&sort=created_at&status=all`
    const own = await srv.call<{ posts: Array<{ id: number; status: number }> }>('GET', path, { token: writer.token })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect(statuses(own.body.data.posts)).toEqual({ [published]: 0, [draft]: 1, [held]: 2 })
    for (const token of [reader.token, undefined]) {
      const seen = await srv.call<{ posts: Array<{ id: number; status: number }> }>('GET', path, { token })
      expect(seen.status).toBe(200)
      expect(statuses(seen.body.data.posts)).toEqual({ [published]: 0 })
    }
    // Its search box: the author's drafts match too (they are not in the search index).
    const found = await srv.call<{ posts: Array<{ id: number; status: number }> }>('GET', `/api/users/${writer.user_id}/posts?page=1&limit=10&keyword=${encodeURIComponent('草稿')}&status=all`, { token: writer.token })
    expect(statuses(found.body.data.posts)).toEqual({ [draft]: 1 })
    const bad = await srv.call('GET', `/api/users/${writer.user_id}/posts?status=some`, { token: writer.token })
    expect(bad.body).toMatchObject({ code: 400, message: '笔记状态只能是0、1、2、3或all' })
  })

  it('the author’s own profile shows a held note as 待审核 (status 2); nobody else sees it', async () => {
    const own = await srv.call<{ posts: Array<{ id: number; status: number; moderation: number }> }>('GET', `/api/users/${writer.user_id}/posts?page=1&limit=20`, { token: writer.token })
    expect(own.body.data.posts.find((p) => p.id === held)).toMatchObject({ status: 2, moderation: 2 })
    const other = await srv.call<{ posts: Array<{ id: number }> }>('GET', `/api/users/${writer.user_id}/posts?page=1&limit=20`, { token: reader.token })
    expect(other.body.data.posts.map((p) => p.id)).toEqual([published])
  })

  it('admin posts: rows carry status 0–3 and the 笔记状态 filter narrows by it', async () => {
    const all = await srv.call<{ data: Row[] }>('GET', '/api/admin/posts?page=1&limit=50', { token: admin })
    expect(all.status).toBe(200)
    expect(statuses(all.body.data.data)).toEqual({ [published]: 0, [draft]: 1, [held]: 2 })
    for (const [status, ids] of [['0', [published]], ['1', [draft]], ['2', [held]], ['3', []]] as const) {
      const { body } = await srv.call<{ data: Row[] }>('GET', `/api/admin/posts?page=1&limit=50&status=${status}`, { token: admin })
      expect(body.data.data.map((r) => r.id), status).toEqual(ids)
    }
    const bad = await srv.call('GET', '/api/admin/posts?status=9', { token: admin })
    expect(bad.body).toMatchObject({ code: 400, message: '笔记状态只能是0、1、2或3' })
  })

  it('PUT /admin/posts-audit/{id}/reject with no body: rejected with the default reason, which the author reads', async () => {
    expect((await srv.call('PUT', `/api/admin/posts-audit/${held}/reject`)).status).toBe(401)
    const { status, body } = await srv.call<Row>('PUT', `/api/admin/posts-audit/${held}/reject`, { token: admin })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data.status).toBe(3)
    const note = await srv.call<{ status: number; moderation_reason: string }>('GET', `/api/posts/${held}`, { token: writer.token })
    expect(note.body.data).toMatchObject({ status: 3, moderation_reason: NOTE_REJECT_DEFAULT_REASON })
    const again = await srv.call('PUT', `/api/admin/posts-audit/${held}/reject`, { token: admin })
    expect(again.status).toBe(404)
    const rows = await srv.call<{ data: Row[] }>('GET', '/api/admin/posts?page=1&limit=50&status=3', { token: admin })
    expect(rows.body.data.data.map((r) => r.id)).toEqual([held])
  })

  it('admin users: ban_status / ban_status_display / ban_reason / ban_end_time, and ban_status=banned|normal', async () => {
    const [{ id: readerId }] = await dbQuery<{ id: number }>(srv.deps.db, 'SELECT id FROM users WHERE user_id = ?', [reader.user_id]) as [{ id: number }]
    const until = new Date(Date.now() + 86400_000).toISOString()
    expect((await srv.call('POST', `/api/admin/users/${readerId}/ban`, { token: admin, json: { reason: '刷屏', end_time: until } })).status).toBe(200)
    const rows = async (q = '') => (await srv.call<{ data: Array<Row & { user_id: string }> }>('GET', `/api/admin/users?page=1&limit=50${q}`, { token: admin })).body.data.data
    const byId = (list: Array<Row & { user_id: string }>, userId: string) => list.find((r) => r.user_id === userId)
    let list = await rows()
    expect(byId(list, reader.user_id)).toMatchObject({ ban_status: 0, ban_status_display: '封禁中', ban_reason: '刷屏' })
    expect(Math.abs(Date.parse(byId(list, reader.user_id)!.ban_end_time!) - Date.parse(until))).toBeLessThan(1000)
    expect(byId(list, writer.user_id)).toMatchObject({ ban_status: -1, ban_status_display: '正常', ban_reason: null, ban_end_time: null })
    expect((await rows('&ban_status=banned')).map((r) => r.user_id)).toEqual([reader.user_id])
    expect((await rows('&ban_status=normal')).map((r) => r.user_id)).not.toContain(reader.user_id)
    expect((await rows('&ban_status=1')).map((r) => r.user_id)).toEqual([reader.user_id])
    expect((await srv.call('GET', '/api/admin/users?ban_status=maybe', { token: admin })).body).toMatchObject({ code: 400, message: '封禁状态只能是 banned、normal、1 或 0' })

    // A ban without an end is 永久封禁 (3); the 解封 action clears it.
    expect((await srv.call('POST', `/api/admin/users/${readerId}/ban`, { token: admin, json: { reason: '广告' } })).status).toBe(200)
    list = await rows()
    expect(byId(list, reader.user_id)).toMatchObject({ ban_status: 3, ban_status_display: '永久封禁', ban_reason: '广告', ban_end_time: null })
    expect((await srv.call<Row>('GET', `/api/admin/users/${readerId}`, { token: admin })).body.data).toMatchObject({ ban_status: 3, ban_status_display: '永久封禁' })
    expect((await srv.call('POST', `/api/admin/users/${readerId}/unban`, { token: admin })).status).toBe(200)
    expect(byId(await rows(), reader.user_id)).toMatchObject({ ban_status: -1, ban_status_display: '正常' })
    expect(await rows('&ban_status=banned')).toEqual([])
  })
})

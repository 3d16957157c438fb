import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD } from '../admin/support'
import { must, SpecClient } from './support/spec-client'
import type { Activity, AdminList, AdminLogin, Application, Pagination, Profile, Row } from './support/spec-types'
import { createCategory, mp4, newUserId, png, register, startWorld, uploadImage, type Member, type World } from './support/world'

/*
 * A §7, as an admin client written from the specification calls it: every resource endpoint with
 * "query page, limit, filters, sortField, sortOrder; reply code 200 with data (a list, or data.data) and
 * pagination", paged beyond page 1, created, read, updated, deleted one by one and in a batch; the
 * verification audit (the screen's reject sends no body); the other admin-related calls.
 */

let world: World
let admin: SpecClient
let alice: Member
let bob: Member
let carol: Member
let dave: Member
let categoryId: number
const notes: number[] = []
let videoNote: number

/** A §7 list: the rows (data is a list, or data.data) and the pagination the reply carries in data. */
async function list(path: string, query: Record<string, string | number> = {}): Promise<{ rows: Row[]; pagination: Pagination }> {
  const data = must(await admin.get<AdminList>(path, query), `GET ${path}`)
  const rows = Array.isArray(data) ? data : data.data
  const pagination = Array.isArray(data) ? undefined : data.pagination
  if (!pagination) throw new Error(`GET ${path}: no data.pagination, a client cannot page`)
  return { rows, pagination }
}

beforeAll(async () => {
  world = await startWorld()
  admin = world.admin
  ;[alice, bob, carol, dave] = [await register(world, newUserId('alice'), '爱丽丝'), await register(world, newUserId('bob'), '小鲍'), await register(world, newUserId('carol'), '卡罗'), await register(world, newUserId('dave'), '大卫')]
  categoryId = await createCategory(world, '学习', 'study')
  const image = await uploadImage(alice)
  for (const title of ['图书馆笔记', '食堂测评', '社团招新']) {
    notes.push(must(await alice.post<{ id: number }>('/posts', { title, content: `${title}的内容`, images: [image], video: null, tags: ['校园'], category_id: categoryId, type: 1, is_draft: false }), 'note').id)
  }
  const form = new FormData()
  form.append('file', mp4(), 'clip.mp4')
  form.append('thumbnail', await png('#2288aa', 160, 90), 'cover.png')
  const video = must(await alice.upload<{ url: string; coverUrl: string }>('/upload/video', form), 'video')
  videoNote = must(await alice.post<{ id: number }>('/posts', { title: '操场延时', content: '傍晚的操场', images: [], video: { url: video.url, coverUrl: video.coverUrl }, tags: [], category_id: categoryId, type: 2, is_draft: false }), 'video note').id
  must(await bob.post('/comments', { post_id: notes[0], content: '图书馆几点关门？', parent_id: null }), 'comment')
  must(await bob.post('/likes', { target_type: 1, target_id: notes[1] }), 'like')
})
afterAll(() => world?.close())

describe('A §7 Admin session', () => {
  it('GET /auth/admin/me → data (admin); POST /auth/admin/logout ends the session', async () => {
    const client = new SpecClient(world.origin)
    const login = must(await client.post<AdminLogin>('/auth/admin/login', { username: 'root', password: ADMIN_PASSWORD }), 'login')
    expect(login.admin.username).toBe('root')
    client.token = login.tokens.access_token
    expect(must(await client.get<{ username: string }>('/auth/admin/me'), 'me').username).toBe('root')
    expect((await client.post('/auth/admin/logout')).success).toBe(true)
    expect((await client.get('/auth/admin/me')).status).toBe(401)
  })
})

interface ResourceCase {
  endpoint: string
  /** The create form (A §5) for the i-th row of this test. */
  create: (i: number) => Record<string, unknown>
  /** An edit of the first row and a field it shows afterwards. */
  update: Record<string, unknown>
  shows: Record<string, unknown>
}

const cases = (): ResourceCase[] => [
  { endpoint: '/admin/users', create: (i) => ({ user_id: newUserId(`new${i}`), nickname: `新人${i}`, password: 'secret123' }), update: { nickname: '改名了' }, shows: { nickname: '改名了' } },
  {
    endpoint: '/admin/posts',
    create: (i) => ({ user_display_id: alice.user_id, title: `后台笔记${i}`, content: '后台发布', category_id: categoryId, type: 1, is_draft: true, tags: ['后台'] }),
    update: { title: '后台改过的笔记' },
    shows: { title: '后台改过的笔记' },
  },
  { endpoint: '/admin/comments', create: (i) => ({ post_id: notes[2], user_display_id: carol.user_id, content: `后台评论${i}` }), update: { content: '改过的评论' }, shows: { content: '改过的评论' } },
  { endpoint: '/admin/categories', create: (i) => ({ name: `分类${i}`, category_title: `cat${'abc'[i]}` }), update: { name: '新分类名' }, shows: { name: '新分类名' } },
  { endpoint: '/admin/tags', create: (i) => ({ name: `后台标签${i}` }), update: { description: '说明' }, shows: { description: '说明' } },
  { endpoint: '/admin/likes', create: (i) => ({ user_id: carol.id, target_type: 1, target_id: notes[i] }), update: { user_id: carol.id, target_type: 1, target_id: notes[2] }, shows: { target_id: notes[2] } },
  { endpoint: '/admin/collections', create: (i) => ({ user_id: dave.id, post_id: notes[i] }), update: { user_id: dave.id, post_id: notes[2] }, shows: { post_id: notes[2] } },
  { endpoint: '/admin/follows', create: (i) => ({ follower_id: dave.id, following_id: [alice, bob][i]!.id }), update: { follower_id: dave.id, following_id: carol.id }, shows: { following_id: carol.id } },
  { endpoint: '/admin/notifications', create: (i) => ({ user_id: alice.id, sender_id: bob.id, type: 1, title: `后台通知${i}`, target_id: notes[0] }), update: { is_read: 1 }, shows: { is_read: true } },
  { endpoint: '/admin/sessions', create: () => ({ user_id: bob.id }), update: { is_active: false }, shows: { is_active: false } },
  { endpoint: '/admin/admins', create: (i) => ({ username: `editor${i}`, password: 'editor-pass-1' }), update: { username: 'editor_renamed' }, shows: { username: 'editor_renamed' } },
]

/** A §7: "For each resource endpoint among ..." (the audit screen uses its own actions, below). */
const ENDPOINTS = ['/admin/users', '/admin/posts', '/admin/comments', '/admin/categories', '/admin/tags', '/admin/likes', '/admin/collections', '/admin/follows', '/admin/notifications', '/admin/sessions', '/admin/admins']

describe('A §7 Generic resource calls', () => {
  it.each(ENDPOINTS)('%s: list and page beyond page 1, read, create, update, delete, batch delete', async (endpoint) => {
    const c = cases().find((x) => x.endpoint === endpoint)!
    const before = (await list(endpoint, { page: 1, limit: 20 })).pagination.total
    const created: Row[] = []
    for (const i of [0, 1]) created.push(must(await admin.post<Row>(endpoint, c.create(i)), `POST ${endpoint}`))
    // Paging: limit 1 shows one row per page and a total the client can page with.
    const first = await list(endpoint, { page: 1, limit: 1 })
    expect(first.pagination).toMatchObject({ page: 1, limit: 1, total: before + 2 })
    expect(first.pagination.pages).toBe(before + 2)
    expect(first.rows).toHaveLength(1)
    const second = await list(endpoint, { page: 2, limit: 1 })
    expect(second.rows).toHaveLength(1)
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id)
    // Sorting by id both ways (sortField, sortOrder).
    const asc = await list(endpoint, { page: 1, limit: 100, sortField: 'id', sortOrder: 'asc' })
    const desc = await list(endpoint, { page: 1, limit: 100, sortField: 'id', sortOrder: 'desc' })
    expect(asc.rows.map((r) => r.id)).toEqual([...desc.rows.map((r) => r.id)].reverse())
    // Read one, edit it.
    const [a, b] = created as [Row, Row]
    expect(must(await admin.get<Row>(`${endpoint}/${a.id}`), `GET ${endpoint}/{id}`).id).toBe(a.id)
    const updated = must(await admin.put<Row>(`${endpoint}/${a.id}`, c.update), `PUT ${endpoint}/{id}`)
    expect(updated).toMatchObject(c.shows)
    // Delete one, then the other in a batch.
    expect((await admin.del(`${endpoint}/${updated.id}`)).success).toBe(true)
    expect((await admin.del(endpoint, { ids: [b.id] })).success).toBe(true)
    expect((await list(endpoint, { page: 1, limit: 20 })).pagination.total).toBe(before)
  })

  it('every list needs the admin token (A §6)', async () => {
    for (const endpoint of [...ENDPOINTS, '/admin/audit']) expect((await alice.get(endpoint)).status, endpoint).toBe(401)
  })
})

describe('A §7 filters', () => {
  it('users: user_id (the 小石榴号 box), nickname, search, user_display_id; a value that matches nothing gives total 0', async () => {
    expect((await list('/admin/users', { user_id: alice.user_id })).rows.map((r) => r.user_id)).toEqual([alice.user_id])
    expect((await list('/admin/users', { user_id: 'nobody_here' })).pagination.total).toBe(0)
    expect((await list('/admin/users', { nickname: '小鲍' })).rows.map((r) => r.user_id)).toEqual([bob.user_id])
    expect((await list('/admin/users', { search: carol.user_id })).pagination.total).toBe(1)
    expect((await list('/admin/users', { user_display_id: dave.user_id })).rows.map((r) => r.nickname)).toEqual(['大卫'])
  })

  it('posts: title, user_display_id, type; comments: content; notifications: title', async () => {
    expect((await list('/admin/posts', { title: '食堂' })).rows.map((r) => r.id)).toEqual([notes[1]])
    expect((await list('/admin/posts', { title: '不存在的标题' })).pagination.total).toBe(0)
    expect((await list('/admin/posts', { user_display_id: alice.user_id })).pagination.total).toBe(4)
    expect((await list('/admin/posts', { type: 2 })).rows.map((r) => r.id)).toEqual([videoNote])
    expect((await list('/admin/comments', { content: '几点关门' })).pagination.total).toBe(1)
    expect((await list('/admin/comments', { content: '没有这条' })).pagination.total).toBe(0)
    const likeTitle = String((await list('/admin/notifications', { user_display_id: alice.user_id, type: 1 })).rows[0]!.title)
    expect((await list('/admin/notifications', { title: likeTitle })).pagination.total).toBeGreaterThanOrEqual(1)
    expect((await list('/admin/notifications', { title: '没有这种通知' })).pagination.total).toBe(0)
  })

  it('sortOrder or order; an unknown sortField is refused, not ignored', async () => {
    const byOrder = await list('/admin/posts', { sortField: 'id', order: 'asc', limit: 100 })
    expect(byOrder.rows.map((r) => r.id)).toEqual([...byOrder.rows.map((r) => r.id)].sort((x, y) => x - y))
    expect((await admin.get('/admin/posts', { sortField: 'no_such_column' })).success).toBe(false)
  })
})

describe('A §7 Verification audit', () => {
  const personal = { type: 2, realName: '张三', idCard: '110101199001011234', occupation: '学生', reason: '校园博主' }

  it('GET /admin/verifications (page, limit, search, status, type, sortField, order), approve with an optional admin_note', async () => {
    must(await carol.post('/users/verification', personal), 'apply')
    const found = await list('/admin/verifications', { page: 1, limit: 20, search: carol.user_id, status: 0, type: 2, sortField: 'created_at', order: 'desc' })
    expect(found.pagination.total).toBe(1)
    const [row] = found.rows
    expect(row).toMatchObject({ type: 2, status: 0 })
    expect(must(await admin.put<Row>(`/admin/audit/${row!.id}/approve`, { admin_note: '资料齐全' }), 'approve')).toMatchObject({ status: 1 })
    expect(must(await world.visitor.get<Profile>(`/users/${carol.user_id}`), 'profile').verified).toBe(2)
    expect(must(await carol.get<Application[]>('/users/verification/status'), 'status').find((a) => a.type === 2)).toMatchObject({ status: 1, admin_note: '资料齐全' })
  })

  it('PUT /admin/audit/{id}/reject as the screen sends it (no body) rejects; DELETE /admin/audit/{id}', async () => {
    must(await dave.post('/users/verification', personal), 'apply')
    const [row] = (await list('/admin/audit', { search: dave.user_id, status: 0 })).rows
    const rejected = await admin.request<Row>('PUT', `/admin/audit/${row!.id}/reject`)
    expect(rejected.success).toBe(true)
    expect(rejected.data).toMatchObject({ status: 2 })
    expect(must(await dave.get<Application[]>('/users/verification/status'), 'status')[0]).toMatchObject({ status: 2 })
    expect((await admin.put(`/admin/verifications/${row!.id}/reject`, { admin_note: '材料不清晰' })).success).toBe(false)
    expect((await admin.del(`/admin/audit/${row!.id}`)).success).toBe(true)
    expect(must(await dave.get<Application[]>('/users/verification/status'), 'status')).toEqual([])
  })
})

describe('A §7 Other admin-related calls', () => {
  it('GET /posts/{id}: images, video_url and cover for the note form', async () => {
    const video = must(await admin.get<{ images: string[]; video_url: string; cover_url: string }>(`/posts/${videoNote}`), 'video note')
    expect(video.video_url).toBeTruthy()
    expect(video.cover_url).toBeTruthy()
    const image = must(await admin.get<{ images: string[] }>(`/posts/${notes[0]}`), 'image note')
    expect(image.images).toHaveLength(1)
  })

  it('GET /users/{user_id}/personality-tags for the personality modal', async () => {
    must(await alice.put(`/users/${alice.user_id}`, { mbti: 'ENFP', major: '历史' }), 'profile')
    expect(JSON.stringify(must(await admin.get(`/users/${alice.user_id}/personality-tags`), 'tags'))).toContain('ENFP')
  })

  it('GET /categories with sortField, sortOrder, name, category_title', async () => {
    await createCategory(world, '美食', 'food')
    const sorted = must(await admin.get<Array<{ category_title: string }>>('/categories', { sortField: 'category_title', sortOrder: 'desc' }), 'sorted')
    expect(sorted.map((c) => c.category_title)).toEqual(['study', 'food'])
    expect(must(await admin.get<Array<{ name: string }>>('/categories', { name: '美' }), 'by name').map((c) => c.name)).toEqual(['美食'])
    expect(must(await admin.get<Array<{ name: string }>>('/categories', { category_title: 'stu' }), 'by title').map((c) => c.name)).toEqual(['学习'])
  })

  it('GET /admin/monitor/activities (date_from, date_to, activity_type) → success, data (list)', async () => {
    const all = must(await admin.get<Activity[]>('/admin/monitor/activities'), 'activities')
    expect(all.map((a) => a.type)).toEqual(expect.arrayContaining(['user_register', 'post_publish', 'comment_publish']))
    const today = new Date().toISOString().slice(0, 10)
    const posts = must(await admin.get<Activity[]>('/admin/monitor/activities', { activity_type: 'post_publish', date_from: today, date_to: today }), 'posts')
    expect(posts.length).toBeGreaterThanOrEqual(4)
    expect(posts.every((a) => a.type === 'post_publish' && a.target_id !== null && a.user_id === alice.user_id)).toBe(true)
    expect(must(await admin.get<Activity[]>('/admin/monitor/activities', { date_to: '2000-01-01' }), 'old')).toEqual([])
  })
})

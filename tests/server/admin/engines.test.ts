import type { AdminList } from '../../../server/contract/admin/list'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCounterMismatches } from '../../../server/domain/counters'
import { ENGINE_NAMES, testEngine } from '../../support/engines'
import { startTestServer, type TestServer } from '../../support/server'
import { dbRun } from '../../support/sql'
import { adminToken, createAdmin, createCategory, createMember, uploadImage } from './support'

/*
 * The admin mechanism, run on every engine: joined lists with LIKE search, boolean and date filters,
 * sorting by joined columns, the monitor's three sources, verification decisions and counter-exact deletes.
 */

type Row = Record<string, unknown>

describe(`admin API on ${ENGINE_NAMES[testEngine()]}`, () => {
  let server: TestServer
  let token: string
  let postId: number
  const list = async (path: string) => (await server.call<AdminList<Row>>('GET', path, { token })).body.data.data
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    const author = await createMember(server, { user_id: 'author_e', nickname: '作者' })
    const fan = await createMember(server, { user_id: 'fan_e', nickname: '粉丝' })
    const category = await createCategory(server)
    const image = await uploadImage(server, author.token)
    const note = await server.call<Row>('POST', '/api/admin/posts', { token, json: { user_display_id: 'author_e', title: '周末 Hiking', content: '<p>爬山</p>', category_id: category.id, type: 1, images: [image], tags: ['户外'] } })
    postId = Number(note.body.data.id)
    const comment = await server.call<Row>('POST', '/api/admin/comments', { token, json: { post_id: postId, user_display_id: 'fan_e', content: '好看' } })
    await server.call('POST', '/api/admin/likes', { token, json: { user_display_id: 'fan_e', target_type: 1, target_id: postId } })
    await server.call('POST', '/api/admin/likes', { token, json: { user_display_id: 'author_e', target_type: 2, target_id: comment.body.data.id } })
    await server.call('POST', '/api/admin/collections', { token, json: { user_display_id: 'fan_e', post_id: postId } })
    await server.call('POST', '/api/admin/follows', { token, json: { follower_display_id: 'fan_e', following_display_id: 'author_e' } })
    await dbRun(server.deps.db, 'INSERT INTO verifications (user_id, type, content, status) VALUES (?, ?, ?, ?)', [fan.user.id, 2, '<table></table>', 0])
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('lists with joins, case-insensitive search, filters and sorting by joined columns', async () => {
    expect((await list(`/api/admin/posts?search=hiking&is_draft=0&user_display_id=author_e`)).map((r) => r.id)).toEqual([postId])
    const [post] = await list(`/api/admin/posts?search=${encodeURIComponent('爬山')}`)
    expect(post).toMatchObject({ user_display_id: 'author_e', category: '学习', is_draft: false, tags: [{ name: '户外' }] })
    expect(typeof post!.created_at).toBe('string')
    expect((await list('/api/admin/follows'))[0]).toMatchObject({ follower_display_id: 'fan_e', following_nickname: '作者' })
    expect((await list('/api/admin/collections'))[0]).toMatchObject({ post_title: '周末 Hiking' })
    expect((await list('/api/admin/sessions?is_active=true&sortField=user_id&sortOrder=desc')).map((r) => r.user_display_id)).toEqual(['fan_e', 'author_e'])
    expect((await list('/api/admin/users?sortField=user_id&order=asc')).map((r) => r.user_id)).toEqual(['author_e', 'fan_e'])
    const today = new Date().toISOString().slice(0, 10)
    expect(await list(`/api/admin/likes?date_from=${today}&target_type=1`)).toHaveLength(1)
    expect(await list('/api/admin/notifications?is_read=0&type=1')).toHaveLength(1)
  })

  it('monitor and verification decisions', async () => {
    const feed = (await server.call<Row[]>('GET', '/api/admin/monitor/activities', { token })).body.data
    expect(feed.map((a) => a.type).sort()).toEqual(['comment_publish', 'post_publish', 'user_register', 'user_register'])
    const [application] = await list('/api/admin/audit?status=0')
    const approved = await server.call<Row>('PUT', `/api/admin/verifications/${String(application!.id)}/approve`, { token, json: { admin_note: '通过' } })
    expect(approved.body.data).toMatchObject({ status: 1, admin_note: '通过' })
    expect((await list('/api/admin/users?verified=2')).map((r) => r.user_id)).toEqual(['fan_e'])
  })

  it('admin deletes keep every counter exact; the audit log lists the writes', async () => {
    for (const resource of ['likes', 'collections', 'follows', 'comments']) {
      const ids = (await list(`/api/admin/${resource}`)).map((r) => r.id)
      expect((await server.call('DELETE', `/api/admin/${resource}`, { token, json: { ids } })).status).toBe(200)
      expect(await findCounterMismatches(server.deps.db)).toEqual([])
    }
    expect((await server.call('DELETE', `/api/admin/posts/${postId}`, { token })).status).toBe(200)
    const [fan] = await list('/api/admin/users?user_display_id=fan_e')
    expect((await server.call('DELETE', `/api/admin/users/${String(fan!.id)}`, { token })).status).toBe(200)
    expect(await findCounterMismatches(server.deps.db)).toEqual([])
    expect((await list('/api/admin/audit-logs?action=batch-delete')).length).toBe(4)
  })
})

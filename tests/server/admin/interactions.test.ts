import type { AdminList } from '../../../server/contract/admin/list'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin, createCategory, createMember, uploadImage } from './support'

type Row = Record<string, unknown>

describe('admin likes, collections, follows and notifications', () => {
  let server: TestServer
  let token: string
  let userToken: string
  let postId: number
  let commentId: number
  const get = async (path: string) => (await server.call<Row>('GET', path, { token })).body.data
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    userToken = (await createMember(server, { user_id: 'author1', nickname: '作者' })).token
    await createMember(server, { user_id: 'fan1', nickname: '粉丝' })
    await createMember(server, { user_id: 'fan2', nickname: '粉丝二' })
    const category = await createCategory(server)
    const image = await uploadImage(server, userToken)
    const post = await server.call<Row>('POST', '/api/admin/posts', { token, json: { user_display_id: 'author1', title: '标题', content: '内容', category_id: category.id, type: 1, images: [image] } })
    postId = Number(post.body.data.id)
    const comment = await server.call<Row>('POST', '/api/admin/comments', { token, json: { post_id: postId, user_display_id: 'author1', content: '沙发' } })
    commentId = Number(comment.body.data.id)
  })
  afterAll(() => server?.close())

  describe('likes', () => {
    let likeId: number
    it('creates a note like as a member would: counters and a notification', async () => {
      const { status, body } = await server.call<Row>('POST', '/api/admin/likes', { token, json: { user_display_id: 'fan1', target_type: '1', target_id: postId } })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ user_display_id: 'fan1', nickname: '粉丝', target_type: 1, target_id: postId, post_title: '标题' })
      likeId = Number(body.data.id)
      expect((await get(`/api/admin/posts/${postId}`)).like_count).toBe(1)
      expect(((await server.call<AdminList<Row>>('GET', '/api/admin/users?user_display_id=author1', { token })).body.data.data[0]!).like_count).toBe(1)
      const n = await server.call<AdminList<Row>>('GET', '/api/admin/notifications?type=1', { token })
      expect(n.body.data.data[0]).toMatchObject({ user_display_id: 'author1', sender_display_id: 'fan1', sender_nickname: '粉丝', target_id: postId })
      expect((await server.call('POST', '/api/admin/likes', { token, json: { user_display_id: 'fan1', target_type: 1, target_id: postId } })).status).toBe(409)
    })

    it.each([
      [{ target_type: 1, target_id: 1 }, '请输入用户ID'],
      [{ user_display_id: 'fan1', target_id: 1 }, '请选择目标类型'],
      [{ user_display_id: 'fan1', target_type: 3, target_id: 1 }, '请选择目标类型'],
      [{ user_display_id: 'fan1', target_type: 1 }, '请输入目标ID'],
      [{ user_display_id: 'ghost', target_type: 1, target_id: 1 }, '用户不存在'],
      [{ user_display_id: 'fan1', target_type: 1, target_id: 999999 }, '目标笔记不存在'],
      [{ user_display_id: 'fan1', target_type: 2, target_id: 999999 }, '目标评论不存在'],
    ])('400 for %j: %s', async (json, message) => {
      const { status, body } = await server.call('POST', '/api/admin/likes', { token, json })
      expect(status).toBe(400)
      expect(body.message).toBe(message)
    })

    it('moving a like to the comment is a new like; counters follow', async () => {
      const { status, body } = await server.call<Row>('PUT', `/api/admin/likes/${likeId}`, { token, json: { target_type: 2, target_id: commentId } })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ target_type: 2, target_id: commentId, comment_content: '沙发' })
      expect((await get(`/api/admin/posts/${postId}`)).like_count).toBe(0)
      expect((await get(`/api/admin/comments/${commentId}`)).like_count).toBe(1)
      expect((await server.call('GET', `/api/admin/likes/${likeId}`, { token })).status).toBe(404)
      likeId = Number(body.data.id)
      expect((await server.call('PUT', '/api/admin/likes/999999', { token, json: { target_id: 1 } })).status).toBe(404)
    })

    it('deletes a like through unlike', async () => {
      expect((await server.call('DELETE', `/api/admin/likes/${likeId}`, { token })).status).toBe(200)
      expect((await get(`/api/admin/comments/${commentId}`)).like_count).toBe(0)
      expect((await server.call('DELETE', `/api/admin/likes/${likeId}`, { token })).status).toBe(404)
    })
  })

  describe('collections', () => {
    it('creates with post_title, counters move, rules, delete', async () => {
      const { body } = await server.call<Row>('POST', '/api/admin/collections', { token, json: { user_display_id: 'fan1', post_id: postId } })
      expect(body.data).toMatchObject({ user_display_id: 'fan1', post_id: postId, post_title: '标题' })
      expect((await get(`/api/admin/posts/${postId}`)).collect_count).toBe(1)
      expect((await server.call('POST', '/api/admin/collections', { token, json: { user_display_id: 'fan1', post_id: postId } })).status).toBe(409)
      expect((await server.call('POST', '/api/admin/collections', { token, json: { post_id: postId } })).body.message).toBe('请输入用户ID')
      expect((await server.call('POST', '/api/admin/collections', { token, json: { user_display_id: 'fan1' } })).body.message).toBe('请输入笔记ID')
      expect((await server.call('POST', '/api/admin/collections', { token, json: { user_display_id: 'fan1', post_id: 999999 } })).body.message).toBe('笔记不存在')
      const moved = await server.call<Row>('PUT', `/api/admin/collections/${String(body.data.id)}`, { token, json: { user_display_id: 'fan2' } })
      expect(moved.body.data).toMatchObject({ user_display_id: 'fan2' })
      expect((await get(`/api/admin/posts/${postId}`)).collect_count).toBe(1)
      expect((await server.call('DELETE', `/api/admin/collections/${String(moved.body.data.id)}`, { token })).status).toBe(200)
      expect((await get(`/api/admin/posts/${postId}`)).collect_count).toBe(0)
      expect((await server.call('GET', '/api/admin/collections/999999', { token })).status).toBe(404)
    })
  })

  describe('follows', () => {
    it('lists both sides with display ids and nicknames; counters move; rules', async () => {
      const { body } = await server.call<Row>('POST', '/api/admin/follows', { token, json: { follower_display_id: 'fan1', following_display_id: 'author1' } })
      expect(body.data).toMatchObject({ follower_display_id: 'fan1', follower_nickname: '粉丝', following_display_id: 'author1', following_nickname: '作者' })
      const author = (await server.call<AdminList<Row>>('GET', '/api/admin/users?user_display_id=author1', { token })).body.data.data[0]!
      expect(author.fans_count).toBe(1)
      expect((await server.call('POST', '/api/admin/follows', { token, json: { follower_display_id: 'fan1', following_display_id: 'author1' } })).status).toBe(409)
      expect((await server.call('POST', '/api/admin/follows', { token, json: { follower_display_id: 'fan1', following_display_id: 'fan1' } })).body.message).toBe('不能关注自己')
      expect((await server.call('POST', '/api/admin/follows', { token, json: { following_display_id: 'fan1' } })).body.message).toBe('请输入关注者ID')
      expect((await server.call('POST', '/api/admin/follows', { token, json: { follower_display_id: 'fan1' } })).body.message).toBe('请输入被关注者ID')
      const filtered = await server.call<AdminList<Row>>('GET', '/api/admin/follows?following_display_id=author1', { token })
      expect(filtered.body.data.data).toHaveLength(1)
      expect((await server.call('DELETE', '/api/admin/follows', { token, json: { ids: [body.data.id] } })).status).toBe(200)
      expect(((await server.call<AdminList<Row>>('GET', '/api/admin/users?user_display_id=author1', { token })).body.data.data[0]!).fans_count).toBe(0)
    })
  })

  describe('notifications', () => {
    it('creates with the given title, edits is_read, filters, deletes', async () => {
      const created = await server.call<Row>('POST', '/api/admin/notifications', { token, json: { user_display_id: 'fan1', sender_display_id: 'author1', type: '6', title: '系统通知' } })
      expect(created.status).toBe(200)
      expect(created.body.data).toMatchObject({ user_display_id: 'fan1', sender_display_id: 'author1', type: 6, title: '系统通知', is_read: false })
      const id = String(created.body.data.id)
      expect((await server.call<Row>('PUT', `/api/admin/notifications/${id}`, { token, json: { is_read: true } })).body.data.is_read).toBe(true)
      expect((await server.call<AdminList<Row>>('GET', '/api/admin/notifications?is_read=1', { token })).body.data.data.map((r) => r.id)).toEqual([created.body.data.id])
      expect((await server.call('DELETE', `/api/admin/notifications/${id}`, { token })).status).toBe(200)
    })

    it.each([
      [{ sender_display_id: 'author1', type: 6, title: 't' }, '请输入接收者'],
      [{ user_display_id: 'fan1', type: 6, title: 't' }, '请输入发送者'],
      [{ user_display_id: 'fan1', sender_display_id: 'author1', title: 't' }, '请选择通知类型'],
      [{ user_display_id: 'fan1', sender_display_id: 'author1', type: 9, title: 't' }, '请选择通知类型'],
      [{ user_display_id: 'fan1', sender_display_id: 'author1', type: 6 }, '请输入通知标题'],
      [{ user_display_id: 'nobody', sender_display_id: 'author1', type: 6, title: 't' }, '接收者不存在'],
    ])('400 for %j: %s', async (json, message) => {
      const { status, body } = await server.call('POST', '/api/admin/notifications', { token, json })
      expect(status).toBe(400)
      expect(body.message).toBe(message)
    })
  })

  it('every resource route refuses no token and a user token', async () => {
    for (const r of ['likes', 'collections', 'follows', 'notifications']) {
      for (const [method, path, json] of [['GET', `/api/admin/${r}`, undefined], ['POST', `/api/admin/${r}`, {}], ['PUT', `/api/admin/${r}/1`, {}], ['DELETE', `/api/admin/${r}/1`, undefined], ['DELETE', `/api/admin/${r}`, { ids: [1] }]] as const) {
        expect((await server.call(method, path, { json })).status, `${method} ${path}`).toBe(401)
        expect((await server.call(method, path, { json, token: userToken })).status, `${method} ${path}`).toBe(401)
      }
    }
  })
})

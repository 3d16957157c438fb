import type { AdminList } from '../../../server/contract/admin/list'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin, createCategory, createMember, uploadImage } from './support'

type Row = Record<string, unknown>

describe('admin notes and comments', () => {
  let server: TestServer
  let token: string
  let userToken: string
  let image: string
  let categoryId: number
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    userToken = (await createMember(server, { user_id: 'author1', nickname: '作者' })).token
    await createMember(server, { user_id: 'reader1', nickname: '读者' })
    image = await uploadImage(server, userToken)
    categoryId = (await createCategory(server)).id
  })
  afterAll(() => server?.close())

  const note = () => ({ user_display_id: 'author1', title: '春天的校园', content: '<p>樱花开了</p>', category_id: String(categoryId), type: '1', images: [image], tags: ['春天', '校园'] })
  let postId: number

  describe('posts', () => {
    it('creates a note through the note command: counters, tags and category move', async () => {
      const { status, body } = await server.call<Row>('POST', '/api/admin/posts', { token, json: note() })
      expect(status).toBe(200)
      expect(body.message).toBe('笔记创建成功')
      postId = Number(body.data.id)
      expect(body.data).toMatchObject({ title: '春天的校园', user_display_id: 'author1', nickname: '作者', category: '学习', category_id: categoryId, type: 1, is_draft: false, images: [image] })
      expect((body.data.tags as Row[]).map((t) => t.name)).toEqual(['春天', '校园'])
      const author = await server.call<AdminList<Row>>('GET', '/api/admin/users?user_display_id=author1', { token })
      expect(author.body.data.data[0]!.post_count).toBe(1)
      const category = await server.call<Row>('GET', `/api/admin/categories/${categoryId}`, { token })
      expect(category.body.data.post_count).toBe(1)
      const tags = await server.call<AdminList<Row>>('GET', `/api/admin/tags?search=${encodeURIComponent('春天')}`, { token })
      expect(tags.body.data.data[0]!.use_count).toBe(1)
    })

    it.each([
      [{ user_display_id: undefined }, '请输入作者ID'],
      [{ user_display_id: 'ghost' }, '作者不存在'],
      [{ type: undefined }, '笔记类型必须是1或2'],
      [{ title: '' }, '请输入标题'],
      [{ content: '' }, '请输入内容'],
      [{ category_id: '' }, '请选择分类'],
      [{ images: [] }, '请至少上传一张图片'],
      [{ images: Array.from({ length: 10 }, () => '/uploads/x.png') }, '最多只能上传9张图片'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, '最多只能添加10个标签'],
      [{ type: '2', images: [] }, '请选择视频文件'],
      [{ view_count: -1 }, '浏览量不能小于0'],
    ])('400 for %j: %s', async (patch, message) => {
      const { status, body } = await server.call('POST', '/api/admin/posts', { token, json: { ...note(), ...patch } })
      expect(status).toBe(400)
      expect(body.message).toBe(message)
    })

    it('a draft needs none of title, content and category', async () => {
      const { status, body } = await server.call<Row>('POST', '/api/admin/posts', { token, json: { user_display_id: 'author1', type: 1, is_draft: true, title: '草稿' } })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ is_draft: true, category_id: null })
      const drafts = await server.call<AdminList<Row>>('GET', '/api/admin/posts?is_draft=1', { token })
      expect(drafts.body.data.data.map((r) => r.id)).toEqual([body.data.id])
    })

    it('reads the detail with media; edits through the note command; view_count is editable', async () => {
      const detail = await server.call<Row>('GET', `/api/admin/posts/${postId}`, { token })
      expect(detail.body.data).toMatchObject({ images: [image], video_url: null })
      const edit = await server.call<Row>('PUT', `/api/admin/posts/${postId}`, { token, json: { title: '夏天的校园', tags: ['夏天'], view_count: 42 } })
      expect(edit.status).toBe(200)
      expect(edit.body.data).toMatchObject({ title: '夏天的校园', view_count: 42 })
      expect((edit.body.data.tags as Row[]).map((t) => t.name)).toEqual(['夏天'])
      const spring = await server.call<AdminList<Row>>('GET', `/api/admin/tags?name=${encodeURIComponent('春天')}`, { token })
      expect(spring.body.data.data[0]!.use_count).toBe(0)
      expect((await server.call('PUT', `/api/admin/posts/${postId}`, { token, json: { view_count: -5 } })).body.message).toBe('浏览量不能小于0')
      expect((await server.call('PUT', `/api/admin/posts/${postId}`, { token, json: { title: '' } })).body.message).toBe('请输入标题')
      expect((await server.call('PUT', '/api/admin/posts/999999', { token, json: { title: 'x' } })).status).toBe(404)
      expect((await server.call('GET', '/api/admin/posts/999999', { token })).status).toBe(404)
    })

    it('filters by author, type and search; sorts by counters', async () => {
      expect((await server.call<AdminList<Row>>('GET', '/api/admin/posts?user_display_id=author1&type=1', { token })).body.data.data).toHaveLength(2)
      expect((await server.call<AdminList<Row>>('GET', `/api/admin/posts?search=${encodeURIComponent('夏天')}`, { token })).body.data.data).toHaveLength(1)
      expect((await server.call<AdminList<Row>>('GET', '/api/admin/posts?sortField=view_count&sortOrder=desc', { token })).body.data.data[0]!.id).toBe(postId)
    })

    it('401 without a token and with a user token', async () => {
      for (const [method, path] of [['GET', '/api/admin/posts'], ['POST', '/api/admin/posts'], ['PUT', `/api/admin/posts/${postId}`], ['DELETE', `/api/admin/posts/${postId}`]] as const) {
        const json = method === 'GET' ? undefined : {}
        expect((await server.call(method, path, { json })).status).toBe(401)
        expect((await server.call(method, path, { json, token: userToken })).status).toBe(401)
      }
    })
  })

  describe('comments', () => {
    let commentId: number
    it('creates a comment and a reply as the named members: counters and notifications move', async () => {
      const c = await server.call<Row>('POST', '/api/admin/comments', { token, json: { post_id: postId, user_display_id: 'reader1', content: '拍得真好' } })
      expect(c.status).toBe(200)
      expect(c.body.data).toMatchObject({ post_id: postId, post_title: '夏天的校园', user_display_id: 'reader1', nickname: '读者', parent_id: null, content: '拍得真好' })
      commentId = Number(c.body.data.id)
      const r = await server.call<Row>('POST', '/api/admin/comments', { token, json: { post_id: postId, user_display_id: 'author1', content: '谢谢', parent_id: commentId } })
      expect(r.body.data).toMatchObject({ parent_id: commentId })
      expect((await server.call<Row>('GET', `/api/admin/comments/${commentId}`, { token })).body.data.reply_count).toBe(1)
      expect((await server.call<Row>('GET', `/api/admin/posts/${postId}`, { token })).body.data.comment_count).toBe(2)
      const n = await server.call<AdminList<Row>>('GET', '/api/admin/notifications?user_display_id=author1&type=4', { token })
      expect(n.body.data.data[0]).toMatchObject({ sender_display_id: 'reader1', target_id: postId, comment_id: commentId })
    })

    it.each([
      [{ user_display_id: 'reader1', content: 'x' }, '请输入笔记ID'],
      [{ post_id: 1, content: 'x' }, '请输入评论者ID'],
      [{ post_id: 1, user_display_id: 'reader1' }, '请输入评论内容或上传图片'],
      [{ post_id: 1, user_display_id: 'reader1', content: '<p> </p>' }, '请输入评论内容或上传图片'],
    ])('400 for %j: %s', async (json, message) => {
      const { status, body } = await server.call('POST', '/api/admin/comments', { token, json })
      expect(status).toBe(400)
      expect(body.message).toBe(message)
    })

    it('edits the text (sanitised), filters, 404s', async () => {
      const edit = await server.call<Row>('PUT', `/api/admin/comments/${commentId}`, { token, json: { content: '<script>x</script>改过了' } })
      expect(edit.body.data.content).not.toContain('<script')
      expect((await server.call<AdminList<Row>>('GET', `/api/admin/comments?post_id=${postId}&user_display_id=author1`, { token })).body.data.data).toHaveLength(1)
      expect((await server.call('PUT', '/api/admin/comments/999999', { token, json: { content: 'x' } })).status).toBe(404)
      expect((await server.call('DELETE', '/api/admin/comments/999999', { token })).status).toBe(404)
    })

    it('deleting a comment takes its replies and fixes the note counter', async () => {
      expect((await server.call('DELETE', `/api/admin/comments/${commentId}`, { token })).status).toBe(200)
      expect((await server.call<AdminList<Row>>('GET', `/api/admin/comments?post_id=${postId}`, { token })).body.data.data).toEqual([])
      expect((await server.call<Row>('GET', `/api/admin/posts/${postId}`, { token })).body.data.comment_count).toBe(0)
    })

    it('401 without a token and with a user token', async () => {
      expect((await server.call('GET', '/api/admin/comments')).status).toBe(401)
      expect((await server.call('POST', '/api/admin/comments', { token: userToken, json: {} })).status).toBe(401)
    })
  })

  it('deletes notes (one and batch) through the note command', async () => {
    const ids = (await server.call<AdminList<Row>>('GET', '/api/admin/posts', { token })).body.data.data.map((r) => Number(r.id))
    expect((await server.call('DELETE', '/api/admin/posts', { token, json: { ids } })).status).toBe(200)
    expect((await server.call<AdminList<Row>>('GET', '/api/admin/users?user_display_id=author1', { token })).body.data.data[0]!.post_count).toBe(0)
    expect((await server.call<Row>('GET', `/api/admin/categories/${categoryId}`, { token })).body.data.post_count).toBe(0)
  })
})

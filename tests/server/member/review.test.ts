import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin } from '../admin/support'
import { createCategory, ownImage } from './support/notes'

interface Card {
  id: number
  title: string
  content: string
  status: number
  is_draft: boolean
  moderation: number
  moderation_reason: string | null
}

/**
 * Watched words on notes and comments, the 笔记审核 setting, the 待审核 queue (/admin/posts-audit,
 * /admin/comments-audit) and XiaoShiLiu v1.3's note status, against a real server.
 */
describe('watched words, review before publishing and v1.3 status', () => {
  let server: TestServer
  let admin: string
  let category: number
  let author: Member
  let other: Member
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    admin = await adminToken(server)
    category = await createCategory(server, '学习', 'study')
    author = await insertMember(server)
    other = await insertMember(server)
  })
  afterAll(() => server?.close())

  const word = async (w: string, action: string) => {
    const { status, body } = await server.call<{ id: number }>('POST', '/api/admin/watched-words', { token: admin, json: { word: w, action } })
    expect(status, body.message).toBe(200)
    return body.data.id
  }
  const setReview = async (value: string) => {
    const list = await server.call<{ data: Array<{ id: number; name: string }> }>('GET', '/api/admin/settings', { token: admin })
    const id = list.body.data.data.find((s) => s.name === 'post_review')!.id
    expect((await server.call('PUT', `/api/admin/settings/${id}`, { token: admin, json: { value } })).status).toBe(200)
  }
  // Each member with an image of their own (a member may show only their uploads).
  const publish = async (who: Member, json: Record<string, unknown>) =>
    server.call<{ id: number }>('POST', '/api/posts', { token: who.token, json: { title: '标题', content: '<p>内容</p>', category_id: category, images: [(await ownImage(server, who.token)).url], ...json } })
  const detail = (id: number, who?: Member) => server.call<Card>('GET', `/api/posts/${id}`, { token: who?.token })
  const postCount = async (who: Member) => (await server.call<{ post_count: number }>('GET', `/api/users/${who.user_id}`)).body.data.post_count
  const feedIds = async () => (await server.call<{ posts: Card[] }>('GET', '/api/posts?page=1&limit=50', { token: other.token })).body.data.posts.map((p) => p.id)
  const systemNotes = async (who: Member) => (await server.call<{ notifications: Array<{ type: number; title: string; target_id: number | null; from_user_id: string | null }> }>('GET', '/api/notifications/system', { token: who.token })).body.data.notifications

  it('block words refuse a note or comment with 400 内容包含不当词语, in any width or case, in title, text or comment', async () => {
    await word('Spam', 'block')
    await word('违禁品', 'block')
    const note = await publish(author, {})
    expect(note.status).toBe(200)
    for (const json of [{ title: '这是ＳＰＡＭ' }, { content: '<p>卖<b>违禁</b>品啦</p>' }, { title: 'sPaM 来了' }]) {
      const { status, body } = await publish(author, json)
      expect([status, body.message], JSON.stringify(json)).toEqual([400, '内容包含不当词语'])
    }
    const edit = await server.call('PUT', `/api/posts/${note.body.data.id}`, { token: author.token, json: { content: '<p>SPAM</p>' } })
    expect([edit.status, edit.body.message]).toEqual([400, '内容包含不当词语'])
    const comment = await server.call('POST', '/api/comments', { token: other.token, json: { post_id: note.body.data.id, content: '出售违禁品' } })
    expect([comment.status, comment.body.message]).toEqual([400, '内容包含不当词语'])
  })

  it('replace words are masked with *** in titles, rich text (markup kept) and comments', async () => {
    await word('广告位', 'replace')
    const { body } = await publish(author, { title: '出租广告位', content: '<p>联系<b>ＡＤ</b>广告位</p>' })
    const note = await detail(body.data.id, other)
    expect(note.body.data.title).toBe('出租***')
    expect(note.body.data.content).toBe('<p>联系<b>ＡＤ</b>***</p>')
    const comment = await server.call<{ content: string }>('POST', '/api/comments', { token: other.token, json: { post_id: body.data.id, content: '有广告位吗' } })
    expect([comment.status, comment.body.data.content]).toEqual([200, '有***吗'])
  })

  it('a list change applies from the next write', async () => {
    expect((await publish(author, { title: '期末复习资料' })).status).toBe(200)
    const id = await word('复习资料', 'block')
    expect((await publish(author, { title: '期末复习资料' })).body.message).toBe('内容包含不当词语')
    await server.call('DELETE', `/api/admin/watched-words/${id}`, { token: admin })
    expect((await publish(author, { title: '期末复习资料' })).status).toBe(200)
  })

  it('review words hold a note (审核中, its author and admins only) until approved; approval publishes, notifies and counts', async () => {
    await word('加微信', 'review')
    const mentioned = await insertMember(server)
    const before = await postCount(author)
    const held = await publish(author, { content: `<p>想要的同学ＡＢ加微信聊 [@${mentioned.nickname}:${mentioned.user_id}]</p>` })
    expect([held.status, held.body.message]).toEqual([200, '已提交审核，审核通过后将公开显示'])
    const id = held.body.data.id
    expect((await detail(id, author)).body.data).toMatchObject({ moderation: 2, status: 2, is_draft: false })
    expect((await detail(id, other)).status).toBe(404)
    expect((await detail(id)).status).toBe(404)
    expect(await feedIds()).not.toContain(id)
    expect(await postCount(author)).toBe(before)
    // Mentions are told when it is published, not before.
    const mentions = async () => (await server.call<{ notifications: Array<{ type: number }> }>('GET', '/api/notifications/comments', { token: mentioned.token })).body.data.notifications.filter((n) => n.type === 8).length
    expect(await mentions()).toBe(0)

    const queue = await server.call<{ data: Array<{ id: number; status: number }> }>('GET', '/api/admin/posts-audit', { token: admin })
    expect(queue.status).toBe(200)
    expect(queue.body.data.data.find((r) => r.id === id)).toMatchObject({ status: 2 })

    const approved = await server.call<{ id: number; moderation: number; status: number }>('PUT', `/api/admin/posts-audit/${id}/approve`, { token: admin, json: {} })
    expect([approved.status, approved.body.message, approved.body.data.moderation, approved.body.data.status]).toEqual([200, '审核通过成功', 0, 0])
    expect((await detail(id, other)).status).toBe(200)
    expect(await feedIds()).toContain(id)
    expect(await postCount(author)).toBe(before + 1)
    expect(await mentions()).toBe(1)
    expect((await systemNotes(author))[0]).toMatchObject({ type: 9, target_id: id, from_user_id: null })
    expect((await systemNotes(author))[0]!.title).toMatch(/已通过审核/)
    // Approving twice: it is no longer in the queue.
    const again = await server.call('PUT', `/api/admin/posts-audit/${id}/approve`, { token: admin, json: {} })
    expect([again.status, again.body.message]).toEqual([404, '待审核笔记不存在'])
  })

  it('rejecting takes a reason (a default without one: client-v132.test.ts); the author sees 未通过 with it and a resubmission is held again', async () => {
    const { body } = await publish(author, { title: '加微信领资料' })
    const id = body.data.id
    const tooLong = await server.call('PUT', `/api/admin/posts-audit/${id}/reject`, { token: admin, json: { reason: '长'.repeat(201) } })
    expect([tooLong.status, tooLong.body.message]).toEqual([400, '拒绝原因最多200个字符'])
    const rejected = await server.call<{ moderation: number; status: number; moderation_reason: string }>('PUT', `/api/admin/posts-audit/${id}/reject`, { token: admin, json: { reason: '请勿留联系方式' } })
    expect([rejected.status, rejected.body.message, rejected.body.data.status, rejected.body.data.moderation_reason]).toEqual([200, '已拒绝', 3, '请勿留联系方式'])
    expect((await detail(id, author)).body.data).toMatchObject({ status: 3, moderation: 3, moderation_reason: '请勿留联系方式' })
    expect((await detail(id, other)).status).toBe(404)
    expect((await systemNotes(author))[0]!.title).toMatch(/未通过审核：请勿留联系方式/)
    // The author edits it: back in the queue, even without the word.
    const resubmit = await server.call('PUT', `/api/posts/${id}`, { token: author.token, json: { title: '领资料' } })
    expect([resubmit.status, resubmit.body.message]).toEqual([200, '已提交审核，审核通过后将公开显示'])
    expect((await detail(id, author)).body.data).toMatchObject({ status: 2, moderation_reason: null })
    // Someone else's held note cannot be edited (it does not exist for them); the queue's 404 for unknown ids.
    expect((await server.call('PUT', `/api/posts/${id}`, { token: other.token, json: { title: 'x' } })).status).toBe(404)
    expect((await server.call('PUT', '/api/admin/posts-audit/999999/reject', { token: admin, json: { reason: 'x' } })).status).toBe(404)
    expect((await server.call('PUT', `/api/admin/posts-audit/${id}/approve`)).status).toBe(401)
    expect((await server.call('PUT', `/api/admin/posts-audit/${id}/approve`, { token: author.token, json: {} })).status).toBe(401)
    expect((await server.call('GET', '/api/admin/posts-audit?page=0', { token: admin })).status).toBe(400)
  })

  it('review words hold comments too, approved in /admin/comments-audit', async () => {
    const { body } = await publish(author, { title: '普通笔记' })
    const comment = await server.call<{ id: number; moderation: number }>('POST', '/api/comments', { token: other.token, json: { post_id: body.data.id, content: '加微信看看' } })
    expect([comment.status, comment.body.message, comment.body.data.moderation]).toEqual([200, '已提交审核，审核通过后将公开显示', 2])
    const count = async () => (await detail(body.data.id, author)).body.data as unknown as { comment_count: number }
    expect((await count()).comment_count).toBe(0)
    const queue = await server.call<{ data: Array<{ id: number }> }>('GET', '/api/admin/comments-audit', { token: admin })
    expect(queue.body.data.data.map((r) => r.id)).toContain(comment.body.data.id)
    expect((await server.call('PUT', `/api/admin/comments-audit/${comment.body.data.id}/approve`, { token: admin, json: {} })).status).toBe(200)
    expect((await count()).comment_count).toBe(1)
    expect((await systemNotes(other))[0]!.title).toMatch(/评论.*已通过审核/)
  })

  it('笔记审核: all notes are held; first3 holds a member until 3 notes are published; off publishes at once', async () => {
    await setReview('all')
    expect((await publish(author, {})).body.message).toBe('已提交审核，审核通过后将公开显示')
    await setReview('first3')
    const newcomer = await insertMember(server)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const { body } = await publish(newcomer, { title: `新人笔记${i}` })
      expect(body.message).toBe('已提交审核，审核通过后将公开显示')
      ids.push(body.data.id)
      await server.call('PUT', `/api/admin/posts-audit/${body.data.id}/approve`, { token: admin, json: {} })
    }
    expect((await publish(newcomer, { title: '第四篇' })).body.message).toBe('发布成功')
    // A draft is never held; publishing it is a first publication.
    const draft = await publish(other, { title: '草稿', is_draft: true })
    expect(draft.body.message).toBe('保存成功')
    await setReview('off')
    expect((await publish(other, {})).body.message).toBe('发布成功')
  })

  it('v1.3 status: on writes (1 draft, 2 submit), in replies, and as a list filter for the author only', async () => {
    const draft = await publish(author, { title: '状态草稿', status: 1 })
    expect(draft.body.message).toBe('保存成功')
    expect((await detail(draft.body.data.id, author)).body.data).toMatchObject({ is_draft: true, status: 1 })
    const submitted = await server.call('PUT', `/api/posts/${draft.body.data.id}`, { token: author.token, json: { status: 2 } })
    expect([submitted.status, submitted.body.message]).toEqual([200, '更新成功'])
    expect((await detail(draft.body.data.id, other)).body.data).toMatchObject({ is_draft: false, status: 0 })
    expect((await publish(author, { status: 3 })).body.message).toBe('笔记状态只能是0（发布）、1（草稿）或2（提交审核）')

    const held = (await publish(author, { title: '加微信2' })).body.data.id
    const list = (status: number, who?: Member, user = author.user_id) => server.call<{ posts: Card[] }>('GET', `/api/posts?user_id=${user}&status=${status}`, { token: who?.token })
    await publish(author, { title: '另一篇草稿', status: 1 })
    expect((await list(1, author)).body.data.posts.every((p) => p.status === 1)).toBe(true)
    expect((await list(2, author)).body.data.posts.map((p) => p.id)).toContain(held)
    expect((await list(2, author)).body.data.posts.every((p) => p.status === 2)).toBe(true)
    expect((await list(3, author)).body.data.posts.every((p) => p.status === 3)).toBe(true)
    expect((await list(0, author)).body.data.posts.every((p) => p.status === 0)).toBe(true)
    expect((await list(0, other)).body.data.posts.map((p) => p.id)).not.toContain(held)
    for (const status of [1, 2, 3]) {
      expect((await list(status)).status).toBe(401)
      expect((await list(status, other)).status).toBe(403)
    }
    expect((await server.call('GET', '/api/posts?status=4')).body.message).toBe('笔记状态只能是0、1、2、3或all')
  })
})

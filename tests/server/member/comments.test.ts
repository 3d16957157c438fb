import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { counterMismatches } from '../../support/consistency'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, uploadImage, type UploadedImage } from './support/notes'
import { dbQuery } from '../../support/sql'

interface CommentView {
  id: number
  post_id: number
  content: string
  parent_id: number | null
  user_id: string
  user_display_id: string
  user_auto_id: number
  nickname: string
  like_count: number
  liked: boolean
  reply_count: number
  replyTo: string | null
  is_author: boolean
  replies: CommentView[]
}

interface CommentPage {
  comments: CommentView[]
  pagination: { page: number; limit: number; total: number; pages: number }
}

let server: TestServer
let author: Member
let reader: Member
let third: Member
let noteId: number
let img: UploadedImage

const post = (token: string, json: Record<string, unknown>) => server.call<CommentView>('POST', '/api/comments', { token, json })

async function notifications(userId: number): Promise<Array<{ type: number; sender_id: number }>> {
  const rows: Array<{ type: number; sender_id: number }> = await dbQuery(server.deps.db, 'SELECT type, sender_id FROM notifications WHERE user_id = ? ORDER BY id', [userId])
  return rows.map((r) => ({ type: Number(r.type), sender_id: Number(r.sender_id) }))
}

beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server)
  reader = await registerMember(server)
  third = await registerMember(server)
  const category = await createCategory(server, '校园', 'campus')
  img = await uploadImage(server, author.token)
  noteId = await createNote(server, author.token, { images: [img.url], category_id: category })
})
afterAll(() => server?.close())

describe('POST /api/comments', () => {
  it('needs a login (401) and content or an image (400)', async () => {
    expect((await server.call('POST', '/api/comments', { json: { post_id: noteId, content: 'x' } })).status).toBe(401)
    for (const content of ['', '   ', '<p><br></p>', '<script>alert(1)</script>']) {
      const r = await post(reader.token, { post_id: noteId, content })
      expect(r.status, content).toBe(400)
      expect(r.body.message).toBe('请输入评论内容或上传图片')
    }
    expect((await post(reader.token, { content: 'x' })).body.message).toBe('笔记ID不能为空')
    expect((await post(reader.token, { post_id: 999999, content: 'x' })).status).toBe(404)
    expect((await post(reader.token, { post_id: noteId, content: 'x', parent_id: 999999 })).status).toBe(404)
  })

  it('answers the §7 reply shape and notifies the note author (4)', async () => {
    const { status, body } = await post(reader.token, { post_id: noteId, content: '第一条评论', parent_id: null })
    expect(status).toBe(200)
    expect(body.message).toBe('评论成功')
    expect(body.data).toMatchObject({ post_id: noteId, content: '第一条评论', parent_id: null, user_display_id: reader.user_id, user_id: reader.user_id, user_auto_id: reader.id, nickname: reader.nickname, like_count: 0, liked: false, reply_count: 0 })
    for (const key of ['id', 'user_avatar', 'verified', 'created_at', 'location']) expect(body.data).toHaveProperty(key)
    expect((await notifications(author.id)).filter((n) => n.type === 4)).toHaveLength(1)
  })

  it('keeps replies one level deep: a reply to a reply attaches to the top-level comment and keeps whom it answers', async () => {
    const top = (await post(reader.token, { post_id: noteId, content: '楼主好' })).body.data
    const reply = await post(author.token, { post_id: noteId, content: '你好', parent_id: top.id })
    expect(reply.body).toMatchObject({ message: '回复成功', data: { parent_id: top.id, replyTo: reader.nickname, is_author: true } })
    const nested = (await post(third.token, { post_id: noteId, content: '插一句', parent_id: reply.body.data.id })).body.data
    expect(nested).toMatchObject({ parent_id: top.id, replyTo: author.nickname })
    const replies = await server.call<{ replies: CommentView[]; pagination: { total: number } }>('GET', `/api/comments/${top.id}/replies`)
    expect(replies.body.data.replies.map((r) => r.content)).toEqual(['你好', '插一句'])
    expect(replies.body.data.pagination.total).toBe(2)
    // third answered the author: the author gets a reply notification (5), not also a comment one (4).
    const authorNotes = await notifications(author.id)
    expect(authorNotes.filter((n) => n.sender_id === third.id).map((n) => n.type)).toEqual([5])
    // reader was answered by the author (5); nobody was notified of their own action.
    expect((await notifications(reader.id)).map((n) => n.type)).toEqual([5])
  })

  it('sanitises content and notifies mentioned users (7)', async () => {
    // A comment's image is the commenter's own upload (media-ownership.test.ts).
    const own = await uploadImage(server, reader.token)
    const r = await post(reader.token, { post_id: noteId, content: `看这里 [@${third.nickname}:${third.user_id}] <img src="${own.url}" onload="x()"><iframe src="https://e.example"></iframe>` })
    expect(r.body.data.content).toBe(`看这里 [@${third.nickname}:${third.user_id}] <img src="${own.url}" />`)
    expect((await notifications(third.id)).map((n) => n.type)).toContain(7)
    const onlyImage = await post(reader.token, { post_id: noteId, content: `<img src="${own.url}">` })
    expect(onlyImage.status).toBe(200)
  })
})

describe('GET /api/posts/:id/comments and /api/comments/:id/replies', () => {
  let note: number
  beforeAll(async () => {
    note = await createNote(server, author.token, { images: [img.url], category_id: Number((await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM categories LIMIT 1'))[0]!.id) })
    for (let i = 1; i <= 7; i++) await post(reader.token, { post_id: note, content: `评论${i}` })
    const first = (await server.call<CommentPage>('GET', `/api/posts/${note}/comments?sort=asc&limit=1`)).body.data.comments[0]!
    for (let i = 1; i <= 3; i++) await post(third.token, { post_id: note, content: `回复${i}`, parent_id: first.id })
  })

  it('pages top-level comments, 5 by default, newest first, with total', async () => {
    const { status, body } = await server.call<CommentPage>('GET', `/api/posts/${note}/comments`)
    expect(status).toBe(200)
    expect(body.data.comments.map((c) => c.content)).toEqual(['评论7', '评论6', '评论5', '评论4', '评论3'])
    expect(body.data.pagination).toEqual({ page: 1, limit: 5, total: 7, pages: 2 })
    const page2 = await server.call<CommentPage>('GET', `/api/posts/${note}/comments?page=2`)
    expect(page2.body.data.comments.map((c) => c.content)).toEqual(['评论2', '评论1'])
  })

  it('sorts ascending on request and embeds the first two replies with reply_count', async () => {
    const { body } = await server.call<CommentPage>('GET', `/api/posts/${note}/comments?sort=asc`)
    const first = body.data.comments[0]!
    expect(first.content).toBe('评论1')
    expect(first.reply_count).toBe(3)
    expect(first.replies.map((r) => r.content)).toEqual(['回复1', '回复2'])
    expect(first.replies[0]!.replyTo).toBe(reader.nickname)
  })

  it('pages replies (default 10) and refuses bad input', async () => {
    const first = (await server.call<CommentPage>('GET', `/api/posts/${note}/comments?sort=asc&limit=1`)).body.data.comments[0]!
    const { body } = await server.call<{ replies: CommentView[]; pagination: { limit: number; total: number } }>('GET', `/api/comments/${first.id}/replies?limit=2&page=2`)
    expect(body.data.replies.map((r) => r.content)).toEqual(['回复3'])
    expect(body.data.pagination).toMatchObject({ limit: 2, total: 3 })
    expect((await server.call('GET', '/api/comments/999999/replies')).status).toBe(404)
    expect((await server.call('GET', `/api/posts/${note}/comments?sort=sideways`)).body.message).toBe('排序只能是 desc 或 asc')
    expect((await server.call('GET', '/api/posts/999999/comments')).status).toBe(404)
  })
})

describe('DELETE /api/comments/:id', () => {
  it('deletes only own comments and replies, with their replies, likes and counters', async () => {
    const note = await createNote(server, author.token, { images: [img.url], category_id: Number((await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM categories LIMIT 1'))[0]!.id) })
    const top = (await post(reader.token, { post_id: note, content: '顶层' })).body.data
    const r1 = (await post(author.token, { post_id: note, content: '回1', parent_id: top.id })).body.data
    await post(third.token, { post_id: note, content: '回2', parent_id: top.id })
    await server.call('POST', '/api/likes', { token: third.token, json: { target_type: 2, target_id: r1.id } })
    expect((await server.call('DELETE', `/api/comments/${top.id}`)).status).toBe(401)
    const notMine = await server.call('DELETE', `/api/comments/${top.id}`, { token: author.token })
    expect(notMine).toMatchObject({ status: 403, body: { message: '只能删除自己发布的评论' } })
    const notMyReply = await server.call('DELETE', `/api/comments/${r1.id}`, { token: reader.token })
    expect(notMyReply).toMatchObject({ status: 403, body: { message: '只能删除自己发布的回复' } })
    expect((await server.call('DELETE', '/api/comments/999999', { token: reader.token })).status).toBe(404)

    const ownReply = await server.call<{ deletedCount: number }>('DELETE', `/api/comments/${r1.id}`, { token: author.token })
    expect(ownReply.body.data.deletedCount).toBe(1)
    const [afterReply]: Array<{ reply_count: number }> = await dbQuery(server.deps.db, 'SELECT reply_count FROM comments WHERE id = ?', [top.id])
    expect(Number(afterReply!.reply_count)).toBe(1)

    const all = await server.call<{ deletedCount: number }>('DELETE', `/api/comments/${top.id}`, { token: reader.token })
    expect(all.body.data.deletedCount).toBe(2)
    const [p]: Array<{ comment_count: number }> = await dbQuery(server.deps.db, 'SELECT comment_count FROM posts WHERE id = ?', [note])
    expect(Number(p!.comment_count)).toBe(0)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })
})

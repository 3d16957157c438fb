import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { counterMismatches } from '../../support/consistency'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, uploadImage } from './support/notes'
import { dbQuery } from '../../support/sql'

let server: TestServer
let author: Member
let fan: Member
let noteId: number
let commentId: number

async function counts(): Promise<{ post: { like_count: number; collect_count: number }; author: { like_count: number; collect_count: number }; comment: number }> {
  const [post]: Array<{ like_count: number; collect_count: number }> = await dbQuery(server.deps.db, 'SELECT like_count, collect_count FROM posts WHERE id = ?', [noteId])
  const [user]: Array<{ like_count: number; collect_count: number }> = await dbQuery(server.deps.db, 'SELECT like_count, collect_count FROM users WHERE id = ?', [author.id])
  const [comment]: Array<{ like_count: number }> = await dbQuery(server.deps.db, 'SELECT like_count FROM comments WHERE id = ?', [commentId])
  return {
    post: { like_count: Number(post!.like_count), collect_count: Number(post!.collect_count) },
    author: { like_count: Number(user!.like_count), collect_count: Number(user!.collect_count) },
    comment: Number(comment!.like_count),
  }
}

async function notificationsOf(userId: number, type: number): Promise<number> {
  const rows: Array<{ n: number }> = await dbQuery(server.deps.db, 'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND type = ?', [userId, type])
  return Number(rows[0]!.n)
}

beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server)
  fan = await registerMember(server)
  const category = await createCategory(server, '日常', 'daily')
  const img = await uploadImage(server, author.token)
  noteId = await createNote(server, author.token, { images: [img.url], category_id: category })
  const { body } = await server.call<{ id: number }>('POST', '/api/comments', { token: author.token, json: { post_id: noteId, content: '作者的评论' } })
  commentId = body.data.id
})
afterAll(() => server?.close())

describe('POST / DELETE /api/likes', () => {
  it('needs a login and a valid target (401, 400, 404)', async () => {
    expect((await server.call('POST', '/api/likes', { json: { target_type: 1, target_id: noteId } })).status).toBe(401)
    const badType = await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 3, target_id: noteId } })
    expect(badType).toMatchObject({ status: 400, body: { message: '目标类型必须是1（笔记）或2（评论）' } })
    const noId = await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1 } })
    expect(noId).toMatchObject({ status: 400, body: { message: '目标ID不能为空' } })
    expect((await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: 0 } })).status).toBe(400)
    expect((await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: 999999 } })).status).toBe(404)
    expect((await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 2, target_id: 999999 } })).status).toBe(404)
  })

  it('is idempotent: liking twice is one like, unliking twice is none, counters never drift', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await server.call<{ likeCount: number; liked: boolean }>('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: noteId } })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ liked: true, likeCount: 1 })
    }
    expect((await counts()).post.like_count).toBe(1)
    expect((await counts()).author.like_count).toBe(1)
    for (let i = 0; i < 2; i++) {
      const { body } = await server.call<{ likeCount: number; liked: boolean }>('DELETE', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: noteId } })
      expect(body.data).toMatchObject({ liked: false, likeCount: 0 })
    }
    expect(await counts()).toMatchObject({ post: { like_count: 0 }, author: { like_count: 0 } })
  })

  it('notifies the author once for like, unlike, like again, and never for an own like', async () => {
    for (const method of ['POST', 'DELETE', 'POST']) await server.call(method, '/api/likes', { token: fan.token, json: { target_type: 1, target_id: noteId } })
    await server.call('POST', '/api/likes', { token: author.token, json: { target_type: 1, target_id: noteId } })
    expect(await notificationsOf(author.id, 1)).toBe(1)
    expect((await counts()).post.like_count).toBe(2)
  })

  it('likes comments, answering data.likeCount, and reads target from the query on DELETE', async () => {
    const liked = await server.call<{ likeCount: number }>('POST', '/api/likes', { token: fan.token, json: { target_type: '2', target_id: String(commentId) } })
    expect(liked.body.data.likeCount).toBe(1)
    expect(await notificationsOf(author.id, 2)).toBe(1)
    const comments = await server.call<{ comments: Array<{ id: number; liked: boolean; isLiked: boolean; like_count: number }> }>('GET', `/api/posts/${noteId}/comments`, { token: fan.token })
    expect(comments.body.data.comments[0]).toMatchObject({ id: commentId, liked: true, isLiked: true, like_count: 1 })
    const unliked = await server.call<{ likeCount: number }>('DELETE', `/api/likes?target_type=2&target_id=${commentId}`, { token: fan.token })
    expect(unliked.body.data.likeCount).toBe(0)
    expect((await counts()).comment).toBe(0)
  })

  it('survives concurrent likes of the same note without drifting', async () => {
    const crowd = await Promise.all(Array.from({ length: 4 }, () => registerMember(server)))
    const calls = crowd.flatMap((m) => [1, 2, 3].map(() => server.call('POST', '/api/likes', { token: m.token, json: { target_type: 1, target_id: noteId } })))
    const results = await Promise.all(calls)
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect((await counts()).post.like_count).toBe(6)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })
})

describe('POST / DELETE /api/posts/:id/collect', () => {
  it('needs a login and an existing note (401, 404, 400)', async () => {
    expect((await server.call('POST', `/api/posts/${noteId}/collect`)).status).toBe(401)
    expect((await server.call('POST', '/api/posts/999999/collect', { token: fan.token })).status).toBe(404)
    expect((await server.call('POST', '/api/posts/abc/collect', { token: fan.token })).status).toBe(400)
  })

  it('is idempotent, moves the note and author collect counts, and notifies once', async () => {
    for (const method of ['POST', 'POST', 'DELETE', 'DELETE', 'POST']) {
      const { status } = await server.call(method, `/api/posts/${noteId}/collect`, { token: fan.token })
      expect(status).toBe(200)
    }
    expect(await counts()).toMatchObject({ post: { collect_count: 1 }, author: { collect_count: 1 } })
    expect(await notificationsOf(author.id, 3)).toBe(1)
    const detail = await server.call<{ collected: boolean; collect_count: number }>('GET', `/api/posts/${noteId}`, { token: fan.token })
    expect(detail.body.data).toMatchObject({ collected: true, collect_count: 1 })
    const { body } = await server.call<{ collected: boolean; collectCount: number }>('DELETE', `/api/posts/${noteId}/collect`, { token: fan.token })
    expect(body).toMatchObject({ message: '取消收藏成功', data: { collected: false, collectCount: 0 } })
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it("cannot collect someone else's draft (404)", async () => {
    const draft = await createNote(server, author.token, { title: '草稿', is_draft: true, images: [] })
    expect((await server.call('POST', `/api/posts/${draft}/collect`, { token: fan.token })).status).toBe(404)
    expect((await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: draft } })).status).toBe(404)
  })
})

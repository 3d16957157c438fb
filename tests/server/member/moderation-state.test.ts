/**
 * The moderation states of notes and comments (server/db/visibility.ts, domain/moderation-state.ts): a
 * hidden or held note leaves every public list, search and the counters, its author still sees it with the
 * state and the reason, and restoring it brings everything back exactly. The moderation queue and the
 * review screens drive these states; here the domain command is called directly on the running server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Moderation } from '../../../server/db/visibility'
import { setCommentModeration, setNoteModeration } from '../../../server/domain/moderation-state'
import { counterMismatches } from '../../support/consistency'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { createCategory, createNote, uploadImage } from './support/notes'

interface Card {
  id: number
  title: string
  moderation: number
  moderation_reason: string | null
}
interface CommentRow {
  id: number
  moderation: number
  moderation_reason: string | null
  reply_count: number
  replies: CommentRow[]
}

describe('moderation states of notes and comments', () => {
  let server: TestServer
  let author: Member
  let reader: Member
  let noteId: number
  let otherId: number
  let categoryId: number

  const feedIds = async (path: string, token?: string) => {
    const { status, body } = await server.call<{ posts: Card[] }>('GET', path, { token })
    expect(status).toBe(200)
    return body.data.posts.map((p) => p.id)
  }
  const postCount = async (userId: number) => Number((await dbQuery<{ n: number }>(server.deps.db, 'SELECT post_count AS n FROM users WHERE id = ?', [userId]))[0]!.n)
  const categoryCount = async () => Number((await dbQuery<{ n: number }>(server.deps.db, 'SELECT post_count AS n FROM categories WHERE id = ?', [categoryId]))[0]!.n)
  const commentCount = async (id: number) => Number((await dbQuery<{ n: number }>(server.deps.db, 'SELECT comment_count AS n FROM posts WHERE id = ?', [id]))[0]!.n)

  beforeAll(async () => {
    server = await startTestServer()
    author = await registerMember(server)
    reader = await registerMember(server)
    categoryId = await createCategory(server, '校园', 'campusmod')
    const images = [(await uploadImage(server, author.token)).url]
    noteId = await createNote(server, author.token, { title: '图书馆占座指南', content: '早上七点去', images, category_id: categoryId })
    otherId = await createNote(server, author.token, { title: '食堂新菜', content: '麻辣香锅', images, category_id: categoryId })
  })
  afterAll(() => server?.close())

  it('a hidden note leaves the feed, search, the author\'s public list, its detail and the counters for everyone but its author', async () => {
    expect(await postCount(author.id)).toBe(2)
    expect(await setNoteModeration(server.deps.db, noteId, Moderation.hidden, '广告')).toEqual({ before: Moderation.visible, after: Moderation.hidden, authorId: author.id })
    for (const token of [undefined, reader.token]) {
      expect(await feedIds('/api/posts?limit=20', token)).not.toContain(noteId)
      expect(await feedIds(`/api/users/${author.user_id}/posts`, token)).toEqual([otherId])
      expect(await feedIds(`/api/posts?keyword=${encodeURIComponent('占座')}`, token)).toEqual([])
      expect((await server.call('GET', `/api/posts/${noteId}`, { token })).status).toBe(404)
      expect((await server.call('GET', `/api/posts/${noteId}/comments`, { token })).status).toBe(404)
    }
    expect((await server.call('POST', '/api/likes', { token: reader.token, json: { target_type: 1, target_id: noteId } })).status).toBe(404)
    expect((await server.call('POST', `/api/posts/${noteId}/collect`, { token: reader.token })).status).toBe(404)
    expect((await server.call('POST', '/api/comments', { token: reader.token, json: { post_id: noteId, content: '看看' } })).status).toBe(404)
    // The author sees it, with its state and the reason.
    const own = await server.call<{ posts: Card[] }>('GET', `/api/users/${author.user_id}/posts`, { token: author.token })
    expect(own.body.data.posts.find((p) => p.id === noteId)).toMatchObject({ moderation: Moderation.hidden, moderation_reason: '广告' })
    const detail = await server.call<Card>('GET', `/api/posts/${noteId}`, { token: author.token })
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({ moderation: Moderation.hidden, moderation_reason: '广告' })
    expect(await postCount(author.id)).toBe(1)
    expect(await categoryCount()).toBe(1)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('restoring it brings back the lists, search and the counters, and clears the reason', async () => {
    await setNoteModeration(server.deps.db, noteId, Moderation.visible, 'ignored')
    expect(await feedIds('/api/posts?limit=20', reader.token)).toContain(noteId)
    expect(await feedIds(`/api/posts?keyword=${encodeURIComponent('占座')}`)).toEqual([noteId])
    const detail = await server.call<Card>('GET', `/api/posts/${noteId}`, { token: reader.token })
    expect(detail.body.data).toMatchObject({ moderation: Moderation.visible, moderation_reason: null })
    expect(await postCount(author.id)).toBe(2)
    expect(await categoryCount()).toBe(2)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('a held comment is seen only by its writer, counts nowhere until visible, and cannot be liked or answered by others', async () => {
    const made = await server.call<{ id: number }>('POST', '/api/comments', { token: reader.token, json: { post_id: otherId, content: '好吃吗' } })
    expect(made.status).toBe(200)
    const commentId = made.body.data.id
    const reply = await server.call<{ id: number }>('POST', '/api/comments', { token: author.token, json: { post_id: otherId, parent_id: commentId, content: '好吃' } })
    expect(await commentCount(otherId)).toBe(2)
    await setCommentModeration(server.deps.db, commentId, Moderation.pending, null)
    expect(await commentCount(otherId)).toBe(1)
    const asAuthor = await server.call<{ comments: CommentRow[]; pagination: { total: number } }>('GET', `/api/posts/${otherId}/comments`, { token: author.token })
    expect(asAuthor.body.data.comments).toEqual([])
    expect(asAuthor.body.data.pagination.total).toBe(0)
    const asWriter = await server.call<{ comments: CommentRow[] }>('GET', `/api/posts/${otherId}/comments`, { token: reader.token })
    expect(asWriter.body.data.comments.map((c) => [c.id, c.moderation])).toEqual([[commentId, Moderation.pending]])
    expect((await server.call('POST', '/api/likes', { token: author.token, json: { target_type: 2, target_id: commentId } })).status).toBe(404)
    expect((await server.call('POST', '/api/comments', { token: author.token, json: { post_id: otherId, parent_id: commentId, content: '再答' } })).status).toBe(404)
    expect(await counterMismatches(server.deps.db)).toEqual([])
    await setCommentModeration(server.deps.db, commentId, Moderation.visible, null)
    expect(await commentCount(otherId)).toBe(2)
    const visible = await server.call<{ comments: CommentRow[] }>('GET', `/api/posts/${otherId}/comments`, { token: author.token })
    expect(visible.body.data.comments.map((c) => [c.id, c.moderation, c.replies.map((r) => r.id)])).toEqual([[commentId, 0, [reply.body.data.id]]])
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it("a writer's held reply shows under its comment to the writer only, also where the comment has no listed reply", async () => {
    const top = await server.call<{ id: number }>('POST', '/api/comments', { token: author.token, json: { post_id: noteId, content: '几点开门' } })
    const reply = await server.call<{ id: number }>('POST', '/api/comments', { token: reader.token, json: { post_id: noteId, parent_id: top.body.data.id, content: '七点' } })
    await setCommentModeration(server.deps.db, reply.body.data.id, Moderation.pending, null)
    const embedded = async (token: string) => {
      const { body } = await server.call<{ comments: CommentRow[] }>('GET', `/api/posts/${noteId}/comments`, { token })
      const comment = body.data.comments.find((c) => c.id === top.body.data.id)!
      return { replyCount: comment.reply_count, replies: comment.replies.map((r) => [r.id, r.moderation]) }
    }
    expect(await embedded(reader.token)).toEqual({ replyCount: 0, replies: [[reply.body.data.id, Moderation.pending]] })
    expect(await embedded(author.token)).toEqual({ replyCount: 0, replies: [] })
    await setCommentModeration(server.deps.db, reply.body.data.id, Moderation.visible, null)
    expect(await embedded(author.token)).toEqual({ replyCount: 1, replies: [[reply.body.data.id, Moderation.visible]] })
  })

  it('deleting a hidden comment or a hidden note moves no counter twice', async () => {
    const made = await server.call<{ id: number }>('POST', '/api/comments', { token: reader.token, json: { post_id: otherId, content: '删除我' } })
    await setCommentModeration(server.deps.db, made.body.data.id, Moderation.hidden, '骚扰')
    expect((await server.call('DELETE', `/api/comments/${made.body.data.id}`, { token: reader.token })).status).toBe(200)
    await setNoteModeration(server.deps.db, otherId, Moderation.hidden, '违规')
    expect((await server.call('DELETE', `/api/posts/${otherId}`, { token: author.token })).status).toBe(200)
    expect(await postCount(author.id)).toBe(1)
    expect(await categoryCount()).toBe(1)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('an unknown note or comment changes nothing', async () => {
    expect(await setNoteModeration(server.deps.db, 999_999, Moderation.hidden, 'x')).toBeNull()
    expect(await setCommentModeration(server.deps.db, 999_999, Moderation.hidden, 'x')).toBeNull()
  })
})

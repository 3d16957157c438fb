import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { countQueries } from '../../support/query-count'
import { insertComment, insertLike, insertNotification, insertPost, settle } from '../../support/rows'
import { startTestServer, type TestServer } from '../../support/server'

interface Note {
  id: number
  type: number
  title: string
  from_user_id: string | null
  from_user_auto_id: number | null
  from_nickname: string | null
  from_avatar: string | null
  from_verified: number
  created_at: string
  is_read: number
  target_id: number | null
  target_type: number | null
  comment_id: number | null
  comment_content: string | null
  comment_is_liked: boolean
  comment_like_count: number
  parent_comment_content: string | null
  post_image: string | null
  post_author_id: string | null
  post_title: string | null
  follow_count: number
  fans_count: number
}
interface Page {
  notifications: Note[]
  pagination: { page: number; limit: number; total: number; pages: number }
}

const FIELDS = [
  'id', 'type', 'title', 'from_user_id', 'from_user_auto_id', 'from_nickname', 'from_avatar', 'from_verified', 'created_at', 'is_read', 'target_id', 'target_type',
  'comment_id', 'comment_content', 'comment_is_liked', 'comment_like_count', 'parent_comment_content', 'post_image', 'post_author_id', 'post_title', 'follow_count', 'fans_count',
]

describe('member notifications', () => {
  let server: TestServer
  let me: Member
  let actor: Member
  let stranger: Member
  let post: number
  let myComment: number
  let reply: number
  beforeAll(async () => {
    server = await startTestServer()
    me = await registerMember(server)
    actor = await registerMember(server)
    stranger = await registerMember(server)
    const db = server.deps.db
    post = await insertPost(db, me.id, { title: '我的笔记', image: '/uploads/images/cover.webp' })
    myComment = await insertComment(db, me.id, post, '我的评论')
    reply = await insertComment(db, actor.id, post, '回复内容', myComment)
    await insertLike(db, me.id, 2, reply)
    await settle(db)
    await insertNotification(db, { userId: me.id, senderId: actor.id, type: 1, postId: post, title: '赞了你的笔记' })
    await insertNotification(db, { userId: me.id, senderId: actor.id, type: 2, postId: post, commentId: myComment, title: '赞了你的评论' })
    await insertNotification(db, { userId: me.id, senderId: actor.id, type: 3, postId: post, title: '收藏了你的笔记' })
    await insertNotification(db, { userId: me.id, senderId: actor.id, type: 5, postId: post, commentId: reply, title: '回复了你的评论' })
    await insertNotification(db, { userId: me.id, senderId: actor.id, type: 8, postId: post, title: '在笔记中@了你' })
    await server.call('POST', `/api/users/${me.user_id}/follow`, { token: actor.token })
  })
  afterAll(() => server?.close())

  const list = async (path: string, token = me.token) => {
    const { status, body } = await server.call<Page>('GET', `/api/notifications${path}`, { token })
    expect(status).toBe(200)
    return body.data
  }

  it('each tab lists its types, newest first, with every field of the spec', async () => {
    const comments = await list('/comments')
    expect(comments.notifications.map((n) => n.type)).toEqual([8, 5])
    const likes = await list('/likes')
    expect(likes.notifications.map((n) => n.type).sort()).toEqual([1, 2])
    expect((await list('/collections')).notifications.map((n) => n.type)).toEqual([3])
    const follows = await list('/follows')
    expect(follows.notifications.map((n) => n.type)).toEqual([6])
    expect((await list('')).pagination.total).toBe(6)
    for (const n of [...comments.notifications, ...likes.notifications, ...follows.notifications]) expect(Object.keys(n).sort()).toEqual([...FIELDS].sort())
  })

  it('a reply carries the comment, its parent, the receiver\'s like of it, and the note', async () => {
    const n = (await list('/comments')).notifications.find((x) => x.type === 5)!
    expect(n).toMatchObject({
      title: '回复了你的评论',
      from_user_id: actor.user_id,
      from_user_auto_id: actor.id,
      from_nickname: actor.nickname,
      from_avatar: '/uploads/defaults/avatar.webp',
      from_verified: 0,
      is_read: 0,
      target_id: post,
      target_type: 2,
      comment_id: reply,
      comment_content: '回复内容',
      comment_is_liked: true,
      comment_like_count: 1,
      parent_comment_content: '我的评论',
      post_image: '/uploads/images/cover.webp',
      post_author_id: me.user_id,
      post_title: '我的笔记',
    })
    expect(Date.parse(n.created_at)).not.toBeNaN()
  })

  it('a follow carries the follower\'s counts and no note', async () => {
    const n = (await list('/follows')).notifications[0]!
    expect(n).toMatchObject({ type: 6, title: '开始关注你了', target_id: null, target_type: null, comment_id: null, post_title: null, follow_count: 1, fans_count: 0 })
  })

  it('pages with limit 20 by default', async () => {
    const all = await list('?limit=2&page=3')
    expect(all.notifications).toHaveLength(2)
    expect(all.pagination).toEqual({ page: 3, limit: 2, total: 6, pages: 3 })
    expect((await list('')).pagination.limit).toBe(20)
    const bad = await server.call('GET', '/api/notifications/likes?limit=101', { token: me.token })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('limit 不能超过100')
  })

  it('someone else sees none of them', async () => {
    expect((await list('', stranger.token)).notifications).toEqual([])
  })

  it('unread counts per tab and in all, mark one read, mark all read', async () => {
    const m = await registerMember(server)
    const a = await registerMember(server)
    const ids = [
      await insertNotification(server.deps.db, { userId: m.id, senderId: a.id, type: 4, postId: post }),
      await insertNotification(server.deps.db, { userId: m.id, senderId: a.id, type: 7, postId: post }),
      await insertNotification(server.deps.db, { userId: m.id, senderId: a.id, type: 1, postId: post }),
      await insertNotification(server.deps.db, { userId: m.id, senderId: a.id, type: 3, postId: post }),
    ]
    await server.call('POST', `/api/users/${m.user_id}/follow`, { token: a.token })
    const byType = async () => (await server.call('GET', '/api/notifications/unread-count-by-type', { token: m.token })).body.data
    const count = async () => (await server.call('GET', '/api/notifications/unread-count', { token: m.token })).body.data
    expect(await byType()).toEqual({ comments: 2, likes: 1, collections: 1, follows: 1, system: 0, total: 5 })
    expect(await count()).toEqual({ count: 5 })

    const read = await server.call('PUT', `/api/notifications/${ids[0]}/read`, { token: m.token })
    expect(read.status).toBe(200)
    expect((await server.call('PUT', `/api/notifications/${ids[0]}/read`, { token: m.token })).status).toBe(200)
    expect(await byType()).toEqual({ comments: 1, likes: 1, collections: 1, follows: 1, system: 0, total: 4 })

    const all = await server.call('PUT', '/api/notifications/read-all', { token: m.token })
    expect(all.status).toBe(200)
    expect(all.body.message).toBe('已将所有通知标记为已读')
    expect(await byType()).toEqual({ comments: 0, likes: 0, collections: 0, follows: 0, system: 0, total: 0 })
    const page = (await server.call<Page>('GET', '/api/notifications', { token: m.token })).body.data
    expect(page.notifications.every((n) => n.is_read === 1)).toBe(true)
  })

  it('delete removes one notification of the owner; someone else\'s is a 404', async () => {
    const m = await registerMember(server)
    const id = await insertNotification(server.deps.db, { userId: m.id, senderId: actor.id, type: 1, postId: post })
    expect((await server.call('DELETE', `/api/notifications/${id}`, { token: stranger.token })).status).toBe(404)
    expect((await server.call('PUT', `/api/notifications/${id}/read`, { token: stranger.token })).status).toBe(404)
    const del = await server.call('DELETE', `/api/notifications/${id}`, { token: m.token })
    expect(del.status).toBe(200)
    const again = await server.call('DELETE', `/api/notifications/${id}`, { token: m.token })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('通知不存在')
    expect((await server.call<Page>('GET', '/api/notifications', { token: m.token })).body.data.notifications).toEqual([])
  })

  it('400 for ids that are not ids', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const res = await server.call('PUT', `/api/notifications/${id}/read`, { token: me.token })
      expect([id, res.status]).toEqual([id, 400])
      expect(res.body.message).toBe('无效的ID')
    }
  })

  it('401 on every call without a token', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/comments'],
      ['GET', '/api/notifications/likes'],
      ['GET', '/api/notifications/collections'],
      ['GET', '/api/notifications/follows'],
      ['GET', '/api/notifications/unread-count'],
      ['GET', '/api/notifications/unread-count-by-type'],
      ['PUT', '/api/notifications/read-all'],
      ['PUT', '/api/notifications/1/read'],
      ['DELETE', '/api/notifications/1'],
    ]
    for (const [method, path] of calls) expect([path, (await server.call(method, path)).status]).toEqual([path, 401])
  })

  it('a page runs a fixed number of queries whatever its size', async () => {
    const m = await registerMember(server)
    for (let i = 0; i < 25; i++) await insertNotification(server.deps.db, { userId: m.id, senderId: actor.id, type: i % 2 ? 5 : 4, postId: post, commentId: i % 2 ? reply : myComment })
    const counter = countQueries(server.deps.db)
    try {
      const counts: number[] = []
      for (const limit of [1, 5, 25]) {
        counter.reset()
        const page = await list(`/comments?limit=${limit}`, m.token)
        expect(page.notifications).toHaveLength(limit)
        counts.push(counter.count)
      }
      expect(new Set(counts).size).toBe(1)
      expect(counts[0]).toBeLessThanOrEqual(4)
    } finally {
      counter.restore()
    }
  })
})

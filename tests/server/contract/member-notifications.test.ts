import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { must } from './support/spec-client'
import type { Notification, Pagination } from './support/spec-types'
import { createCategory, mp4, newUserId, png, register, startWorld, uploadImage, type Member, type World } from './support/world'

/*
 * M §7 Notifications and Upload, and mentions (M §2.5, §3 types 7 and 8): both the stored text form
 * [@nickname:userId] and the editors' link form
 * <a href="/user/{userId}" class="mention-link" data-user-id="{userId}">@nickname</a> notify.
 */

type NotificationPage = { notifications: Notification[]; pagination?: Pagination }

let world: World
let author: Member
let fan: Member
let friend: Member
let noteId: number

beforeAll(async () => {
  world = await startWorld()
  author = await register(world, newUserId('writer'), '写手')
  fan = await register(world, newUserId('fan'), '粉丝')
  friend = await register(world, newUserId('friend'), '好友')
  const categoryId = await createCategory(world, '校园', 'campus')
  const image = await uploadImage(author)
  noteId = must(await author.post<{ id: number }>('/posts', { title: '社团招新', content: '欢迎加入', images: [image], video: null, tags: [], category_id: categoryId, type: 1, is_draft: false }), 'publish').id
})
afterAll(() => world?.close())

const tab = async (member: Member, name: string) => must(await member.get<NotificationPage>(`/notifications/${name}`, { page: 1, limit: 20 }), name)

describe('mentions notify (types 7 and 8)', () => {
  it('a comment mentioning [@nickname:userId] notifies the mentioned member (7) on the comments tab', async () => {
    must(await fan.post('/comments', { post_id: noteId, content: `快来看 [@好友:${friend.user_id}]`, parent_id: null }), 'comment')
    const { notifications } = await tab(friend, 'comments')
    expect(notifications.find((n) => n.type === 7)).toMatchObject({ from_user_id: fan.user_id, target_id: noteId })
  })

  it('a comment with a mention link notifies too, and the link survives with its user id', async () => {
    const other = await register(world, newUserId('other'), '路人')
    const link = `<a href="/user/${other.user_id}" class="mention-link" data-user-id="${other.user_id}">@路人</a>`
    const comment = must(await fan.post<{ id: number; content: string }>('/comments', { post_id: noteId, content: `<p>你好 ${link}</p>`, parent_id: null }), 'comment')
    expect(comment.content).toContain(`data-user-id="${other.user_id}"`)
    expect(comment.content).toContain(`/user/${other.user_id}`)
    const { notifications } = await tab(other, 'comments')
    expect(notifications.filter((n) => n.type === 7).map((n) => n.comment_id)).toEqual([comment.id])
  })

  it('a mention link with the id only in its href (/user/{id}) counts as well', async () => {
    const other = await register(world, newUserId('href'), '链接')
    const comment = must(await fan.post<{ id: number }>('/comments', { post_id: noteId, content: `<a href="/user/${other.user_id}" class="mention-link">@链接</a>`, parent_id: null }), 'comment')
    expect((await tab(other, 'comments')).notifications.find((n) => n.type === 7)?.comment_id).toBe(comment.id)
  })

  it('a published note mentioning a member (link form) notifies them (8)', async () => {
    const image = await uploadImage(author, '#aa33cc')
    const [category] = must(await world.visitor.get<Array<{ id: number }>>('/categories'), 'categories')
    const link = `<a href="/user/${fan.user_id}" class="mention-link" data-user-id="${fan.user_id}">@粉丝</a>`
    const id = must(await author.post<{ id: number }>('/posts', { title: '合影', content: `<p>和 ${link} 一起</p>`, images: [image], video: null, tags: [], category_id: category!.id, type: 1, is_draft: false }), 'publish').id
    expect((await tab(fan, 'comments')).notifications.find((n) => n.type === 8)).toMatchObject({ target_id: id, from_user_id: author.user_id })
  })
})

describe('M §7 Notifications', () => {
  it('GET /notifications/comments, /likes, /follows, /collections (page, limit 20) → data.notifications', async () => {
    must(await fan.post('/likes', { target_type: 1, target_id: noteId }), 'like')
    must(await fan.post(`/posts/${noteId}/collect`), 'collect')
    must(await fan.post(`/users/${author.user_id}/follow`), 'follow')
    must(await fan.post('/comments', { post_id: noteId, content: '好看', parent_id: null }), 'comment')
    const expected: Array<[string, number]> = [
      ['comments', 4],
      ['likes', 1],
      ['collections', 3],
      ['follows', 6],
    ]
    for (const [name, type] of expected) {
      const page = await tab(author, name)
      const n = page.notifications.find((x) => x.type === type)
      expect(n, name).toMatchObject({ from_user_id: fan.user_id, from_nickname: '粉丝', is_read: 0 })
      expect(typeof n!.title, name).toBe('string')
      if (page.pagination) expect(page.pagination.total, name).toBeGreaterThanOrEqual(1)
    }
  })

  it('unread counts, PUT /{id}/read, PUT /read-all, DELETE /{id}', async () => {
    const byType = must(await author.get<{ comments: number; likes: number; collections: number; follows: number; total: number }>('/notifications/unread-count-by-type'), 'by type')
    expect(byType).toMatchObject({ likes: 1, collections: 1, follows: 1 })
    expect(byType.total).toBe(byType.comments + byType.likes + byType.collections + byType.follows)
    expect(must(await author.get<{ count: number }>('/notifications/unread-count'), 'count').count).toBe(byType.total)
    const [like] = (await tab(author, 'likes')).notifications
    expect((await author.put(`/notifications/${like!.id}/read`)).success).toBe(true)
    expect((await tab(author, 'likes')).notifications[0]!.is_read).toBe(1)
    expect((await author.put('/notifications/read-all')).success).toBe(true)
    expect(must(await author.get<{ count: number }>('/notifications/unread-count'), 'count').count).toBe(0)
    expect((await author.del(`/notifications/${like!.id}`)).success).toBe(true)
    expect((await tab(author, 'likes')).notifications.map((n) => n.id)).not.toContain(like!.id)
  })
})

describe('M §7 Upload', () => {
  it('POST /upload/single (field file) → data.url; /upload/image (field image)', async () => {
    const single = new FormData()
    single.append('file', await png(), 'a.png')
    expect(must(await author.upload<{ url: string }>('/upload/single', single), 'single').url).toBeTruthy()
    const image = new FormData()
    image.append('image', await png('#00aa00'), 'avatar.png')
    const url = must(await author.upload<{ url: string }>('/upload/image', image), 'image').url
    expect((await fetch(new URL(url, world.origin))).status).toBe(200)
  })

  it('POST /upload/multiple (field files) → data.uploaded, a list of {url}', async () => {
    const form = new FormData()
    form.append('files', await png('#111111'), 'a.png')
    form.append('files', await png('#222222'), 'b.png')
    const data = must(await author.upload<{ uploaded: Array<{ url: string }> }>('/upload/multiple', form), 'multiple')
    expect(data.uploaded).toHaveLength(2)
    expect(data.uploaded.every((u) => typeof u.url === 'string' && u.url.length > 0)).toBe(true)
  })

  it('POST /upload/video (field file, optional thumbnail) → data.url, data.coverUrl, originalname, size', async () => {
    const form = new FormData()
    form.append('file', mp4(), 'clip.mp4')
    form.append('thumbnail', await png('#333333', 160, 90), 'thumb.png')
    const data = must(await author.upload<{ url: string; coverUrl: string; originalname: string; size: number }>('/upload/video', form), 'video')
    expect(data.url).toBeTruthy()
    expect(data.coverUrl).toBeTruthy()
    expect(data.originalname).toBe('clip.mp4')
    expect(data.size).toBeGreaterThan(0)
  })

  it('uploads need a login (M §8 "not logged in, please log in first")', async () => {
    const form = new FormData()
    form.append('file', await png(), 'a.png')
    expect((await world.visitor.upload('/upload/single', form)).status).toBe(401)
  })
})

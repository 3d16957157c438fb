import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { must } from './support/spec-client'
import type { Comment, Note, NoteTag, Pagination, Tag, TagStat } from './support/spec-types'
import { createCategory, mp4, newUserId, png, register, startWorld, uploadImage, type Member, type World } from './support/world'

/*
 * M §7 Notes, categories, tags, search, likes and comments, as a client written from the specification
 * sends and reads them: `images[0]` on every card, `tags` for the tag chips, the 100-character `content`
 * preview of note management, `data.<list>` with `data.pagination`.
 */

type NotePage = { posts: Note[]; pagination: Pagination }
const tagName = (t: NoteTag) => (typeof t === 'string' ? t : t.name)

let world: World
let author: Member
let reader: Member
let categoryId: number
let imageNote: number
let videoNote: number
let coverUrl: string
let images: string[]
const longText = '图书馆四楼靠窗的位置是全校最安静的地方，'.repeat(8)

beforeAll(async () => {
  world = await startWorld()
  author = await register(world, newUserId('author'), '作者')
  reader = await register(world, newUserId('reader'), '读者')
  categoryId = await createCategory(world, '学习', 'study')
  await createCategory(world, '美食', 'food')
  images = [await uploadImage(author, '#3366cc'), await uploadImage(author, '#cc6633')]
  imageNote = must(
    await author.post<{ id: number }>('/posts', { title: '期末复习笔记', content: `<p>${longText}</p>`, images, video: null, tags: ['复习', '图书馆'], category_id: categoryId, type: 1, is_draft: false }),
    'publish image note',
  ).id
  const form = new FormData()
  form.append('file', mp4(), 'clip.mp4')
  form.append('thumbnail', await png('#22aa88', 160, 90), 'cover.png')
  const video = must(await author.upload<{ url: string; coverUrl: string; originalname: string; size: number }>('/upload/video', form), 'upload video')
  expect(video.url).toBeTruthy()
  expect(video.size).toBeGreaterThan(0)
  coverUrl = video.coverUrl
  videoNote = must(
    await author.post<{ id: number }>('/posts', { title: '自习室延时摄影', content: '一整天的自习室', images: [], video: { url: video.url, coverUrl }, tags: ['自习'], category_id: categoryId, type: 2, is_draft: false }),
    'publish video note',
  ).id
})
afterAll(() => world?.close())

describe('M §7 Notes: cards', () => {
  it('GET /categories → a list of id, name, category_title', async () => {
    const list = must(await world.visitor.get<Array<{ id: number; name: string; category_title: string }>>('/categories'), 'categories')
    expect(list.map((c) => c.category_title)).toEqual(expect.arrayContaining(['study', 'food']))
    expect(list.find((c) => c.id === categoryId)).toMatchObject({ name: '学习' })
  })

  it('GET /posts → data.posts with images[0] (a video note: its cover), tags and a ≤ 100-character content preview; data.pagination', async () => {
    const data = must(await world.visitor.get<NotePage>('/posts', { page: 1, limit: 20 }), 'feed')
    expect(data.pagination).toMatchObject({ page: 1, limit: 20, total: 2, pages: 1 })
    const image = data.posts.find((p) => p.id === imageNote)!
    expect(image.images).toEqual(images.map((u) => expect.stringContaining(new URL(u, world.origin).pathname)))
    expect(image.tags.map(tagName)).toEqual(expect.arrayContaining(['复习', '图书馆']))
    expect(image.content.length).toBeGreaterThan(0)
    expect([...image.content].length).toBeLessThanOrEqual(100)
    expect(longText.startsWith(image.content.replace(/\.\.\.$/, '').slice(0, 20))).toBe(true)
    expect(image).toMatchObject({ title: '期末复习笔记', type: 1, nickname: '作者', author_account: author.user_id, liked: false, collected: false })
    const video = data.posts.find((p) => p.id === videoNote)!
    expect(video.type).toBe(2)
    expect(video.images[0]).toContain(new URL(coverUrl, world.origin).pathname)
    expect(video.video_url).toBeTruthy()
  })

  it('GET /posts pages: limit, page 2, and type (1, 2, all)', async () => {
    const first = must(await world.visitor.get<NotePage>('/posts', { page: 1, limit: 1 }), 'page 1')
    expect(first.pagination).toMatchObject({ total: 2, pages: 2 })
    const second = must(await world.visitor.get<NotePage>('/posts', { page: 2, limit: 1 }), 'page 2')
    expect(second.posts).toHaveLength(1)
    expect(second.posts[0]!.id).not.toBe(first.posts[0]!.id)
    expect(must(await world.visitor.get<NotePage>('/posts', { type: 1 }), 'type 1').posts.map((p) => p.id)).toEqual([imageNote])
    expect(must(await world.visitor.get<NotePage>('/posts', { type: 2 }), 'type 2').posts.map((p) => p.id)).toEqual([videoNote])
    expect(must(await world.visitor.get<NotePage>('/posts', { type: 'all' }), 'type all').pagination.total).toBe(2)
  })

  it('GET /posts?category= by category_title, recommend, user_id and keyword', async () => {
    expect(must(await world.visitor.get<NotePage>('/posts', { category: 'study' }), 'study').pagination.total).toBe(2)
    expect(must(await world.visitor.get<NotePage>('/posts', { category: 'food' }), 'food').posts).toEqual([])
    expect(must(await world.visitor.get<NotePage>('/posts', { category: 'recommend' }), 'recommend').pagination.total).toBe(2)
    expect(must(await world.visitor.get<NotePage>('/posts', { user_id: author.user_id }), 'by author').pagination.total).toBe(2)
    expect(must(await world.visitor.get<NotePage>('/posts', { keyword: '复习' }), 'keyword').posts.map((p) => p.id)).toEqual([imageNote])
  })

  it('GET /posts/{id} (and ?skipViewCount=true) → the detail with the full content, images, tags, video', async () => {
    const note = must(await reader.get<Note & { content: string }>(`/posts/${imageNote}`), 'detail')
    expect(note.content).toContain(longText)
    expect(note.images).toHaveLength(2)
    expect(note.tags.map(tagName)).toEqual(expect.arrayContaining(['复习', '图书馆']))
    expect((await reader.get(`/posts/${imageNote}`, { skipViewCount: 'true' })).success).toBe(true)
    const video = must(await world.visitor.get<Note>(`/posts/${videoNote}`), 'video detail')
    expect(video.video_url).toBeTruthy()
    expect(video.cover_url).toBeTruthy()
  })
})

describe('M §7 Notes: publish, drafts, edit, delete, collect', () => {
  it('POST /posts with is_draft: a draft, listed with is_draft=1 for its author only', async () => {
    const id = must(await author.post<{ id: number }>('/posts', { title: '草稿一篇', content: '还没写完', images: [], video: null, tags: [], category_id: null, type: 1, is_draft: true }), 'draft').id
    const drafts = must(await author.get<NotePage>('/posts', { user_id: author.user_id, is_draft: 1 }), 'drafts')
    expect(drafts.posts.map((p) => p.id)).toContain(id)
    expect(must(await world.visitor.get<NotePage>('/posts', { limit: 100 }), 'feed').posts.map((p) => p.id)).not.toContain(id)
  })

  it('POST /posts with `status: 1` (a newer client\'s draft flag) is never published', async () => {
    const reply = await author.post<{ id: number }>('/posts', { title: '私密草稿', content: '不要发布', images, tags: [], category_id: categoryId, type: 1, status: 1 })
    if (!reply.success) return expect(reply.status).toBe(400)
    expect(must(await world.visitor.get<NotePage>('/posts', { limit: 100 }), 'feed').posts.map((p) => p.id)).not.toContain(reply.data.id)
    expect((await world.visitor.get(`/posts/${reply.data.id}`)).success).toBe(false)
  })

  it('PUT /posts/{id} (title, content, category_id, tags, images) and DELETE /posts/{id}', async () => {
    const id = must(await author.post<{ id: number }>('/posts', { title: '要改的笔记', content: '第一版', images, tags: ['旧标签'], category_id: categoryId, type: 1, is_draft: false }), 'publish').id
    const put = await author.put(`/posts/${id}`, { title: '改好的笔记', content: '第二版', category_id: categoryId, tags: ['新标签'], images: [images[1]], video: null })
    expect(put.success).toBe(true)
    const note = must(await world.visitor.get<Note>(`/posts/${id}`), 'detail')
    expect(note).toMatchObject({ title: '改好的笔记', content: '第二版' })
    expect(note.tags.map(tagName)).toEqual(['新标签'])
    expect(note.images).toHaveLength(1)
    expect((await author.del(`/posts/${id}`)).success).toBe(true)
    expect((await world.visitor.get(`/posts/${id}`)).success).toBe(false)
  })

  it('POST / DELETE /posts/{id}/collect; GET /users/{id}/collections → data.collections, data.pagination', async () => {
    expect((await reader.post(`/posts/${imageNote}/collect`)).success).toBe(true)
    const data = must(await world.visitor.get<{ collections: Note[]; pagination: Pagination }>(`/users/${reader.user_id}/collections`, { page: 1, limit: 20 }), 'collections')
    expect(data.collections.map((p) => p.id)).toEqual([imageNote])
    expect(data.collections[0]!.images[0]).toBeTruthy()
    expect(data.pagination.total).toBe(1)
    expect((await reader.del(`/posts/${imageNote}/collect`)).success).toBe(true)
    expect(must(await world.visitor.get<{ collections: Note[]; pagination: Pagination }>(`/users/${reader.user_id}/collections`), 'collections').pagination.total).toBe(0)
  })

  it('GET /users/{id}/posts (page, limit, category, keyword, sort) → data.posts, data.pagination', async () => {
    const data = must(await world.visitor.get<NotePage>(`/users/${author.user_id}/posts`, { page: 1, limit: 10, sort: 'created_at' }), 'user posts')
    expect(data.posts.map((p) => p.id)).toEqual(expect.arrayContaining([imageNote, videoNote]))
    expect(data.pagination.total).toBe(data.posts.length)
    expect(must(await world.visitor.get<NotePage>(`/users/${author.user_id}/posts`, { keyword: '自习' }), 'keyword').posts.map((p) => p.id)).toEqual([videoNote])
  })

  it('POST /likes (target_type 1) and GET /users/{id}/likes → data.posts, data.pagination; DELETE /likes', async () => {
    expect((await reader.post('/likes', { target_type: 1, target_id: imageNote })).success).toBe(true)
    const data = must(await reader.get<NotePage>(`/users/${reader.user_id}/likes`, { page: 1, limit: 20 }), 'likes')
    expect(data.posts.map((p) => p.id)).toEqual([imageNote])
    expect(data.posts[0]!.liked).toBe(true)
    expect(data.pagination.total).toBe(1)
    expect((await reader.del('/likes', { target_type: 1, target_id: imageNote })).success).toBe(true)
  })
})

describe('M §7 Tags and search', () => {
  it('GET /tags and GET /tags/hot (limit 5) give the same list a tag box filters', async () => {
    for (const [path, query] of [['/tags', {}], ['/tags/hot', { limit: 5 }]] as const) {
      const data = must(await world.visitor.get<Tag[]>(path, query), path)
      // The tag selector filters `response.data` by a case-insensitive substring of the name.
      const suggestions = data.filter((t) => t.name.toLowerCase().includes('复'))
      expect(suggestions.map((t) => t.name), path).toContain('复习')
      expect(typeof suggestions[0]!.use_count, path).toBe('number')
    }
    expect(must(await world.visitor.get<Tag[]>('/tags/hot', { limit: 5 }), 'hot').length).toBeLessThanOrEqual(5)
  })

  it('GET /search (type, page, limit, keyword, tag) → data.posts.data, data.posts.pagination, data.users.data, data.tagStats', async () => {
    type Search = { posts: { data: Note[]; pagination: Pagination }; users: { data: Array<{ user_id: string }> }; tagStats: TagStat[] }
    const all = must(await world.visitor.get<Search>('/search', { type: 'all', page: 1, limit: 20, keyword: '复习' }), 'search all')
    expect(all.posts.data.map((p) => p.id)).toEqual([imageNote])
    expect(all.posts.data[0]!.images[0]).toBeTruthy()
    expect(all.posts.pagination.total).toBe(1)
    // Tag chips rebuilt from the cards' tags (M §2.10), or read from tagStats.
    expect(all.posts.data.flatMap((p) => p.tags.map(tagName))).toContain('图书馆')
    expect(all.tagStats.map((t) => t.label)).toContain('复习')
    expect(Array.isArray(all.users.data)).toBe(true)
    const byTag = must(await world.visitor.get<Search>('/search', { type: 'videos', tag: '自习' }), 'search tag')
    expect(byTag.posts.data.map((p) => p.id)).toEqual([videoNote])
    const users = must(await world.visitor.get<Search>('/search', { type: 'users', keyword: 'author' }), 'search users')
    expect(users.users.data.map((u) => u.user_id)).toContain(author.user_id)
  })

  it('GET /search/posts?keyword=', async () => {
    const data = must(await world.visitor.get<{ posts: Note[] }>('/search/posts', { keyword: '延时摄影' }), 'search posts')
    expect(data.posts.map((p) => p.id)).toEqual([videoNote])
  })
})

describe('M §7 Comments and likes', () => {
  let commentId: number

  it('POST /comments (post_id, content, parent_id null) → the comment with the fields the list shows', async () => {
    const comment = must(await reader.post<Comment>('/comments', { post_id: imageNote, content: '写得真好', parent_id: null }), 'comment')
    commentId = comment.id
    expect(comment).toMatchObject({ content: '写得真好', parent_id: null, nickname: '读者', like_count: 0, liked: false, reply_count: 0 })
    expect(comment.user_display_id ?? comment.user_id).toBe(reader.user_id)
    for (const key of ['user_auto_id', 'user_avatar', 'verified', 'created_at', 'location'] as const) expect(comment[key], key).toBeDefined()
  })

  it('GET /posts/{id}/comments (page, limit 5, sort) → data.comments, data.pagination.total', async () => {
    for (let i = 0; i < 5; i++) must(await author.post('/comments', { post_id: imageNote, content: `第${i}条`, parent_id: null }), 'comment')
    const first = must(await world.visitor.get<{ comments: Comment[]; pagination: Pagination }>(`/posts/${imageNote}/comments`, { page: 1, limit: 5, sort: 'desc' }), 'comments')
    expect(first.comments).toHaveLength(5)
    expect(first.pagination.total).toBe(6)
    const second = must(await world.visitor.get<{ comments: Comment[]; pagination: Pagination }>(`/posts/${imageNote}/comments`, { page: 2, limit: 5, sort: 'desc' }), 'page 2')
    expect(second.comments.map((c) => c.id)).toEqual([commentId])
    const asc = must(await world.visitor.get<{ comments: Comment[] }>(`/posts/${imageNote}/comments`, { page: 1, limit: 5, sort: 'asc' }), 'asc')
    expect(asc.comments[0]!.id).toBe(commentId)
  })

  it('a reply (parent_id) and GET /comments/{id}/replies', async () => {
    const reply = must(await author.post<Comment>('/comments', { post_id: imageNote, content: '谢谢', parent_id: commentId }), 'reply')
    expect(reply.parent_id).toBe(commentId)
    const data = must(await world.visitor.get<{ replies?: Comment[]; comments?: Comment[] }>(`/comments/${commentId}/replies`), 'replies')
    expect((data.replies ?? data.comments ?? []).map((c) => c.id)).toEqual([reply.id])
  })

  it('POST /likes (target_type 2) → data.likeCount; DELETE /likes', async () => {
    expect(must(await author.post<{ likeCount: number }>('/likes', { target_type: 2, target_id: commentId }), 'like').likeCount).toBe(1)
    expect(must(await author.del<{ likeCount: number }>('/likes', { target_type: 2, target_id: commentId }), 'unlike').likeCount).toBe(0)
  })

  it('DELETE /comments/{id} → data.deletedCount', async () => {
    const mine = must(await reader.post<Comment>('/comments', { post_id: videoNote, content: '删掉我', parent_id: null }), 'comment')
    expect(must(await reader.del<{ deletedCount: number }>(`/comments/${mine.id}`), 'delete').deletedCount).toBe(1)
  })
})

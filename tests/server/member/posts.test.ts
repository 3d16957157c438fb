import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flushViews } from '../../../server/domain/views'
import { counterMismatches } from '../../support/consistency'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, imageBlob, uploadImage, type UploadedImage } from './support/notes'
import { dbQuery, dbRun } from '../../support/sql'

interface Detail {
  id: number
  title: string
  content: string
  type: number
  images: string[]
  tags: Array<{ id: number; name: string }>
  category: string | null
  category_id: number | null
  view_count: number
  like_count: number
  is_draft: boolean
  author_account: string
  user_id: string
  author_auto_id: number
  liked: boolean
  collected: boolean
  followed: boolean
  video: { url: string; coverUrl: string | null } | null
}

let server: TestServer
let alice: Member
let bob: Member
let study: number
let food: number
let img: UploadedImage

async function useCount(name: string): Promise<number | null> {
  const rows: Array<{ use_count: number }> = await dbQuery(server.deps.db, 'SELECT use_count FROM tags WHERE name = ?', [name])
  return rows[0] ? Number(rows[0].use_count) : null
}

async function userCounts(id: number): Promise<{ post_count: number }> {
  const rows: Array<{ post_count: number }> = await dbQuery(server.deps.db, 'SELECT post_count FROM users WHERE id = ?', [id])
  return { post_count: Number(rows[0]!.post_count) }
}

async function categoryCount(id: number): Promise<number> {
  const rows: Array<{ post_count: number }> = await dbQuery(server.deps.db, 'SELECT post_count FROM categories WHERE id = ?', [id])
  return Number(rows[0]!.post_count)
}

beforeAll(async () => {
  server = await startTestServer()
  alice = await registerMember(server)
  bob = await registerMember(server)
  study = await createCategory(server, '学习', 'study')
  food = await createCategory(server, '美食', 'food')
  img = await uploadImage(server, alice.token)
})
afterAll(() => server?.close())

describe('POST /api/posts', () => {
  const valid = () => ({ title: '期末复习', content: '<p>复习计划</p>', images: [img.url], tags: ['复习'], category_id: study, type: 1 as const })

  it('needs a login (401)', async () => {
    const { status, body } = await server.call('POST', '/api/posts', { json: valid() })
    expect(status).toBe(401)
    expect(body.success).toBe(false)
  })

  it.each([
    ['请输入标题', { title: '' }],
    ['请输入内容', { content: '<p> </p>' }],
    ['请选择分类', { category_id: null }],
    ['请至少上传一张图片', { images: [] }],
    ['请选择视频文件', { type: 2, images: [] }],
    ['标题不能超过100个字符', { title: 'x'.repeat(101) }],
    ['内容不能超过2000个字符', { content: '字'.repeat(2001) }],
    ['最多只能添加10个标签', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
    ['标签最多8个字', { tags: ['一二三四五六七八九'] }],
    ['最多只能上传9张图片', { images: Array.from({ length: 10 }, () => '/uploads/x.webp') }],
    ['请输入标题或内容', { is_draft: true, title: '', content: '' }],
    ['分类不存在', { category_id: 99999 }],
    ['图片地址无效，请重新上传', { images: ['https://evil.example/x.png'] }],
    ['图片不存在或已失效，请重新上传', { images: ['/uploads/2026/01/missing.webp'] }],
    ['笔记类型必须是1或2', { type: 3 }],
  ])('refuses an invalid note with 400 "%s"', async (message, patch) => {
    const { status, body } = await server.call('POST', '/api/posts', { token: alice.token, json: { ...valid(), ...patch } })
    expect(status).toBe(400)
    expect(body.message).toBe(message)
  })

  it('publishes a note, creating tags on use, and replies data.id', async () => {
    const { status, body } = await server.call<{ id: number }>('POST', '/api/posts', { token: alice.token, json: { ...valid(), tags: ['期末', ' #期末 ', '图书馆'] } })
    expect(status).toBe(200)
    expect(body.message).toBe('发布成功')
    const detail = (await server.call<Detail>('GET', `/api/posts/${body.data.id}`)).body.data
    expect(detail).toMatchObject({ title: '期末复习', type: 1, images: [img.url], category: '学习', category_id: study, is_draft: false, author_account: alice.user_id })
    expect(detail.tags.map((t) => t.name)).toEqual(['期末', '图书馆'])
    expect(await useCount('期末')).toBe(1)
  })

  it('keeps mentions, images and line breaks but drops scripts, handlers and javascript: links', async () => {
    const content = `<p>你好 [@小明:${bob.user_id}]<br><img src="${img.url}" onerror="alert(1)"><img src="https://evil.example/t.png"></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a><b onclick="x()">粗</b>`
    const id = await createNote(server, alice.token, { ...valid(), content })
    const saved = (await server.call<Detail>('GET', `/api/posts/${id}`)).body.data.content
    expect(saved).toContain(`[@小明:${bob.user_id}]`)
    expect(saved).toContain(`<img src="${img.url}" />`)
    expect(saved).toContain('<br />')
    expect(saved).toContain('<b>粗</b>')
    expect(saved).toContain('href="https://ok.example"')
    expect(saved).not.toMatch(/script|onerror|onclick|javascript:|evil\.example/)
    const notes: Array<{ type: number; user_id: number }> = await dbQuery(server.deps.db, 'SELECT type, user_id FROM notifications WHERE target_id = ?', [id])
    expect(notes).toEqual([{ type: 8, user_id: bob.id }])
  })

  it('saves a draft with only a title, without counting it as published', async () => {
    const before = await userCounts(alice.id)
    const { body } = await server.call<{ id: number }>('POST', '/api/posts', { token: alice.token, json: { title: '草稿', is_draft: true } })
    expect(body.message).toBe('保存成功')
    expect((await userCounts(alice.id)).post_count).toBe(before.post_count)
  })
})

describe('GET /api/posts/:id', () => {
  it('answers 404 for a missing note and 400 for a bad id', async () => {
    expect((await server.call('GET', '/api/posts/999999')).status).toBe(404)
    for (const bad of ['0', '-1', 'abc', '99999999999']) expect((await server.call('GET', `/api/posts/${bad}`)).status).toBe(400)
  })

  it('shows images in their places and tags by when they were made, after an edit too', async () => {
    const [red, green, blue] = await Promise.all(['#d01010', '#10d010', '#1010d0'].map(async (color) => (await uploadImage(server, alice.token, await imageBlob({ color }))).url))
    await createNote(server, bob.token, { images: [(await uploadImage(server, bob.token)).url], category_id: study, tags: ['旧标签'] }) // made first, so listed first
    const id = await createNote(server, alice.token, { images: [blue!, red!, green!], category_id: study, tags: ['新标签', '旧标签'] })
    // signed in: always live (a visitor's copy is shared for a second, and the UPDATE below bypasses the server)
    const read = async () => (await server.call<Detail & { image_list: Array<{ url: string }> }>('GET', `/api/posts/${id}`, { token: bob.token })).body.data
    const first = await read()
    expect(first.images).toEqual([blue, red, green])
    expect(first.image_list.map((i) => i.url)).toEqual([blue, red, green])
    expect(first.tags.map((t) => t.name)).toEqual(['旧标签', '新标签'])
    expect((await server.call('PUT', `/api/posts/${id}`, { token: alice.token, json: { images: [green, blue] } })).status).toBe(200)
    expect((await read()).images).toEqual([green, blue])
    // The rows' stored order is not their place (the parts statement has no ORDER BY: the server sorts them)
    await dbRun(server.deps.db, 'UPDATE post_images SET sort_order = 10 - sort_order WHERE post_id = ?', [id])
    expect((await read()).images).toEqual([blue, green])
  })

  it("shows a draft only to its author", async () => {
    const id = await createNote(server, alice.token, { title: '私密草稿', is_draft: true, images: [] })
    expect((await server.call('GET', `/api/posts/${id}`)).status).toBe(404)
    expect((await server.call('GET', `/api/posts/${id}`, { token: bob.token })).status).toBe(404)
    expect((await server.call<Detail>('GET', `/api/posts/${id}`, { token: alice.token })).body.data.is_draft).toBe(true)
  })

  it('raises view_count once per viewer per hour, whatever skipViewCount says', async () => {
    const id = await createNote(server, alice.token, { images: [img.url], category_id: study })
    const view = async (token?: string, skip = false) => (await server.call<Detail>('GET', `/api/posts/${id}${skip ? '?skipViewCount=true' : ''}`, { token })).body.data.view_count
    expect(await view(bob.token)).toBe(1)
    expect(await view(bob.token)).toBe(1)
    expect(await view(bob.token, true)).toBe(1)
    expect(await view(alice.token, true)).toBe(2)
    expect(await view()).toBe(3)
    expect(await view()).toBe(3)
    // An hour later the same viewer counts again (the buffered views written first).
    await flushViews(server.deps.db)
    await dbRun(server.deps.db, "UPDATE post_views SET viewed_at = '2000-01-01 00:00:00.000'")
    expect(await view(bob.token)).toBe(4)
  })

  it('keeps updated_at through likes, collects, comments, follows, views and a new hot score: none of them edits the note or a member', async () => {
    // A category and a note of its own, deleted at the end: the ranking tests count what the feeds hold.
    const id = await createNote(server, alice.token, { images: [img.url], category_id: await createCategory(server, '不是编辑', 'not-edits') })
    const updatedAt = async () => {
      const note = await dbQuery<{ u: string | Date }>(server.deps.db, 'SELECT updated_at AS u FROM posts WHERE id = ?', [id])
      const members = await dbQuery<{ u: string | Date }>(server.deps.db, 'SELECT updated_at AS u FROM users WHERE id IN (?, ?) ORDER BY id', [alice.id, bob.id])
      return [...note, ...members].map(({ u }) => (u instanceof Date ? u.toISOString() : u))
    }
    const ok = (r: { status: number }) => expect(r.status).toBe(200)
    try {
      const before = await updatedAt()
      // MariaDB stores updated_at to the microsecond: a write a moment later would show.
      await new Promise((resolve) => setTimeout(resolve, 20))
      ok(await server.call('POST', '/api/likes', { token: bob.token, json: { target_type: 1, target_id: id } }))
      ok(await server.call('POST', `/api/posts/${id}/collect`, { token: bob.token }))
      ok(await server.call('POST', '/api/comments', { token: bob.token, json: { post_id: id, content: '不是编辑' } }))
      ok(await server.call('POST', `/api/users/${alice.user_id}/follow`, { token: bob.token }))
      ok(await server.call('GET', `/api/posts/${id}`, { token: bob.token }))
      await flushViews(server.deps.db)
      ok(await server.call('DELETE', `/api/users/${alice.user_id}/follow`, { token: bob.token }))
      ok(await server.call('DELETE', '/api/likes', { token: bob.token, json: { target_type: 1, target_id: id } }))
      ok(await server.call('DELETE', `/api/posts/${id}/collect`, { token: bob.token }))
      expect(await updatedAt()).toEqual(before)
    } finally {
      ok(await server.call('DELETE', `/api/posts/${id}`, { token: alice.token }))
    }
  })
})

describe('PUT and DELETE /api/posts/:id', () => {
  it('lets only the owner update (401 / 403 / 404) and applies the same rules', async () => {
    const id = await createNote(server, alice.token, { images: [img.url], category_id: study })
    expect((await server.call('PUT', `/api/posts/${id}`, { json: { title: 'x' } })).status).toBe(401)
    const other = await server.call('PUT', `/api/posts/${id}`, { token: bob.token, json: { title: 'x' } })
    expect(other.status).toBe(403)
    expect((await server.call('PUT', '/api/posts/999999', { token: alice.token, json: { title: 'x' } })).status).toBe(404)
    const bad = await server.call('PUT', `/api/posts/${id}`, { token: alice.token, json: { images: [] } })
    expect(bad).toMatchObject({ status: 400, body: { message: '请至少上传一张图片' } })
    const good = await server.call('PUT', `/api/posts/${id}`, { token: alice.token, json: { title: '新标题' } })
    expect(good.status).toBe(200)
    expect((await server.call<Detail>('GET', `/api/posts/${id}`)).body.data.title).toBe('新标题')
  })

  it('keeps tag use_count, post_count and category post_count exact through create, update, publish and delete', async () => {
    const user0 = (await userCounts(alice.id)).post_count
    const study0 = await categoryCount(study)
    const food0 = await categoryCount(food)
    const draft = await createNote(server, alice.token, { title: '计数', is_draft: true, images: [img.url], tags: ['计数甲', '计数乙'], category_id: study })
    expect(await useCount('计数甲')).toBe(1)
    expect((await userCounts(alice.id)).post_count).toBe(user0)
    // Publish the draft into another category, swapping one tag.
    await server.call('PUT', `/api/posts/${draft}`, { token: alice.token, json: { is_draft: false, category_id: food, tags: ['计数乙', '计数丙'] } })
    expect([await useCount('计数甲'), await useCount('计数乙'), await useCount('计数丙')]).toEqual([0, 1, 1])
    expect((await userCounts(alice.id)).post_count).toBe(user0 + 1)
    expect([await categoryCount(study), await categoryCount(food)]).toEqual([study0, food0 + 1])
    // Someone likes, collects and comments; then the note is deleted and everything follows.
    await server.call('POST', '/api/likes', { token: bob.token, json: { target_type: 1, target_id: draft } })
    await server.call('POST', `/api/posts/${draft}/collect`, { token: bob.token })
    const comment = await server.call<{ id: number }>('POST', '/api/comments', { token: bob.token, json: { post_id: draft, content: '好' } })
    await server.call('POST', '/api/likes', { token: alice.token, json: { target_type: 2, target_id: comment.body.data.id } })
    expect((await server.call('DELETE', `/api/posts/${draft}`, { token: bob.token })).status).toBe(403)
    const gone = await server.call('DELETE', `/api/posts/${draft}`, { token: alice.token })
    expect(gone).toMatchObject({ status: 200, body: { message: '删除成功' } })
    expect((await server.call('GET', `/api/posts/${draft}`)).status).toBe(404)
    expect((await server.call('DELETE', `/api/posts/${draft}`, { token: alice.token })).status).toBe(404)
    expect([await useCount('计数乙'), await useCount('计数丙')]).toEqual([0, 0])
    expect((await userCounts(alice.id)).post_count).toBe(user0)
    expect(await categoryCount(food)).toBe(food0)
    const leftovers: Array<{ n: number }> = await dbQuery(server.deps.db, 
      `SELECT (SELECT COUNT(*) FROM likes WHERE target_id IN (?, ?)) + (SELECT COUNT(*) FROM collections WHERE post_id = ?) + (SELECT COUNT(*) FROM comments WHERE post_id = ?) + (SELECT COUNT(*) FROM notifications WHERE target_id = ?) AS n`,
      [draft, comment.body.data.id, draft, draft, draft],
    )
    expect(Number(leftovers[0]!.n)).toBe(0)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })
})

describe('GET /api/posts (feed)', () => {
  let owner: Member
  beforeAll(async () => {
    owner = await registerMember(server)
    const photo = await uploadImage(server, owner.token)
    for (let i = 0; i < 3; i++) await createNote(server, owner.token, { title: `饭${i}`, images: [photo.url], category_id: food })
    await createNote(server, owner.token, { title: 'owner 的草稿', is_draft: true, images: [] })
  })

  it('pages newest first with pagination', async () => {
    const { body } = await server.call<{ posts: Detail[]; pagination: { page: number; limit: number; total: number; pages: number } }>('GET', `/api/posts?user_id=${owner.user_id}&limit=2`)
    expect(body.data.posts.map((p) => p.title)).toEqual(['饭2', '饭1'])
    expect(body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 })
    const page2 = await server.call<{ posts: Detail[] }>('GET', `/api/posts?user_id=${owner.user_id}&limit=2&page=2`)
    expect(page2.body.data.posts.map((p) => p.title)).toEqual(['饭0'])
  })

  it('filters by category id or category_title, and type', async () => {
    const byTitle = await server.call<{ posts: Detail[] }>('GET', '/api/posts?category=food&limit=100')
    const byId = await server.call<{ posts: Detail[] }>('GET', `/api/posts?category=${food}&limit=100`)
    expect(byTitle.body.data.posts.length).toBeGreaterThanOrEqual(3)
    expect(byTitle.body.data.posts.every((p) => p.category === '美食')).toBe(true)
    expect(byId.body.data.posts.map((p) => p.id)).toEqual(byTitle.body.data.posts.map((p) => p.id))
    expect((await server.call<{ posts: Detail[] }>('GET', '/api/posts?category=nosuch')).body.data.posts).toEqual([])
    expect((await server.call<{ posts: Detail[] }>('GET', '/api/posts?type=2')).body.data.posts).toEqual([])
  })

  it("lists drafts only for their owner: 401 without a token, 403 for someone else's", async () => {
    expect((await server.call('GET', '/api/posts?is_draft=1')).status).toBe(401)
    expect((await server.call('GET', `/api/posts?is_draft=1&user_id=${owner.user_id}`, { token: bob.token })).status).toBe(403)
    const own = await server.call<{ posts: Detail[] }>('GET', '/api/posts?is_draft=1', { token: owner.token })
    expect(own.body.data.posts.map((p) => p.title)).toEqual(['owner 的草稿'])
    expect((await server.call<{ posts: Detail[] }>('GET', '/api/posts?limit=100')).body.data.posts.some((p) => p.is_draft)).toBe(false)
  })

  it('ranks the recommend channel by engagement with time decay, with stable paging', async () => {
    // Views counted by earlier tests are buffered and written in the background, moving scores: written first,
    // so that nothing changes the ranking while it is paged (stable paging is a promise about unchanged scores).
    await flushViews(server.deps.db)
    const fan = await registerMember(server)
    const { body } = await server.call<{ posts: Detail[] }>('GET', `/api/posts?user_id=${owner.user_id}`)
    const oldest = body.data.posts[2]!
    await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: oldest.id } })
    await server.call('POST', `/api/posts/${oldest.id}/collect`, { token: fan.token })
    const hot = await server.call<{ posts: Detail[] }>('GET', '/api/posts?category=recommend&limit=100')
    expect(hot.body.data.posts[0]!.id).toBe(oldest.id)
    const viaFlag = await server.call<{ posts: Detail[] }>('GET', '/api/posts?recommend=1&limit=100')
    expect(viaFlag.body.data.posts.map((p) => p.id)).toEqual(hot.body.data.posts.map((p) => p.id))
    const paged: number[] = []
    for (let page = 1; page <= 100; page++) {
      const r = await server.call<{ posts: Detail[] }>('GET', `/api/posts?recommend=1&limit=3&page=${page}`)
      if (r.body.data.posts.length === 0) break
      paged.push(...r.body.data.posts.map((p) => p.id))
    }
    expect(paged).toEqual(hot.body.data.posts.map((p) => p.id))
  })

  it('refuses bad paging and filters with 400', async () => {
    for (const q of ['limit=1000000', 'limit=0', 'page=0', 'page=abc', 'type=3', 'sort=random', 'is_draft=maybe']) {
      const { status, body } = await server.call('GET', `/api/posts?${q}`)
      expect(status, q).toBe(400)
      expect(body.success).toBe(false)
    }
    expect((await server.call('GET', '/api/posts?limit=1000000')).body.message).toBe('limit 不能超过100')
  })
})

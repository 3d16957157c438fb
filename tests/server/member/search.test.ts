import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, uploadImage } from './support/notes'

interface Card {
  id: number
  title: string
  type: number
}
interface Paged<T> {
  data: T[]
  pagination: { page: number; limit: number; total: number; pages: number }
}
interface SearchReply {
  posts: Paged<Card>
  users: Paged<{ user_id: string; nickname: string; isFollowing: boolean; buttonType: string }>
  tagStats: Array<{ id: number; label: string; count: number }>
}

let server: TestServer
let author: Member
const ids: Record<string, number> = {}

async function search(query: string, token?: string): Promise<{ status: number; message: string; data: SearchReply }> {
  const { status, body } = await server.call<SearchReply>('GET', `/api/search?${query}`, { token })
  return { status, message: body.message, data: body.data }
}

const titles = (r: { data: SearchReply }) => r.data.posts.data.map((p) => p.title).sort()

beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server, 'searcher01', { nickname: '搜索达人' })
  const category = await createCategory(server, '学习', 'study')
  const img = await uploadImage(server, author.token)
  const note = (title: string, content: string, tags: string[]) => createNote(server, author.token, { title, content, tags, images: [img.url], category_id: category })
  ids.library = await note('图书馆自习攻略', '<p>三楼靠窗的位置最安静</p>', ['学习', '图书馆'])
  ids.canteen = await note('食堂新菜', '<p>二食堂的麻辣香锅</p>', ['美食'])
  ids.exam = await note('考研数学复习', '<p>每天刷题两小时</p>', ['学习', '考研'])
  ids.english = await note('English corner', '<p>Practice speaking every Friday</p>', ['英语'])
  ids.draft = await createNote(server, author.token, { title: '图书馆草稿', is_draft: true, images: [] })
})
afterAll(() => server?.close())

describe('GET /api/search', () => {
  it('finds one-character Chinese queries anywhere in a word (书, 锅)', async () => {
    expect(titles(await search('keyword=书&type=all'))).toEqual(['图书馆自习攻略'])
    expect(titles(await search('keyword=锅&type=all'))).toEqual(['食堂新菜'])
    expect(titles(await search('keyword=习&type=all'))).toEqual(['图书馆自习攻略', '考研数学复习'])
  })

  it('finds two-character queries (食堂, 复习) and not mere character overlap', async () => {
    expect(titles(await search('keyword=食堂&type=all'))).toEqual(['食堂新菜'])
    expect(titles(await search('keyword=复习&type=all'))).toEqual(['考研数学复习'])
    expect(titles(await search('keyword=书习&type=all'))).toEqual([])
  })

  it('finds four-character queries in title, content and tags (考研数学, 麻辣香锅), and Latin words', async () => {
    expect(titles(await search('keyword=考研数学&type=all'))).toEqual(['考研数学复习'])
    expect(titles(await search('keyword=麻辣香锅&type=all'))).toEqual(['食堂新菜'])
    expect(titles(await search('keyword=FRIDAY&type=all'))).toEqual(['English corner'])
    expect(titles(await search('keyword=美食&type=all'))).toEqual(['食堂新菜'])
  })

  it('never returns drafts', async () => {
    expect((await search('keyword=草稿&type=all')).data.posts.data).toEqual([])
  })

  it('filters by tag alone or with a keyword, and counts the top tags of the results', async () => {
    const byTag = await search('tag=学习&type=posts')
    expect(titles(byTag)).toEqual(['图书馆自习攻略', '考研数学复习'])
    expect(byTag.data.tagStats[0]).toMatchObject({ label: '学习', count: 2 })
    expect(byTag.data.tagStats.map((t) => t.label).sort()).toEqual(['图书馆', '学习', '考研'])
    expect(titles(await search(`keyword=${encodeURIComponent('复习')}&tag=${encodeURIComponent('学习')}&type=all`))).toEqual(['考研数学复习'])
    expect((await search('tag=不存在的标签&type=all')).data.posts.data).toEqual([])
  })

  it('splits tabs: posts are image notes, videos video notes, users users', async () => {
    expect(titles(await search('keyword=食堂&type=posts'))).toEqual(['食堂新菜'])
    expect((await search('keyword=食堂&type=videos')).data.posts.data).toEqual([])
    const users = await search('keyword=搜索&type=users')
    expect(users.data.posts.data).toEqual([])
    expect(users.data.users.data.map((u) => u.user_id)).toEqual(['searcher01'])
    expect(users.data.users.pagination.total).toBe(1)
    const all = await search('keyword=searcher&type=all')
    expect(all.data.users.data[0]).toMatchObject({ user_id: 'searcher01', nickname: '搜索达人', isFollowing: false, buttonType: 'follow' })
  })

  it('defaults to the posts tab, paginates, and answers the envelope shape', async () => {
    const r = await search('keyword=习&limit=1&page=2')
    expect(r.status).toBe(200)
    expect(r.data.posts.data).toHaveLength(1)
    expect(r.data.posts.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 })
    expect(r.data.users).toEqual({ data: [], pagination: { page: 2, limit: 1, total: 0, pages: 0 } })
  })

  it('needs a keyword or a tag and refuses bad input (400)', async () => {
    expect(await search('type=all')).toMatchObject({ status: 400, message: '请输入搜索关键词或标签' })
    expect((await search('keyword=x&type=pictures')).status).toBe(400)
    expect((await search('keyword=x&limit=1000000')).status).toBe(400)
    expect((await search(`keyword=${'长'.repeat(101)}`)).status).toBe(400)
    expect((await search('keyword=%22%20OR%20*&type=all')).status).toBe(200)
  })
})

describe('GET /api/search/posts and the feed keyword', () => {
  it('searches notes of both kinds by keyword', async () => {
    const { status, body } = await server.call<{ posts: Card[]; pagination: { total: number } }>('GET', `/api/search/posts?keyword=${encodeURIComponent('图书馆')}`)
    expect(status).toBe(200)
    expect(body.data.posts.map((p) => p.id)).toEqual([ids.library])
    expect(body.data.pagination.total).toBe(1)
    expect((await server.call('GET', '/api/search/posts')).body.message).toBe('请输入搜索关键词')
  })

  it('filters GET /api/posts by keyword, and the owner searches own drafts by title', async () => {
    const feed = await server.call<{ posts: Card[] }>('GET', `/api/posts?keyword=${encodeURIComponent('食堂')}`)
    expect(feed.body.data.posts.map((p) => p.id)).toEqual([ids.canteen])
    const mine = await server.call<{ posts: Card[] }>('GET', `/api/posts?user_id=${author.user_id}&keyword=${encodeURIComponent('复习')}`)
    expect(mine.body.data.posts.map((p) => p.id)).toEqual([ids.exam])
    const drafts = await server.call<{ posts: Card[] }>('GET', `/api/posts?is_draft=1&keyword=${encodeURIComponent('草稿')}`, { token: author.token })
    expect(drafts.body.data.posts.map((p) => p.id)).toEqual([ids.draft])
  })

  it('keeps search_text in step with edits: a renamed note is found by its new title only', async () => {
    await server.call('PUT', `/api/posts/${ids.english}`, { token: author.token, json: { title: '英语角活动', tags: ['口语'] } })
    expect(titles(await search('keyword=英语角&type=all'))).toEqual(['英语角活动'])
    expect(titles(await search('keyword=口语&type=all'))).toEqual(['英语角活动'])
    expect(titles(await search('keyword=corner&type=all'))).toEqual([])
  })
})

describe('GET /api/tags, /api/tags/hot and /api/categories', () => {
  it('lists tags by use, filters by keyword, and gives the hot ones (default 10): the same plain list of {id, name, use_count}', async () => {
    const hot = await server.call<Array<{ name: string; use_count: number }>>('GET', '/api/tags/hot?limit=1')
    expect(hot.body.data).toEqual([expect.objectContaining({ name: '学习', use_count: 2 })])
    expect((await server.call<unknown[]>('GET', '/api/tags/hot')).body.data.length).toBeLessThanOrEqual(10)
    expect((await server.call('GET', '/api/tags/hot?limit=0')).status).toBe(400)
    const list = await server.call<Array<{ id: number; name: string; use_count: number }>>('GET', `/api/tags?keyword=${encodeURIComponent('考')}`)
    expect(list.body.data).toEqual([{ id: expect.any(Number), name: '考研', use_count: expect.any(Number) }])
    const all = await server.call<Array<{ name: string }>>('GET', '/api/tags?limit=1')
    expect(all.body.data).toHaveLength(1)
    expect(Object.keys(all.body.data[0]!).sort()).toEqual(Object.keys(hot.body.data[0]!).sort())
  })

  it('lists categories with id, name, category_title, sortable and filterable', async () => {
    await createCategory(server, '旅行', 'travel')
    const all = await server.call<Array<{ id: number; name: string; category_title: string }>>('GET', '/api/categories')
    expect(all.body.data.map((c) => c.category_title)).toEqual(['study', 'travel'])
    expect(all.body.data[0]).toMatchObject({ id: expect.any(Number), name: '学习', category_title: 'study' })
    const sorted = await server.call<Array<{ category_title: string }>>('GET', '/api/categories?sortField=category_title&sortOrder=DESC')
    expect(sorted.body.data.map((c) => c.category_title)).toEqual(['travel', 'study'])
    const filtered = await server.call<Array<{ category_title: string }>>('GET', '/api/categories?category_title=tra')
    expect(filtered.body.data.map((c) => c.category_title)).toEqual(['travel'])
    expect((await server.call('GET', '/api/categories?sortField=password')).status).toBe(400)
  })
})

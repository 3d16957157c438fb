/**
 * Search by words (issue 38 part 4): query words match indexed words, not scattered character pairs; unknown
 * words (names) still match through their pairs; results come by relevance with the matched words located
 * for highlighting; suggestions while typing. Runs on every engine (SHILIU_TEST_ENGINES).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, ownImage, uploadImage } from './support/notes'

interface Card {
  id: number
  title: string
  content: string
  highlight?: { title: Array<[number, number]>; excerpt: string; excerpt_ranges: Array<[number, number]> }
}
interface Suggestions {
  tags: Array<{ id: number; name: string; use_count: number }>
  users: Array<{ user_id: string; nickname: string; avatar: string; verified: number }>
  notes: Array<{ id: number; title: string }>
}

let server: TestServer
let author: Member
let other: Member
let viewer: Member
const ids: Record<string, number> = {}

async function found(keyword: string, token?: string): Promise<Card[]> {
  const { status, body } = await server.call<{ posts: { data: Card[] } }>('GET', `/api/search?type=all&limit=50&keyword=${encodeURIComponent(keyword)}`, { token })
  expect(status).toBe(200)
  return body.data.posts.data
}
const titles = async (keyword: string) => (await found(keyword)).map((c) => c.title)

async function suggest(q: string, token?: string) {
  return server.call<Suggestions>('GET', `/api/search/suggest?q=${encodeURIComponent(q)}`, { token })
}

beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server, 'wordsauthor1', { nickname: '榴莲读书会' })
  other = await registerMember(server, 'wordsother01', { nickname: '榴莲小号' })
  viewer = await registerMember(server, 'wordsviewer1', { nickname: '旁观者' })
  const category = await createCategory(server, '生活', 'life-words')
  const img = await uploadImage(server, author.token)
  const note = async (token: string, title: string, content: string, tags: string[] = []) => createNote(server, token, { title, content, tags, images: [token === author.token ? img.url : (await ownImage(server, token)).url], category_id: category })
  // Oldest first: newest-first order would put the weakest matches on top.
  ids.council = await note(author.token, '学生会招新', '<p>欢迎加入学生会宣传部</p>', ['学生会'])
  ids.meetingRoom = await note(author.token, '学生会议室预约', '<p>三楼的会议室可以预约</p>')
  ids.campusLife = await note(author.token, '大学生活分享', '<p>大学生活的第一年，社团和图书馆占了大半时间</p>', ['大学生活'])
  ids.activity = await note(author.token, '研究生活动通知', '<p>本周五晚上七点报告厅</p>')
  ids.name = await note(author.token, '覃小榴的周末', '<p>和朋友去爬山</p>')
  ids.examTitle = await note(author.token, '考研经验：复盘一年', '<p>考研这一年，最重要的经验是早点开始</p>', ['考研'])
  ids.examBody = await note(author.token, '随手记', '<p>今天天气不错，食堂人很多。听室友说考研报名要开始了。晚上整理了一点做饭的经验。</p>')
  ids.library = await note(author.token, '图书馆自习攻略', '<p>期末去图书馆一定要早，三楼靠窗最安静</p>', ['图书馆'])
  ids.blocked = await note(other.token, '榴莲千层测评', '<p>图书馆门口新开的甜品店</p>', ['榴莲'])
  ids.draft = await createNote(server, author.token, { title: '榴莲草稿', content: '<p>图书馆</p>', is_draft: true, images: [] })
  const blocked = await server.call('POST', `/api/users/${other.user_id}/block`, { token: viewer.token })
  expect(blocked.status).toBe(200)
})
afterAll(() => server?.close())

describe('search by words', () => {
  it('matches a query word as a word, not as overlapping character pairs (学生会, 生活)', async () => {
    expect(await titles('学生会')).toEqual(['学生会招新'])
    // 研究生活动 is 研究生 + 活动: it holds the characters 生活 but not the word.
    expect(await titles('生活')).toEqual(['大学生活分享'])
  })

  it('finds words the dictionary does not know (a name) by their character pairs', async () => {
    expect(await titles('覃小榴')).toEqual(['覃小榴的周末'])
    expect(await titles('小榴')).toEqual(['覃小榴的周末'])
  })

  it('orders by relevance: the note about the query first, though older than a passing mention', async () => {
    const cards = await found('考研经验')
    expect(cards.map((c) => c.id)).toEqual([ids.examTitle, ids.examBody])
  })

  it('locates the matched words in the title and in an excerpt of the content (plain ranges, no markup)', async () => {
    const [card] = await found('图书馆')
    expect(card!.id).toBe(ids.library)
    const h = card!.highlight!
    expect(h.title.map(([s, e]) => card!.title.slice(s, e))).toEqual(['图书馆'])
    expect(h.excerpt).toContain('图书馆')
    expect(h.excerpt_ranges.map(([s, e]) => h.excerpt.slice(s, e))).toEqual(['图书馆'])
    expect(JSON.stringify(h)).not.toMatch(/[<>]/)
  })

  it('keeps the reply shape of GET /api/posts?keyword= and orders it by relevance too', async () => {
    const { status, body } = await server.call<{ posts: Card[]; pagination: { total: number } }>('GET', `/api/posts?keyword=${encodeURIComponent('考研经验')}`)
    expect(status).toBe(200)
    expect(body.data.posts.map((c) => c.id)).toEqual([ids.examTitle, ids.examBody])
    expect(body.data.pagination.total).toBe(2)
  })
})

describe('GET /api/search/suggest', () => {
  it('suggests tags, people and note titles for what has been typed', async () => {
    const { status, body } = await suggest('榴莲')
    expect(status).toBe(200)
    expect(body.data.tags.map((t) => t.name)).toEqual(['榴莲'])
    expect(body.data.users.map((u) => u.user_id).sort()).toEqual([author.user_id, other.user_id].sort())
    expect(body.data.notes.map((n) => n.id)).toEqual([ids.blocked])
    const exam = await suggest('考研')
    expect(exam.body.data.notes.map((n) => n.id)).toEqual([ids.examTitle, ids.examBody])
    expect(exam.body.data.tags.map((t) => t.name)).toEqual(['考研'])
  })

  it('leaves out members the viewer blocked and their notes, and drafts', async () => {
    const { body } = await suggest('榴莲', viewer.token)
    expect(body.data.users.map((u) => u.user_id)).toEqual([author.user_id])
    expect(body.data.notes).toEqual([])
    expect(body.data.notes.some((n) => n.id === ids.draft)).toBe(false)
  })

  it('refuses an empty or too long text (400)', async () => {
    for (const q of ['', '   ', 'x'.repeat(51)]) {
      const { status, body } = await suggest(q)
      expect(status).toBe(400)
      expect(body.success).toBe(false)
    }
    const missing = await server.call('GET', '/api/search/suggest')
    expect(missing.status).toBe(400)
  })
})

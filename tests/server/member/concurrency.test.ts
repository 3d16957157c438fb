import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { counterMismatches } from '../../support/consistency'
import { ENGINE_NAMES, testEngine } from '../../support/engines'
import { insertMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbCount } from '../../support/sql'
import { createCategory, createNote, ownImage, uploadImage, type UploadedImage } from './support/notes'

/*
 * Bursts on one note, run on every engine: 40 members at the same moment like / unlike / like again, collect,
 * follow, comment and reply; 20–40 deletes of comments, replies and notes (with tags) at once; one member
 * liking one note from 20 requests at once; a note deleted while a crowd reacts to it. Every reply is a 2xx
 * or the documented 4xx (404 once a note or comment is gone), never a 5xx, and afterwards every denormalised
 * counter equals its rows (tests/support/consistency.ts, an oracle independent of server/domain/counters.ts).
 */

const CROWD = 40

interface Outcome {
  label: string
  status: number
  message: string
}

let server: TestServer
let author: Member
let crowd: Member[]
let image: UploadedImage
let category: number

beforeAll(async () => {
  server = await startTestServer()
  author = await insertMember(server)
  crowd = []
  for (let i = 0; i < CROWD; i++) crowd.push(await insertMember(server))
  image = await uploadImage(server, author.token)
  category = await createCategory(server, '校园', 'campus')
}, 120_000)
afterAll(() => server?.close())

async function send(label: string, method: string, path: string, token: string, json?: unknown): Promise<Outcome> {
  const { status, body } = await server.call(method, path, { token, json })
  return { label, status, message: body.message }
}

/** Start every call at the same moment; the outcomes in order. */
function burst<T>(items: readonly T[], call: (item: T, index: number) => Promise<Outcome | Outcome[]>): Promise<Outcome[]> {
  return Promise.all(items.map((item, i) => call(item, i))).then((all) => all.flat())
}

/** Every outcome has one of the allowed statuses (the failures listed with their messages when not). */
function expectStatuses(outcomes: Outcome[], allowed: readonly number[]): void {
  const wrong = outcomes.filter((o) => !allowed.includes(o.status))
  expect(wrong.map((o) => `${o.label}: ${o.status} ${o.message}`), `statuses other than ${allowed.join('/')}`).toEqual([])
}

async function expectConsistent(): Promise<void> {
  expect(await counterMismatches(server.deps.db)).toEqual([])
}

const note = (title: string, tags: string[] = []) => createNote(server, author.token, { title, images: [image.url], category_id: category, tags })
const noteOf = async (member: Member, title: string, tags: string[] = []) => createNote(server, member.token, { title, images: [(await ownImage(server, member.token)).url], category_id: category, tags })
const count = (sql: string, params: unknown[]) => dbCount(server.deps.db, sql, params)

describe(`bursts on one note (${ENGINE_NAMES[testEngine()]})`, () => {
  it(`${CROWD} members like, unlike and like again at the same moment`, async () => {
    const id = await note('点赞风暴')
    const like = (m: Member, step: string, method: string) => send(`${m.user_id} ${step}`, method, '/api/likes', m.token, { target_type: 1, target_id: id })
    const outcomes = await burst(crowd, async (m) => [await like(m, 'like', 'POST'), await like(m, 'unlike', 'DELETE'), await like(m, 'like again', 'POST')])
    expectStatuses(outcomes, [200])
    expect(await count('SELECT like_count AS n FROM posts WHERE id = ?', [id])).toBe(CROWD)
    expect(await count('SELECT COUNT(*) AS n FROM notifications WHERE target_id = ? AND type = 1', [id])).toBe(CROWD)
    await expectConsistent()
  }, 120_000)

  it(`${CROWD} members collect, uncollect and collect again at the same moment`, async () => {
    const id = await note('收藏风暴')
    const collect = (m: Member, step: string, method: string) => send(`${m.user_id} ${step}`, method, `/api/posts/${id}/collect`, m.token)
    const outcomes = await burst(crowd, async (m) => [await collect(m, 'collect', 'POST'), await collect(m, 'uncollect', 'DELETE'), await collect(m, 'collect again', 'POST')])
    expectStatuses(outcomes, [200])
    expect(await count('SELECT collect_count AS n FROM posts WHERE id = ?', [id])).toBe(CROWD)
    await expectConsistent()
  }, 120_000)

  it(`${CROWD} members follow, unfollow and follow again the author at the same moment`, async () => {
    const follow = (m: Member, step: string, method: string) => send(`${m.user_id} ${step}`, method, `/api/users/${author.user_id}/follow`, m.token)
    const outcomes = await burst(crowd, async (m) => [await follow(m, 'follow', 'POST'), await follow(m, 'unfollow', 'DELETE'), await follow(m, 'follow again', 'POST')])
    expectStatuses(outcomes, [200])
    expect(await count('SELECT fans_count AS n FROM users WHERE id = ?', [author.id])).toBe(CROWD)
    expect(await count('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND type = 6', [author.id])).toBe(CROWD)
    await expectConsistent()
  }, 120_000)

  it('one member likes one note from 20 requests at once: one like, one notification', async () => {
    const id = await note('连点二十次')
    const fan = crowd[0]!
    const outcomes = await burst(Array.from({ length: 20 }, (_, i) => i), (i) => send(`request ${i}`, 'POST', '/api/likes', fan.token, { target_type: 1, target_id: id }))
    expectStatuses(outcomes, [200])
    expect(await count('SELECT like_count AS n FROM posts WHERE id = ?', [id])).toBe(1)
    expect(await count('SELECT COUNT(*) AS n FROM likes WHERE target_type = 1 AND target_id = ?', [id])).toBe(1)
    expect(await count('SELECT COUNT(*) AS n FROM notifications WHERE target_id = ? AND type = 1', [id])).toBe(1)
    await expectConsistent()
  }, 120_000)

  it(`${CROWD} members comment at the same moment, then ${CROWD} reply to one comment at the same moment`, async () => {
    const id = await note('评论风暴')
    const comments = await burst(crowd, (m) => send(`${m.user_id} comment`, 'POST', '/api/comments', m.token, { post_id: id, content: `评论 ${m.user_id}` }))
    expectStatuses(comments, [200])
    const [top] = await server.call<{ comments: Array<{ id: number }> }>('GET', `/api/posts/${id}/comments?limit=1`).then((r) => r.body.data.comments)
    const replies = await burst(crowd, (m) => send(`${m.user_id} reply`, 'POST', '/api/comments', m.token, { post_id: id, parent_id: top!.id, content: `回复 ${m.user_id}` }))
    expectStatuses(replies, [200])
    expect(await count('SELECT comment_count AS n FROM posts WHERE id = ?', [id])).toBe(2 * CROWD)
    expect(await count('SELECT reply_count AS n FROM comments WHERE id = ?', [top!.id])).toBe(CROWD)
    await expectConsistent()
  }, 120_000)

  it('20 comments and 20 replies deleted at the same moment leave the counts at zero', async () => {
    const id = await note('删除风暴')
    const authors = crowd.slice(0, 20)
    const made = async (body: Record<string, unknown>, m: Member) => (await server.call<{ id: number }>('POST', '/api/comments', { token: m.token, json: body })).body.data.id
    const comments: number[] = []
    for (const m of authors) comments.push(await made({ post_id: id, content: `将删除 ${m.user_id}` }, m))
    const kept = await made({ post_id: id, content: '保留的评论' }, author)
    const replies: number[] = []
    for (const m of authors) replies.push(await made({ post_id: id, parent_id: kept, content: `将删除的回复 ${m.user_id}` }, m))
    for (const m of authors) await server.call('POST', '/api/likes', { token: m.token, json: { target_type: 2, target_id: kept } })

    const outcomes = await burst(authors, async (m, i) => Promise.all([send(`${m.user_id} delete comment`, 'DELETE', `/api/comments/${comments[i]}`, m.token), send(`${m.user_id} delete reply`, 'DELETE', `/api/comments/${replies[i]}`, m.token)]))
    expectStatuses(outcomes, [200])
    expect(await count('SELECT comment_count AS n FROM posts WHERE id = ?', [id])).toBe(1)
    expect(await count('SELECT reply_count AS n FROM comments WHERE id = ?', [kept])).toBe(0)
    await expectConsistent()
  }, 120_000)

  it(`${CROWD} notes sharing tags, liked, collected and commented, deleted at the same moment`, async () => {
    const owners = crowd
    const ids: number[] = []
    for (const m of owners) ids.push(await noteOf(m, `带标签的笔记 ${m.user_id}`, ['共享标签', '校园生活', `独有${m.user_id.slice(-4)}`]))
    for (const i of owners.keys()) {
      const other = owners[(i + 1) % owners.length]!
      await server.call('POST', '/api/likes', { token: other.token, json: { target_type: 1, target_id: ids[i] } })
      await server.call('POST', `/api/posts/${ids[i]}/collect`, { token: other.token })
      await server.call('POST', '/api/comments', { token: other.token, json: { post_id: ids[i], content: '路过' } })
    }
    const outcomes = await burst(owners, (m, i) => send(`${m.user_id} delete note`, 'DELETE', `/api/posts/${ids[i]}`, m.token))
    expectStatuses(outcomes, [200])
    expect(await count("SELECT use_count AS n FROM tags WHERE name = '共享标签'", [])).toBe(0)
    expect(await count('SELECT COUNT(*) AS n FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE t.name = ?', ['共享标签'])).toBe(0)
    await expectConsistent()
  }, 180_000)

  it('a note deleted while the crowd likes, collects and comments on it: 200 or 404, never 5xx', async () => {
    const id = await note('即将删除', ['消失的标签'])
    const reactions = burst(crowd, (m, i) =>
      i % 3 === 0
        ? send(`${m.user_id} like`, 'POST', '/api/likes', m.token, { target_type: 1, target_id: id })
        : i % 3 === 1
          ? send(`${m.user_id} collect`, 'POST', `/api/posts/${id}/collect`, m.token)
          : send(`${m.user_id} comment`, 'POST', '/api/comments', m.token, { post_id: id, content: '抢沙发' }),
    )
    const deletion = send('author delete', 'DELETE', `/api/posts/${id}`, author.token)
    const outcomes = [...(await reactions), await deletion]
    expectStatuses(outcomes, [200, 404])
    expect(outcomes.at(-1)!.status).toBe(200)
    expect(await count('SELECT COUNT(*) AS n FROM posts WHERE id = ?', [id])).toBe(0)
    for (const table of ['comments', 'collections']) expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE post_id = ?`, [id]), table).toBe(0)
    expect(await count('SELECT COUNT(*) AS n FROM likes WHERE target_type = 1 AND target_id = ?', [id])).toBe(0)
    expect(await count('SELECT COUNT(*) AS n FROM notifications WHERE target_id = ?', [id])).toBe(0)
    await expectConsistent()
  }, 120_000)

  it('an account deleted while the crowd likes, collects and comments on its notes and follows it: 200 or 404, never 5xx', async () => {
    const doomed = await insertMember(server)
    const notes = [await noteOf(doomed, '告别之前', ['告别']), await noteOf(doomed, '最后一篇', ['告别'])]
    const fans = crowd.slice(0, 30)
    const reactions = burst(fans, (m, i) => {
      const id = notes[i % 2]!
      switch (i % 4) {
        case 0:
          return send(`${m.user_id} like`, 'POST', '/api/likes', m.token, { target_type: 1, target_id: id })
        case 1:
          return send(`${m.user_id} collect`, 'POST', `/api/posts/${id}/collect`, m.token)
        case 2:
          return send(`${m.user_id} comment`, 'POST', '/api/comments', m.token, { post_id: id, content: '再见' })
        default:
          return send(`${m.user_id} follow`, 'POST', `/api/users/${doomed.user_id}/follow`, m.token)
      }
    })
    const deletion = send('account deletion', 'DELETE', `/api/users/${doomed.user_id}`, doomed.token, { password: 'secret123' })
    const outcomes = [...(await reactions), await deletion]
    expectStatuses(outcomes, [200, 404])
    expect(outcomes.at(-1)!.status).toBe(200)
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE id = ?', [doomed.id])).toBe(0)
    expect(await count('SELECT COUNT(*) AS n FROM follows WHERE following_id = ?', [doomed.id])).toBe(0)
    await expectConsistent()
  }, 120_000)
})

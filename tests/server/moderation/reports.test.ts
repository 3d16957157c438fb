import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORTS_PER_DAY } from '../../../server/contract/moderation'
import { Moderation } from '../../../server/db/visibility'
import { setNoteModeration } from '../../../server/domain/moderation-state'
import { insertMember, type Member } from '../../support/members'
import { insertPost } from '../../support/rows'
import { startTestServer, type TestServer } from '../../support/server'
import { tableCounts } from '../../support/tables'
import { adminToken, createAdmin } from '../admin/support'
import { createCategory, createNote, uploadImage } from '../member/support/notes'

/*
 * Member reports (issue 18 part 1): POST /api/reports and GET /api/reports/status. Reports of one target
 * are grouped while open; one open report per reporter and target; 20 per member per day; nobody reports
 * themselves or their own content; what the reporter cannot see is a 404.
 */

let server: TestServer
let admin: string
let author: Member
let reporter: Member
let second: Member
let noteId: number
let commentId: number

const IGNORED = ['rate_limits', 'sessions']
const report = (m: Member | null, json: unknown) => server.call<{ id: number; reported: boolean }>('POST', '/api/reports', { token: m?.token, json })
const status = async (m: Member, type: string, id: string | number) =>
  (await server.call<{ reported: boolean }>('GET', `/api/reports/status?target_type=${type}&target_id=${id}`, { token: m.token })).body.data.reported

interface GroupRow {
  id: number
  target_type: string
  target_id: number
  report_count: number
  reasons: string[]
  author_display_id: string
  preview_title: string | null
  status: number
  reports: Array<{ reason: string; description: string | null; reporter_display_id: string }>
}
const openGroups = async () => (await server.call<{ data: GroupRow[] }>('GET', '/api/admin/reports?status=0&limit=100', { token: admin })).body.data.data

beforeAll(async () => {
  server = await startTestServer()
  await createAdmin(server)
  admin = await adminToken(server)
  ;[author, reporter, second] = [await insertMember(server), await insertMember(server), await insertMember(server)]
  const categoryId = await createCategory(server, '校园', 'campus')
  const image = (await uploadImage(server, author.token)).url
  noteId = await createNote(server, author.token, { title: '低价代课', content: '加微信', images: [image], category_id: categoryId })
  commentId = (await server.call<{ id: number }>('POST', '/api/comments', { token: author.token, json: { post_id: noteId, content: '私聊' } })).body.data.id
})
afterAll(() => server?.close())

describe('POST /api/reports refuses', () => {
  it('a visitor with 401', async () => {
    expect((await report(null, { target_type: 'post', target_id: noteId, reason: '垃圾广告' })).body).toMatchObject({ code: 401, success: false })
  })

  it.each([
    ['an empty body', {}, '举报对象类型无效'],
    ['an unknown target type', { target_type: 'tag', target_id: 1, reason: '垃圾广告' }, '举报对象类型无效'],
    ['a target id that is an object', { target_type: 'post', target_id: { $gt: 0 }, reason: '垃圾广告' }, '举报对象无效'],
    ['no reason', { target_type: 'post', target_id: 1 }, '请选择举报原因'],
    ['a reason off the list', { target_type: 'post', target_id: 1, reason: '看不顺眼' }, '请选择举报原因'],
    ['其他 without a description', { target_type: 'post', target_id: 1, reason: '其他' }, '请填写举报说明'],
    ['其他 with a blank description', { target_type: 'post', target_id: 1, reason: '其他', description: '   ' }, '请填写举报说明'],
    ['a description of 201 characters', { target_type: 'post', target_id: 1, reason: '其他', description: '长'.repeat(201) }, '举报说明不能超过200个字'],
    ['a description that is a number', { target_type: 'post', target_id: 1, reason: '其他', description: 5 }, '举报说明不能超过200个字'],
  ])('%s with 400', async (_what, json, message) => {
    const before = await tableCounts(server.deps.db, IGNORED)
    expect((await report(reporter, json)).body).toMatchObject({ code: 400, success: false, message })
    expect(await tableCounts(server.deps.db, IGNORED)).toEqual(before)
  })

  it('what does not exist or the reporter cannot see with 404', async () => {
    const draft = await insertPost(server.deps.db, author.id, { is_draft: true })
    const hidden = await insertPost(server.deps.db, author.id, { title: '隐藏的' })
    await setNoteModeration(server.deps.db, hidden, Moderation.hidden, '违规')
    for (const [json, message] of [
      [{ target_type: 'post', target_id: 999999, reason: '垃圾广告' }, '笔记不存在'],
      [{ target_type: 'post', target_id: 'abc', reason: '垃圾广告' }, '笔记不存在'],
      [{ target_type: 'post', target_id: draft, reason: '垃圾广告' }, '笔记不存在'],
      [{ target_type: 'post', target_id: hidden, reason: '垃圾广告' }, '笔记不存在'],
      [{ target_type: 'comment', target_id: 999999, reason: '垃圾广告' }, '评论不存在'],
      [{ target_type: 'user', target_id: 'nobody_here', reason: '垃圾广告' }, '用户不存在'],
    ] as const) {
      expect((await report(reporter, json)).body, JSON.stringify(json)).toMatchObject({ code: 404, message })
    }
  })

  it('the reporter themselves or their own content with 400', async () => {
    for (const json of [
      { target_type: 'post', target_id: noteId, reason: '垃圾广告' },
      { target_type: 'comment', target_id: commentId, reason: '垃圾广告' },
      { target_type: 'user', target_id: author.user_id, reason: '骚扰/人身攻击' },
    ]) {
      expect((await report(author, json)).body).toMatchObject({ code: 400, message: '不能举报自己或自己的内容' })
    }
  })
})

describe('reporting', () => {
  it('files a report, shows 已举报 to the reporter only, and refuses a second one with 409', async () => {
    expect(await status(reporter, 'post', noteId)).toBe(false)
    const { status: code, body } = await report(reporter, { target_type: 'post', target_id: noteId, reason: '垃圾广告' })
    expect(code).toBe(200)
    expect(body.message).toBe('举报成功，我们会尽快处理')
    expect(body.data).toEqual({ id: expect.any(Number), reported: true })
    expect(await status(reporter, 'post', noteId)).toBe(true)
    expect(await status(second, 'post', noteId)).toBe(false)
    expect((await report(reporter, { target_type: 'post', target_id: String(noteId), reason: '违法违规' })).body).toMatchObject({ code: 409, message: '你已举报过该内容' })
  })

  it('groups the reports of one target: count, reasons, each report with its reporter', async () => {
    expect((await report(second, { target_type: 'post', target_id: noteId, reason: '其他', description: '站外引流' })).status).toBe(200)
    const [group] = (await openGroups()).filter((g) => g.target_type === 'post' && g.target_id === noteId)
    expect(group).toMatchObject({ report_count: 2, reasons: ['垃圾广告', '其他'], author_display_id: author.user_id, preview_title: '低价代课', status: 0 })
    expect(group!.reports.map((r) => [r.reporter_display_id, r.reason, r.description])).toEqual([
      [reporter.user_id, '垃圾广告', null],
      [second.user_id, '其他', '站外引流'],
    ])
  })

  it('reports comments and users too (users by 石榴号)', async () => {
    expect((await report(reporter, { target_type: 'comment', target_id: commentId, reason: '骚扰/人身攻击' })).status).toBe(200)
    expect((await report(reporter, { target_type: 'user', target_id: author.user_id, reason: '泄露隐私' })).status).toBe(200)
    expect(await status(reporter, 'comment', commentId)).toBe(true)
    expect(await status(reporter, 'user', author.user_id)).toBe(true)
    expect(await status(reporter, 'user', 'nobody_here')).toBe(false)
    const types = (await openGroups()).filter((g) => g.author_display_id === author.user_id).map((g) => g.target_type).sort()
    expect(types).toEqual(['comment', 'post', 'user'])
  })

  it('GET /api/reports/status: 401 for a visitor, 400 for a bad query', async () => {
    expect((await server.call('GET', `/api/reports/status?target_type=post&target_id=${noteId}`)).status).toBe(401)
    expect((await server.call('GET', '/api/reports/status?target_type=tag&target_id=1', { token: reporter.token })).body).toMatchObject({ code: 400, message: '举报对象类型无效' })
    expect((await server.call('GET', '/api/reports/status?target_type=post', { token: reporter.token })).status).toBe(400)
  })
})

describe('the daily budget', () => {
  it(`allows ${REPORTS_PER_DAY} reports in 24 hours, then answers 429 with Retry-After`, async () => {
    const busy = await insertMember(server)
    const notes: number[] = []
    for (let i = 0; i <= REPORTS_PER_DAY; i++) notes.push(await insertPost(server.deps.db, author.id, { title: `笔记${i}` }))
    for (const id of notes.slice(0, REPORTS_PER_DAY)) expect((await report(busy, { target_type: 'post', target_id: id, reason: '垃圾广告' })).status).toBe(200)
    const before = await tableCounts(server.deps.db, IGNORED)
    const res = await server.fetch('/api/reports', { method: 'POST', token: busy.token, json: { target_type: 'post', target_id: notes[REPORTS_PER_DAY], reason: '垃圾广告' } })
    expect(res.status).toBe(429)
    expect(await res.json()).toMatchObject({ code: 429, success: false, message: '请求过于频繁，请稍后再试' })
    const retry = Number(res.headers.get('retry-after'))
    expect(retry).toBeGreaterThan(23 * 3600)
    expect(retry).toBeLessThanOrEqual(24 * 3600)
    expect(await tableCounts(server.deps.db, IGNORED)).toEqual(before)
    // Another member's budget is their own.
    expect((await report(second, { target_type: 'post', target_id: notes[REPORTS_PER_DAY], reason: '垃圾广告' })).status).toBe(200)
  })
})

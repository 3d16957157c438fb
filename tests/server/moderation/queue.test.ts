import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Moderation } from '../../../server/db/visibility'
import { counterMismatches } from '../../support/consistency'
import { insertMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { tableCounts } from '../../support/tables'
import { adminToken, createAdmin } from '../admin/support'
import { createCategory, createNote, uploadImage } from '../member/support/notes'
import { auditEntries, systemNotices } from './support'

/*
 * The moderation queue (issue 18 part 3): /api/admin/reports lists open report groups; its actions dismiss,
 * hide (and later restore), delete, warn and ban. Each closes the group's reports, tells every reporter,
 * writes the audit log with the moderator, the action, the reason and the reports it closed, and does what
 * it says to the target: visibility for the author, other members, visitors and admins, counters and
 * search staying consistent.
 */

let server: TestServer
let admin: string
let author: Member
let r1: Member
let r2: Member
let other: Member
let categoryId: number
let image: string

interface Card {
  id: number
  moderation: number
  moderation_reason: string | null
}
interface GroupRow {
  id: number
  target_type: string
  target_id: number
  status: number
  report_count: number
  latest_reported_at: string
  resolution: string | null
  resolution_note: string | null
  resolved_by: string | null
  target_moderation: number | null
}

const note = (title: string) => createNote(server, author.token, { title, content: `${title}的内容`, images: [image], category_id: categoryId })
const reportAs = async (m: Member, target_type: string, target_id: number | string, reason = '垃圾广告') => {
  const { status, body } = await server.call('POST', '/api/reports', { token: m.token, json: { target_type, target_id, reason } })
  if (status !== 200) throw new Error(`report failed: ${status} ${body.message}`)
}
const groupOf = async (type: string, id: number): Promise<GroupRow> => {
  const { body } = await server.call<{ data: GroupRow[] }>('GET', `/api/admin/reports?target_type=${type}&limit=100`, { token: admin })
  const found = body.data.data.filter((g) => g.target_id === id).sort((a, b) => b.id - a.id)[0]
  if (!found) throw new Error(`no group for ${type} ${id}`)
  return found
}
const act = (groupId: number, action: string, json: unknown = {}) => server.call<GroupRow>('POST', `/api/admin/reports/${groupId}/${action}`, { token: admin, json })
const feedIds = async (path: string, token?: string) => (await server.call<{ posts: Card[] }>('GET', path, { token })).body.data.posts.map((p) => p.id)
const postCount = async (userId: number) => Number((await dbQuery<{ n: number }>(server.deps.db, 'SELECT post_count AS n FROM users WHERE id = ?', [userId]))[0]!.n)
const openCount = async () => (await server.call<{ pagination: { total: number } }>('GET', '/api/admin/reports?status=0&limit=1', { token: admin })).body.data.pagination.total

beforeAll(async () => {
  server = await startTestServer()
  await createAdmin(server)
  admin = await adminToken(server)
  ;[author, r1, r2, other] = [await insertMember(server), await insertMember(server), await insertMember(server), await insertMember(server)]
  categoryId = await createCategory(server, '校园', 'campus')
  image = (await uploadImage(server, author.token)).url
})
afterAll(() => server?.close())

describe('the queue list', () => {
  it('401 without an admin token; open groups sort by count and by latest report', async () => {
    expect((await server.call('GET', '/api/admin/reports')).status).toBe(401)
    const [a, b] = [await note('排序一'), await note('排序二')]
    await reportAs(r1, 'post', a)
    await reportAs(r2, 'post', a)
    await reportAs(r1, 'post', b)
    const byCount = await server.call<{ data: GroupRow[] }>('GET', '/api/admin/reports?status=0&sortField=report_count&sortOrder=desc', { token: admin })
    expect(byCount.body.data.data.map((g) => [g.target_id, g.report_count])).toEqual([
      [a, 2],
      [b, 1],
    ])
    const byLatest = await server.call<{ data: GroupRow[] }>('GET', '/api/admin/reports?status=0', { token: admin })
    expect(byLatest.body.data.data.map((g) => g.target_id)).toEqual([b, a])
    expect((await server.call('GET', '/api/admin/reports?sortField=password', { token: admin })).status).toBe(400)
    expect(await openCount()).toBe(2)
    for (const id of [a, b]) expect((await act((await groupOf('post', id)).id, 'dismiss')).status).toBe(200)
    expect(await openCount()).toBe(0)
  })

  it('404 for a group that does not exist, 400 for bodies without what an action needs', async () => {
    expect((await act(999999, 'dismiss')).body).toMatchObject({ code: 404, message: '举报不存在' })
    const id = await note('校验')
    await reportAs(r1, 'post', id)
    const group = await groupOf('post', id)
    const before = await tableCounts(server.deps.db, ['rate_limits', 'sessions'])
    expect((await act(group.id, 'hide', {})).body).toMatchObject({ code: 400, message: '请填写处理理由' })
    expect((await act(group.id, 'delete', { reason: '' })).body).toMatchObject({ code: 400, message: '请填写处理理由' })
    expect((await act(group.id, 'warn', {})).body).toMatchObject({ code: 400, message: '请填写警告内容' })
    expect((await act(group.id, 'ban', { reason: '广告' })).body).toMatchObject({ code: 400, message: '请选择限制时长：1d、7d、30d 或 permanent' })
    expect((await act(group.id, 'ban', { reason: '广告', duration: '2d' })).status).toBe(400)
    expect((await act(group.id, 'hide', { reason: 'x'.repeat(201) })).body).toMatchObject({ code: 400, message: '理由不能超过200个字' })
    expect(await tableCounts(server.deps.db, ['rate_limits', 'sessions'])).toEqual(before)
    await act(group.id, 'dismiss', { reason: '不违规' })
  })
})

describe('hide and restore a note', () => {
  let noteId: number
  let groupId: number
  beforeAll(async () => {
    noteId = await note('代写论文')
    await reportAs(r1, 'post', noteId, '违法违规')
    await reportAs(r2, 'post', noteId, '垃圾广告')
    groupId = (await groupOf('post', noteId)).id
  })

  it('hides it for everyone but its author and the admins, with counters and search following', async () => {
    expect(await postCount(author.id)).toBeGreaterThan(0)
    const countBefore = await postCount(author.id)
    const { status, body } = await act(groupId, 'hide', { reason: '代写属于违规服务' })
    expect(status).toBe(200)
    expect(body.message).toBe('已隐藏')
    expect(body.data).toMatchObject({ status: 1, resolution: 'hide', resolution_note: '代写属于违规服务', resolved_by: 'root', target_moderation: Moderation.hidden })
    for (const token of [undefined, other.token, r1.token]) {
      expect((await server.call('GET', `/api/posts/${noteId}`, { token })).status).toBe(404)
      expect(await feedIds('/api/posts?limit=50', token)).not.toContain(noteId)
      expect(await feedIds(`/api/posts?keyword=${encodeURIComponent('代写')}`, token)).toEqual([])
      expect(await feedIds(`/api/users/${author.user_id}/posts?limit=50`, token)).not.toContain(noteId)
    }
    const own = await server.call<Card>('GET', `/api/posts/${noteId}`, { token: author.token })
    expect(own.body.data).toMatchObject({ moderation: Moderation.hidden, moderation_reason: '代写属于违规服务' })
    expect((await server.call('GET', `/api/admin/posts/${noteId}`, { token: admin })).status).toBe(200)
    expect(await postCount(author.id)).toBe(countBefore - 1)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('tells each reporter and the author, and writes the audit log with the reports it closed', async () => {
    for (const r of [r1, r2]) {
      const notices = await systemNotices(server, r.id)
      expect(notices.at(-1)).toMatchObject({ title: '你的举报已处理', target_id: noteId })
      expect(notices.at(-1)!.content).toContain('该内容已被隐藏')
    }
    expect((await systemNotices(server, author.id)).at(-1)).toMatchObject({ title: '你的笔记已被隐藏', target_id: noteId })
    expect((await systemNotices(server, author.id)).at(-1)!.content).toContain('代写属于违规服务')
    const reportIds = (await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM reports WHERE group_id = ? ORDER BY id', [groupId])).map((r) => Number(r.id))
    const [entry] = (await auditEntries(server, 'hide')).filter((e) => e.resource_ids === String(groupId))
    expect(entry).toMatchObject({ resource: 'reports', admin_username: 'root', detail: { note: '代写属于违规服务', reports: reportIds, target: `post:${noteId}` } })
    // The member's own notification list shows it (type 9, the system tab).
    const list = await server.call<{ notifications: Array<{ type: number; title: string; content: string | null }> }>('GET', '/api/notifications/system', { token: r1.token })
    expect(list.body.data.notifications[0]).toMatchObject({ type: 9, title: '你的举报已处理' })
    expect((await server.call<{ system: number }>('GET', '/api/notifications/unread-count-by-type', { token: r1.token })).body.data.system).toBeGreaterThan(0)
  })

  it('a handled group takes no second action; the reporters may report again once it is handled', async () => {
    expect((await act(groupId, 'warn', { reason: '再警告' })).body).toMatchObject({ code: 400, message: '该举报已处理' })
    const status = await server.call<{ reported: boolean }>('GET', `/api/reports/status?target_type=post&target_id=${noteId}`, { token: r1.token })
    expect(status.body.data.reported).toBe(false)
  })

  it('restores it: lists, search and counters come back, the author is told, the restore is audited', async () => {
    const countBefore = await postCount(author.id)
    const { status, body } = await act(groupId, 'restore', { reason: '申诉通过' })
    expect(status).toBe(200)
    expect(body.message).toBe('已恢复显示')
    expect(body.data).toMatchObject({ resolution: 'restore', target_moderation: Moderation.visible })
    expect((await server.call<Card>('GET', `/api/posts/${noteId}`, { token: other.token })).body.data).toMatchObject({ moderation: 0, moderation_reason: null })
    expect(await feedIds(`/api/posts?keyword=${encodeURIComponent('代写')}`)).toEqual([noteId])
    expect(await postCount(author.id)).toBe(countBefore + 1)
    expect(await counterMismatches(server.deps.db)).toEqual([])
    expect((await systemNotices(server, author.id)).at(-1)).toMatchObject({ title: '你的笔记已恢复显示' })
    expect((await auditEntries(server, 'restore')).map((e) => e.resource_ids)).toContain(String(groupId))
    expect((await act(groupId, 'restore')).body).toMatchObject({ code: 400, message: '该内容当前未被隐藏' })
  })
})

describe('comments', () => {
  let noteId: number
  beforeAll(async () => {
    noteId = await note('评论区')
  })
  const comment = async (content: string) => (await server.call<{ id: number }>('POST', '/api/comments', { token: author.token, json: { post_id: noteId, content } })).body.data.id
  const listed = async (token?: string) => (await server.call<{ comments: Array<{ id: number }> }>('GET', `/api/posts/${noteId}/comments`, { token })).body.data.comments.map((c) => c.id)
  const commentCount = async () => Number((await dbQuery<{ n: number }>(server.deps.db, 'SELECT comment_count AS n FROM posts WHERE id = ?', [noteId]))[0]!.n)

  it('hide takes a comment out of the list and the count for others; the author still sees it', async () => {
    const id = await comment('骂人的话')
    await reportAs(r1, 'comment', id, '骚扰/人身攻击')
    expect(await commentCount()).toBe(1)
    expect((await act((await groupOf('comment', id)).id, 'hide', { reason: '人身攻击' })).status).toBe(200)
    expect(await listed(other.token)).not.toContain(id)
    expect(await listed()).not.toContain(id)
    expect(await listed(author.token)).toContain(id)
    expect(await commentCount()).toBe(0)
    expect((await systemNotices(server, author.id)).at(-1)).toMatchObject({ title: '你的评论已被隐藏', comment_id: id, target_id: noteId })
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('delete removes it through the comment delete command', async () => {
    const id = await comment('广告评论')
    await reportAs(r2, 'comment', id)
    const group = await groupOf('comment', id)
    const { status, body } = await act(group.id, 'delete', { reason: '广告' })
    expect(status).toBe(200)
    expect(body.message).toBe('已删除')
    expect(body.data).toMatchObject({ resolution: 'delete', target_moderation: null })
    expect(await dbQuery(server.deps.db, 'SELECT id FROM comments WHERE id = ?', [id])).toEqual([])
    expect((await systemNotices(server, r2.id)).at(-1)!.content).toContain('该内容已被删除')
    expect((await auditEntries(server, 'delete-target')).map((e) => e.resource_ids)).toContain(String(group.id))
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })
})

describe('delete, warn, ban and dismiss', () => {
  it('delete removes a note for everyone, admins included', async () => {
    const id = await note('要删除的')
    await reportAs(r1, 'post', id)
    expect((await act((await groupOf('post', id)).id, 'delete', { reason: '违规' })).status).toBe(200)
    expect((await server.call('GET', `/api/posts/${id}`, { token: author.token })).status).toBe(404)
    expect((await server.call('GET', `/api/admin/posts/${id}`, { token: admin })).status).toBe(404)
    expect((await systemNotices(server, author.id)).at(-1)).toMatchObject({ title: '你的笔记已被删除', target_id: null })
    expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('warn sends the moderator\'s text to the author; a user can only be warned or banned', async () => {
    await reportAs(r1, 'user', author.user_id, '骚扰/人身攻击')
    const group = await groupOf('user', author.id)
    expect((await act(group.id, 'hide', { reason: '不行' })).body).toMatchObject({ code: 400, message: '用户不能隐藏或删除，请使用警告或封禁' })
    expect((await act(group.id, 'warn', { reason: '请文明发言，再犯将限制账号' })).body).toMatchObject({ code: 200, message: '已警告作者' })
    expect((await systemNotices(server, author.id)).at(-1)).toEqual({ title: '社区警告', content: '请文明发言，再犯将限制账号', target_id: null, comment_id: null })
    expect((await systemNotices(server, r1.id)).at(-1)!.content).toContain('已对发布者进行警告')
    expect((await auditEntries(server, 'warn')).at(-1)).toMatchObject({ resource: 'reports', detail: { note: '请文明发言，再犯将限制账号', target: `user:${author.id}` } })
  })

  it('dismiss changes nothing but closes the reports and tells the reporters', async () => {
    const id = await note('正常笔记')
    await reportAs(r2, 'post', id, '色情低俗')
    const { body } = await act((await groupOf('post', id)).id, 'dismiss')
    expect(body).toMatchObject({ code: 200, message: '已驳回举报', data: { resolution: 'dismiss', target_moderation: 0 } })
    expect((await server.call('GET', `/api/posts/${id}`, { token: other.token })).status).toBe(200)
    expect((await systemNotices(server, r2.id)).at(-1)!.content).toContain('暂未发现违反社区规范')
  })

  it('ban restricts the author for 1 day (audited with its end), and the ban shows on /auth/me', async () => {
    const id = await note('刷屏')
    await reportAs(r1, 'post', id)
    const group = await groupOf('post', id)
    const started = Date.now()
    const { body } = await act(group.id, 'ban', { reason: '多次发布广告', duration: '1d' })
    expect(body).toMatchObject({ code: 200, message: '已限制作者的账号', data: { resolution: 'ban' } })
    const me = await server.call<{ ban: { until: string; reason: string } }>('GET', '/api/auth/me', { token: author.token })
    expect(me.body.data.ban.reason).toBe('多次发布广告')
    const until = Date.parse(me.body.data.ban.until)
    expect(until - started).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000)
    expect(until - started).toBeLessThan(24 * 3600 * 1000 + 60_000)
    const refused = await server.call('POST', '/api/comments', { token: author.token, json: { post_id: id, content: '还想发' } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toMatch(/^账号已被限制至 .+：多次发布广告$/)
    const entry = (await auditEntries(server, 'ban')).at(-1)!
    expect(entry).toMatchObject({ resource: 'reports', resource_ids: String(group.id), detail: { note: '多次发布广告', user_id: author.id, until: me.body.data.ban.until } })
    expect((await systemNotices(server, author.id)).at(-1)!.title).toBe('账号已被限制')
  })
})

describe('where it shows: the monitor and the summary', () => {
  interface Activity {
    type: string
    user_id: string
    target_id: number | null
    description: string
    content: string | null
  }
  const feed = async (type?: string) =>
    (await server.call<Activity[]>('GET', `/api/admin/monitor/activities${type ? `?activity_type=${type}` : ''}`, { token: admin })).body.data

  it('filters reports, moderation actions and bans, and shows them in the whole feed', async () => {
    const reports = await feed('report_submit')
    expect(reports.length).toBeGreaterThan(0)
    expect(reports.every((a) => a.type === 'report_submit')).toBe(true)
    expect(reports.find((a) => a.user_id === r1.user_id)!.description).toMatch(/^举报了(笔记|评论|账号)/)
    const actions = await feed('moderation_action')
    // A group shows its latest action (the hidden note was restored since); the audit log keeps each one.
    expect(actions.map((a) => a.description)).toEqual(
      expect.arrayContaining(['的评论被管理员 root 隐藏', '的笔记被管理员 root 恢复显示', '的评论被管理员 root 删除', '的账号被举报，管理员 root 警告', '的笔记被举报，管理员 root 驳回']),
    )
    expect(actions.find((a) => a.description === '的评论被管理员 root 隐藏')).toMatchObject({ user_id: author.user_id, content: '人身攻击' })
    const bans = await feed('user_ban')
    expect(bans[0]).toMatchObject({ type: 'user_ban', user_id: author.user_id, description: '被管理员 root 限制账号', content: '多次发布广告', target_id: null })
    const types = new Set((await feed()).map((a) => a.type))
    for (const t of ['report_submit', 'moderation_action', 'user_ban', 'post_publish']) expect(types).toContain(t)
  })

  it('GET /api/admin/monitor/summary counts open report groups and bans in force (401 for others)', async () => {
    expect((await server.call('GET', '/api/admin/monitor/summary', { token: author.token })).status).toBe(401)
    const before = (await server.call<Record<string, number>>('GET', '/api/admin/monitor/summary', { token: admin })).body.data
    expect(before).toMatchObject({ open_reports: await openCount(), active_bans: 1 })
    expect(before.users).toBe(4)
    await reportAs(r2, 'user', other.user_id, '垃圾广告')
    const after = (await server.call<Record<string, number>>('GET', '/api/admin/monitor/summary', { token: admin })).body.data
    expect(after.open_reports).toBe(before.open_reports! + 1)
  })
})

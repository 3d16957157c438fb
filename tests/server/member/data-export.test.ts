/**
 * A member's export of their own data (issue 21 part 5, docs/data-export.md): 账号与安全 → 导出我的数据.
 * The zip is read back with yauzl: profile, notes with their image and video files, comments, likes,
 * collections, follows, verification status, and never the identity values of a verification application.
 * Access: that member only, for 24 hours; one export a day; the zip goes with the account; expired ones are swept.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { readZip } from '../../support/zip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dateParam, kindOf } from '../../../server/db/sql'
import { UserIdentity } from '../../../server/db/entities'
import { inTransaction } from '../../../server/db/transaction'
import { sweepExports } from '../../../server/domain/data-export'
import { setCommentModeration, setNoteModeration } from '../../../server/domain/moderation-state'
import { Moderation } from '../../../server/db/visibility'
import { registerMember, type Member } from '../../support/members'
import { phoneMp4 } from '../../support/mp4'
import { sharedEnv, startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'
import { createCategory, createNote, uploadImage } from './support/notes'

interface ExportReply {
  id: number
  status: string
  expires_at: string | null
  download_url: string | null
}

const ID_CARD = '110101199001011234'
const REAL_NAME = '张三丰'
const PERSONAL = { type: 2, realName: REAL_NAME, idCard: ID_CARD, occupation: '学生', reason: '校园博主' }

const jsonOf = <T>(entries: Map<string, Buffer>, name: string): T => JSON.parse(entries.get(name)!.toString('utf8')) as T

describe('data export', () => {
  let server: TestServer
  let alice: Member
  let bob: Member
  let image: { url: string }
  let video: { url: string; coverUrl: string }
  let noteId: number
  let videoNoteId: number
  let bobNote: number

  const exportOf = (m: Member) => server.call<ExportReply | null>('GET', '/api/users/data-export', { token: m.token })
  const ready = async (m: Member): Promise<ExportReply> => {
    await expect.poll(async () => (await exportOf(m)).body.data?.status, { timeout: 20_000, interval: 100 }).toBe('ready')
    return (await exportOf(m)).body.data!
  }
  const download = (url: string, token?: string) => server.fetch(url, { token })

  beforeAll(async () => {
    server = await startTestServer()
    alice = await registerMember(server)
    bob = await registerMember(server)
    const category_id = await createCategory(server, '旅行', 'travelexport')
    image = await uploadImage(server, alice.token)
    noteId = await createNote(server, alice.token, { title: '西湖一日', content: '<p>断桥残雪</p>', images: [image.url], tags: ['杭州'], category_id })
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(phoneMp4())], { type: 'video/mp4' }), 'v.mp4')
    video = (await server.call<{ url: string; coverUrl: string }>('POST', '/api/upload/video', { token: alice.token, body: form })).body.data
    videoNoteId = await createNote(server, alice.token, { title: '雷峰塔视频', type: 2, video: { url: video.url, coverUrl: video.coverUrl }, images: [], category_id })
    bobNote = await createNote(server, bob.token, { title: '苏堤春晓', images: [(await uploadImage(server, bob.token)).url], category_id })
    expect((await server.call('POST', '/api/comments', { token: alice.token, json: { post_id: bobNote, content: '好美的苏堤' } })).status).toBe(200)
    expect((await server.call('POST', '/api/likes', { token: alice.token, json: { target_type: 1, target_id: bobNote } })).status).toBe(200)
    expect((await server.call('POST', `/api/posts/${bobNote}/collect`, { token: alice.token })).status).toBe(200)
    expect((await server.call('POST', `/api/users/${bob.user_id}/follow`, { token: alice.token })).status).toBe(200)
    expect((await server.call('POST', `/api/users/${alice.user_id}/follow`, { token: bob.token })).status).toBe(200)
    expect((await server.call('POST', '/api/users/verification', { token: alice.token, json: PERSONAL })).status).toBe(200)
  })
  afterAll(() => server?.close())

  it('needs a member: 401 without a token; nothing asked yet is null', async () => {
    expect((await server.call('GET', '/api/users/data-export')).status).toBe(401)
    expect((await server.call('POST', '/api/users/data-export')).status).toBe(401)
    const none = await exportOf(alice)
    expect([none.status, none.body.data]).toEqual([200, null])
  })

  it('builds the zip in the background, notifies the member, and holds everything of theirs but no identity values', async () => {
    // A campus identity linked to the account (issue 39) goes into identities.json.
    await inTransaction(server.deps.db, (m) => m.getRepository(UserIdentity).insert({ user_id: alice.id, provider: 'campus', subject: 'alice-sub', email: 'alice@campus.edu', last_login_at: null }))
    const asked = await server.call<ExportReply>('POST', '/api/users/data-export', { token: alice.token })
    expect(asked.status).toBe(200)
    expect(asked.body.data).toMatchObject({ status: 'pending', download_url: null })
    const done = await ready(alice)
    expect(Date.parse(done.expires_at!) - Date.now()).toBeGreaterThan(23 * 3600_000)
    const notices = await dbQuery<{ title: string }>(server.deps.db, 'SELECT title FROM notifications WHERE user_id = ? AND type = 9', [alice.id])
    expect(notices.map((n) => n.title)).toContain('你的数据已导出')

    const res = await download(done.download_url!, alice.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="shiliu-data-\d{4}-\d{2}-\d{2}\.zip"$/)
    const entries = await readZip(Buffer.from(await res.arrayBuffer()))

    expect(jsonOf<Record<string, unknown>>(entries, 'profile.json')).toMatchObject({ user_id: alice.user_id, nickname: alice.nickname, follow_count: 1, fans_count: 1 })
    expect(jsonOf<Record<string, unknown>>(entries, 'profile.json')).not.toHaveProperty('password_hash')
    expect(jsonOf<unknown[]>(entries, 'identities.json')).toEqual([{ provider: 'campus', subject: 'alice-sub', email: 'alice@campus.edu', created_at: expect.stringMatching(/Z$/), last_login_at: null }])
    const notes = jsonOf<Array<{ id: number; title: string; content: string; tags: string[]; category: string; images: string[]; video: { file: string; cover: string } | null }>>(entries, 'notes.json')
    const photo = notes.find((n) => n.id === noteId)!
    expect(photo).toMatchObject({ title: '西湖一日', content: '<p>断桥残雪</p>', tags: ['杭州'], category: '旅行' })
    expect(photo.images).toEqual([`media/${path.basename(image.url)}`])
    const clip = notes.find((n) => n.id === videoNoteId)!
    expect(clip.video).toEqual({ file: `media/${path.basename(video.url)}`, cover: `media/${path.basename(video.coverUrl)}` })
    // The files themselves, byte for byte as served.
    for (const url of [image.url, video.url, video.coverUrl]) {
      const served = Buffer.from(await (await server.fetch(url)).arrayBuffer())
      expect(entries.get(`media/${path.basename(url)}`)?.equals(served), url).toBe(true)
    }
    expect(jsonOf<Array<{ content: string; post_id: number }>>(entries, 'comments.json')).toEqual([expect.objectContaining({ content: '好美的苏堤', post_id: bobNote })])
    expect(jsonOf<Array<{ target_type: number; target_id: number }>>(entries, 'likes.json')).toEqual([expect.objectContaining({ target_type: 1, target_id: bobNote })])
    expect(jsonOf<Array<{ post_id: number; title: string }>>(entries, 'collections.json')).toEqual([expect.objectContaining({ post_id: bobNote, title: '苏堤春晓' })])
    const follows = jsonOf<{ following: Array<{ user_id: string }>; followers: Array<{ user_id: string }> }>(entries, 'follows.json')
    expect([follows.following.map((f) => f.user_id), follows.followers.map((f) => f.user_id)]).toEqual([[bob.user_id], [bob.user_id]])
    expect(jsonOf<unknown[]>(entries, 'verification.json')).toEqual([expect.objectContaining({ type: 2, status: 0 })])

    // Never the identity values: neither the plain values, nor the sealed copy, nor the masked table.
    const [row] = await dbQuery<{ content: string; content_sealed: string }>(server.deps.db, 'SELECT content, content_sealed FROM verifications WHERE user_id = ?', [alice.id])
    const everything = [...entries.values()].map((b) => b.toString('utf8')).join('\n')
    for (const secret of [ID_CARD, REAL_NAME, row!.content_sealed, row!.content, ID_CARD.slice(-4)]) expect(everything.includes(secret), secret).toBe(false)
  })

  it('holds other members’ content only as the member sees it now, and only files that are not another member’s', async () => {
    const category_id = await createCategory(server, '校园', 'campusexport')
    const [carol, dave, erin] = [await registerMember(server), await registerMember(server), await registerMember(server)]
    const dims = await uploadImage(server, dave.token)
    const hidden = await createNote(server, dave.token, { title: '后来被隐藏的笔记', images: [dims.url], category_id })
    const held = await createNote(server, dave.token, { title: '后来待审核的笔记', images: [dims.url], category_id })
    const seen = await createNote(server, dave.token, { title: '一直可见的笔记', images: [dims.url], category_id })
    const blockedNote = await createNote(server, erin.token, { title: '拉黑作者的笔记', images: [(await uploadImage(server, erin.token)).url], category_id })
    const comment = async (content: string) => (await server.call<{ id: number }>('POST', '/api/comments', { token: dave.token, json: { post_id: seen, content } })).body.data.id
    const [hiddenComment, shownComment] = [await comment('后来被隐藏的评论'), await comment('可见的评论')]
    for (const post of [hidden, held, seen, blockedNote]) {
      expect((await server.call('POST', '/api/likes', { token: carol.token, json: { target_type: 1, target_id: post } })).status).toBe(200)
      expect((await server.call('POST', `/api/posts/${post}/collect`, { token: carol.token })).status).toBe(200)
    }
    for (const target_id of [hiddenComment, shownComment]) expect((await server.call('POST', '/api/likes', { token: carol.token, json: { target_type: 2, target_id } })).status).toBe(200)
    expect((await server.call('POST', `/api/users/${erin.user_id}/follow`, { token: carol.token })).status).toBe(200)
    // Since then: a moderator hid one note and one comment, another note is back in review, carol blocked erin.
    await setNoteModeration(server.deps.db, hidden, Moderation.hidden, '广告')
    await setNoteModeration(server.deps.db, held, Moderation.pending, null)
    await setCommentModeration(server.deps.db, hiddenComment, Moderation.hidden, '广告')
    expect((await server.call('POST', `/api/users/${erin.user_id}/block`, { token: carol.token })).status).toBe(200)
    expect(await dbQuery(server.deps.db, 'SELECT id FROM collections WHERE user_id = ? AND post_id = ?', [carol.id, blockedNote]), 'the block leaves the collection row').toHaveLength(1)
    // And a note of carol's from before uploads were checked, showing dave's image beside her own.
    const hers = await uploadImage(server, carol.token)
    const borrowing = await createNote(server, carol.token, { title: '借了图的旧笔记', images: [hers.url], category_id })
    await dbRun(server.deps.db, 'INSERT INTO post_images (post_id, url, thumbnail_url, small_thumbnail_url, width, height, sort_order) VALUES (?, ?, NULL, NULL, 64, 48, 1)', [borrowing, dims.url])

    expect((await server.call('POST', '/api/users/data-export', { token: carol.token })).status).toBe(200)
    const entries = await readZip(Buffer.from(await (await download((await ready(carol)).download_url!, carol.token)).arrayBuffer()))
    expect(jsonOf<Array<{ post_id: number; title: string }>>(entries, 'collections.json')).toEqual([expect.objectContaining({ post_id: seen, title: '一直可见的笔记' })])
    expect(jsonOf<Array<{ target_type: number; target_id: number }>>(entries, 'likes.json').map((l) => [l.target_type, l.target_id])).toEqual([[1, seen], [2, shownComment]])
    expect(jsonOf<{ following: unknown[] }>(entries, 'follows.json').following).toEqual([])
    const everything = [...entries.values()].map((b) => b.toString('utf8')).join('\n')
    for (const gone of ['后来被隐藏的笔记', '后来待审核的笔记', '拉黑作者的笔记', erin.user_id]) expect(everything.includes(gone), gone).toBe(false)
    // Her own file is copied; dave's stays out (its URL is still in her note's list).
    expect([...entries.keys()].filter((k) => k.startsWith('media/')).sort()).toEqual([`media/${path.basename(hers.url)}`, 'media/avatar.webp'].sort())
    const note = jsonOf<Array<{ id: number; images: string[] }>>(entries, 'notes.json').find((n) => n.id === borrowing)!
    expect(note.images).toEqual([`media/${path.basename(hers.url)}`, dims.url])
  })

  it('serves the zip to that member only: another member, no token, an unknown or a bad id are refused', async () => {
    const done = (await exportOf(alice)).body.data!
    const other = await download(done.download_url!, bob.token)
    expect(other.status).toBe(404)
    expect(((await other.json()) as { message: string }).message).toBe('导出文件不存在或已过期')
    expect((await download(done.download_url!)).status).toBe(401)
    expect((await download('/api/users/data-export/999999/download', alice.token)).status).toBe(404)
    expect((await download('/api/users/data-export/abc/download', alice.token)).status).toBe(400)
  })

  it('one export per member per day: a second request is 429 with Retry-After, and adds no row', async () => {
    const again = await server.call('POST', '/api/users/data-export', { token: alice.token })
    expect([again.status, again.body.message]).toEqual([429, '每天只能导出一次数据，请稍后再试'])
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
    expect(await dbQuery(server.deps.db, 'SELECT id FROM data_exports WHERE user_id = ?', [alice.id])).toHaveLength(1)
  })

  it('after 24 hours the zip is expired: refused, then swept from the disk', async () => {
    const done = (await exportOf(alice)).body.data!
    const folder = path.join(server.dataDir, 'exports', String(alice.id))
    expect(readdirSync(folder).filter((f) => f.endsWith('.zip'))).toHaveLength(1)
    await dbRun(server.deps.db, 'UPDATE data_exports SET expires_at = ? WHERE id = ?', [dateParam(kindOf(server.deps.db), new Date(Date.now() - 1000)), done.id])
    expect((await exportOf(alice)).body.data).toMatchObject({ status: 'expired', download_url: null })
    expect((await download(done.download_url!, alice.token)).status).toBe(404)
    expect(await sweepExports(server.deps)).toBeGreaterThanOrEqual(1)
    expect(readdirSync(folder)).toEqual([])
  })

  it('goes with the account: rows and files', async () => {
    const carol = await registerMember(server)
    expect((await server.call('POST', '/api/users/data-export', { token: carol.token })).status).toBe(200)
    await ready(carol)
    const folder = path.join(server.dataDir, 'exports', String(carol.id))
    expect(existsSync(folder)).toBe(true)
    expect((await server.call('DELETE', `/api/users/${carol.user_id}`, { token: carol.token, json: { password: 'secret123' } })).status).toBe(200)
    expect(existsSync(folder)).toBe(false)
    expect(await dbQuery(server.deps.db, 'SELECT id FROM data_exports WHERE user_id = ?', [carol.id])).toEqual([])
  })
})

describe('data export across a clean stop', () => {
  it('a build under way when the server stops finishes first: after a restart the export is ready, not failed', async () => {
    const first = await startTestServer()
    let second: TestServer | undefined
    try {
      const member = await registerMember(first)
      expect((await first.call('POST', '/api/users/data-export', { token: member.token })).status).toBe(200)
      expect(first.deps.background.size, 'the build is under way when the stop begins').toBe(1)
      await first.stop()
      second = await startTestServer(sharedEnv(first))
      const after = await second.call<ExportReply | null>('GET', '/api/users/data-export', { token: member.token })
      expect(after.body.data?.status).toBe('ready')
    } finally {
      await second?.stop()
      await first.close()
    }
  })
})

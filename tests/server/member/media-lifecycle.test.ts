import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { referencedUploads } from '../../../server/media/check'
import { sweepOrphans } from '../../../server/media/lifecycle'
import { runCli } from '../../support/cli'
import { registerMember, type Member } from '../../support/members'
import { phoneMp4 } from '../../support/mp4'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'
import { createCategory, createNote, imageBlob, uploadImage } from './support/notes'

/*
 * Issue 11 point 4: files go with the last note, avatar or account using them; unreferenced uploads are
 * swept after the grace period; a member's storage quota (413) and hourly upload budget (429);
 * `media:check` finds orphan files and rows pointing at missing files, and repairs them.
 */

describe('media lifecycle', () => {
  let server: TestServer
  let member: Member
  let category: number
  beforeAll(async () => {
    server = await startTestServer({ MEDIA_QUOTA_MB: '1', MEDIA_UPLOADS_PER_HOUR: '1000', MEDIA_SWEEP_MINUTES: '0' })
    member = await registerMember(server)
    category = await createCategory(server, '生活', 'life')
  })
  afterAll(() => server?.close())

  const status = async (url: string) => (await server.fetch(url)).status
  const uploadVideo = async (token: string) => {
    const body = new FormData()
    body.append('file', new Blob([new Uint8Array(phoneMp4())], { type: 'video/mp4' }), 'v.mp4')
    return server.call<{ url: string; coverUrl: string; thumbnailUrl: string }>('POST', '/api/upload/video', { token, body })
  }

  it('deleting a note deletes its images, thumbnails, video and cover: they answer 404 afterwards', async () => {
    const a = await uploadImage(server, member.token)
    const b = await uploadImage(server, member.token)
    const imageNote = await createNote(server, member.token, { images: [a.url, b.url], content: `<p>正文<img src="${b.url}"></p>`, category_id: category })
    const video = (await uploadVideo(member.token)).body.data
    const videoNote = await createNote(server, member.token, { type: 2, video: { url: video.url, coverUrl: video.coverUrl }, images: [], category_id: category })
    const urls = [a.url, a.thumbnailUrl, b.url, b.thumbnailUrl, video.url, video.coverUrl, video.thumbnailUrl]
    for (const url of urls) expect(await status(url)).toBe(200)
    for (const id of [imageNote, videoNote]) expect((await server.call('DELETE', `/api/posts/${id}`, { token: member.token })).status).toBe(200)
    for (const url of urls) expect(await status(url)).toBe(404)
    expect(await dbQuery(server.deps.db, 'SELECT id FROM media_files WHERE user_id = ?', [member.id])).toEqual([])
  })

  it('a file another note still uses stays; an edit that drops an image releases it; a replaced avatar goes', async () => {
    const shared = await uploadImage(server, member.token)
    const dropped = await uploadImage(server, member.token)
    const first = await createNote(server, member.token, { images: [shared.url, dropped.url], category_id: category })
    const second = await createNote(server, member.token, { images: [shared.url], category_id: category })
    expect((await server.call('PUT', `/api/posts/${first}`, { token: member.token, json: { images: [shared.url] } })).status).toBe(200)
    expect(await status(dropped.url)).toBe(404)
    await server.call('DELETE', `/api/posts/${first}`, { token: member.token })
    expect(await status(shared.url)).toBe(200)
    await server.call('DELETE', `/api/posts/${second}`, { token: member.token })
    expect(await status(shared.url)).toBe(404)

    const avatar = await uploadImage(server, member.token)
    const next = await uploadImage(server, member.token)
    for (const url of [avatar.url, next.url]) expect((await server.call('PUT', `/api/users/${member.user_id}`, { token: member.token, json: { avatar: url } })).status).toBe(200)
    expect(await status(avatar.url)).toBe(404)
    expect(await status(next.url)).toBe(200)
  })

  it('deleting an account deletes its notes\u2019 media, its avatar and its unused uploads', async () => {
    const leaving = await registerMember(server)
    const used = await uploadImage(server, leaving.token)
    const unused = await uploadImage(server, leaving.token)
    const avatar = await uploadImage(server, leaving.token)
    await createNote(server, leaving.token, { images: [used.url], category_id: category })
    expect((await server.call('PUT', `/api/users/${leaving.user_id}`, { token: leaving.token, json: { avatar: avatar.url } })).status).toBe(200)
    const { deleteAccount } = await import('../../../server/domain/accounts')
    await deleteAccount(server.deps, leaving.id)
    for (const url of [used.url, used.thumbnailUrl, unused.url, avatar.url]) expect(await status(url)).toBe(404)
  })

  it('storage quota: an upload that would pass it is refused with 413 and a clear message', async () => {
    const big = await registerMember(server)
    await uploadImage(server, big.token)
    // 1 MB quota in this server; random noise does not compress: a 620 x 620 PNG is over 1 MB.
    const noise = await sharp(randomBytes(620 * 620 * 3), { raw: { width: 620, height: 620, channels: 3 } }).png().toBuffer()
    expect(noise.length).toBeGreaterThan(1024 * 1024)
    const body = new FormData()
    body.append('file', new Blob([new Uint8Array(noise)], { type: 'image/png' }), 'noise.png')
    const res = await server.call('POST', '/api/upload/single', { token: big.token, body })
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ code: 413, success: false, message: '存储空间已用完（每位用户最多 1 MB），请删除不需要的笔记后再上传' })
  })

  it('the sweep removes an old unreferenced upload, keeps a referenced old one and a young unreferenced one', async () => {
    const orphan = await uploadImage(server, member.token)
    const used = await uploadImage(server, member.token)
    const young = await uploadImage(server, member.token)
    await createNote(server, member.token, { images: [used.url], category_id: category })
    const old = new Date(Date.now() - 25 * 3600_000)
    const stamp = server.deps.config.database.kind === 'sqlite' ? old.toISOString().replace('T', ' ').replace('Z', '') : old
    await dbRun(server.deps.db, 'UPDATE media_files SET created_at = ? WHERE url IN (?, ?)', [stamp, orphan.url, used.url])
    expect(await sweepOrphans(server.deps)).toBe(1)
    expect(await status(orphan.url)).toBe(404)
    expect(await status(orphan.thumbnailUrl)).toBe(404)
    expect(await status(used.url)).toBe(200)
    expect(await status(young.url)).toBe(200)
    // A second instance sweeping the same rows changes nothing.
    expect(await sweepOrphans(server.deps)).toBe(0)
  })

  it('an old upload shown only in a comment is kept by the sweep, by media:check and in a backup’s file list', async () => {
    const note = await createNote(server, member.token, { images: [(await uploadImage(server, member.token)).url], category_id: category })
    const inComment = await uploadImage(server, member.token)
    const reply = await server.call('POST', '/api/comments', { token: member.token, json: { post_id: note, content: `看图<img src="${inComment.url}">` } })
    expect(reply.status).toBe(200)
    const old = new Date(Date.now() - 25 * 3600_000)
    const stamp = server.deps.config.database.kind === 'sqlite' ? old.toISOString().replace('T', ' ').replace('Z', '') : old
    await dbRun(server.deps.db, 'UPDATE media_files SET created_at = ? WHERE url = ?', [stamp, inComment.url])
    expect(await sweepOrphans(server.deps)).toBe(0)
    expect(await status(inComment.url)).toBe(200)
    expect(await referencedUploads(server.deps.db)).toContain(inComment.url)
  })
})

describe('upload budget per hour', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ MEDIA_UPLOADS_PER_HOUR: '2', MEDIA_SWEEP_MINUTES: '0' })
  })
  afterAll(() => server?.close())

  it('the third upload within the hour answers 429 in the envelope', async () => {
    const m = await registerMember(server)
    await uploadImage(server, m.token)
    await uploadImage(server, m.token)
    const body = new FormData()
    body.append('file', await imageBlob(), 'a.png')
    const res = await server.call('POST', '/api/upload/single', { token: m.token, body })
    expect(res.status).toBe(429)
    expect(res.body).toMatchObject({ code: 429, success: false, message: '上传太频繁（每小时最多 2 个文件），请稍后再试' })
  })
})

describe('npm run media:check', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ MEDIA_SWEEP_MINUTES: '0' })
  })
  afterAll(() => server?.close())

  it('reports orphan files and rows pointing at missing files; --fix repairs both', async () => {
    const m = await registerMember(server)
    const kept = await uploadImage(server, m.token)
    const lost = await uploadImage(server, m.token)
    await createNote(server, m.token, { images: [kept.url, lost.url], category_id: await createCategory(server, '学习', 'study') })
    const stray = path.join(server.dataDir, 'uploads/2020/01/0123456789abcdef0123456789abcdef.webp')
    mkdirSync(path.dirname(stray), { recursive: true })
    writeFileSync(stray, 'orphan')
    utimesSync(stray, new Date('2020-01-02'), new Date('2020-01-02'))
    rmSync(path.join(server.dataDir, lost.url))
    const env = { DATA_DIR: server.dataDir, ...(server.deps.config.database.kind === 'sqlite' ? {} : { DATABASE_URL: server.deps.config.database.url }) }

    const check = await runCli('media-check', [], env)
    expect(check.code).toBe(1)
    expect(check.stdout).toContain('/uploads/2020/01/0123456789abcdef0123456789abcdef.webp')
    expect(check.stdout).toContain(`missing file: post_images ${lost.url}`)
    expect(check.stdout).not.toContain(kept.url)

    const fix = await runCli('media-check', ['--fix'], env)
    expect(fix.code).toBe(0)
    expect(existsSync(stray)).toBe(false)
    expect(await dbQuery(server.deps.db, 'SELECT id FROM post_images WHERE url = ?', [lost.url])).toEqual([])
    expect(existsSync(path.join(server.dataDir, kept.url))).toBe(true)
    expect((await runCli('media-check', [], env)).code).toBe(0)
  }, 180_000)
})

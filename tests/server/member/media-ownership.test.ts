/**
 * A member may show only their own uploads (issue 41 §3, server/domain/media-ownership.ts): a note's images,
 * video cover and text images, a comment's images and an avatar. Another member's upload is a 400
 * 「只能使用自己上传的图片或视频，请重新上传」 on create and update; what a note already shows stays editable;
 * the demo dataset's assets and the default avatar are for everyone.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captcha, registerMember, uniqueId, type Member } from '../../support/members'
import { phoneMp4 } from '../../support/mp4'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'
import { createCategory, createNote, uploadImage, type UploadedImage } from './support/notes'

const FOREIGN = '只能使用自己上传的图片或视频，请重新上传'

describe('members show only their own uploads', () => {
  let server: TestServer
  let owner: Member
  let borrower: Member
  let theirs: UploadedImage
  let mine: UploadedImage
  let category_id: number

  const refused = (reply: { status: number; body: { message: string; data?: unknown } }) => expect([reply.status, reply.body.message]).toEqual([400, FOREIGN])

  beforeAll(async () => {
    server = await startTestServer()
    owner = await registerMember(server)
    borrower = await registerMember(server)
    category_id = await createCategory(server, '摄影', 'photoowner')
    theirs = await uploadImage(server, owner.token)
    mine = await uploadImage(server, borrower.token)
  })
  afterAll(() => server?.close())

  it('a note cannot be created with another member’s image (in its images or its text), in any URL form; nothing is written', async () => {
    const before = await dbQuery(server.deps.db, 'SELECT id FROM posts WHERE user_id = ?', [borrower.id])
    for (const images of [[theirs.url], [mine.url, theirs.url], [`http://127.0.0.1:3000${theirs.url}`], [{ url: theirs.url }], [theirs.thumbnailUrl]])
      refused(await server.call('POST', '/api/posts', { token: borrower.token, json: { title: '借图', content: '正文', images, category_id } }))
    refused(await server.call('POST', '/api/posts', { token: borrower.token, json: { title: '借图', content: `<p>正文<img src="${theirs.url}"></p>`, images: [mine.url], category_id } }))
    refused(await server.call('POST', '/api/posts', { token: borrower.token, json: { title: '草稿借图', images: [theirs.url], is_draft: true } }))
    expect(await dbQuery(server.deps.db, 'SELECT id FROM posts WHERE user_id = ?', [borrower.id])).toEqual(before)
    // The author's own upload (as the v1 clients send it back: an object, an absolute URL) is fine.
    expect(await createNote(server, borrower.token, { title: '自己的图', images: [{ url: `http://127.0.0.1:3000${mine.url}` }] as never, content: `<p>正文<img src="${mine.url}"></p>`, category_id })).toBeGreaterThan(0)
  })

  it('an update cannot add another member’s image, nor put one in the text', async () => {
    const id = await createNote(server, borrower.token, { title: '要改的笔记', images: [mine.url], category_id })
    refused(await server.call('PUT', `/api/posts/${id}`, { token: borrower.token, json: { images: [mine.url, theirs.url] } }))
    refused(await server.call('PUT', `/api/posts/${id}`, { token: borrower.token, json: { content: `<p>改<img src="${theirs.url}"></p>` } }))
    const images = await dbQuery<{ url: string }>(server.deps.db, 'SELECT url FROM post_images WHERE post_id = ?', [id])
    expect(images.map((i) => i.url)).toEqual([mine.url])
  })

  it('a video note cannot take another member’s image as its cover', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(phoneMp4())], { type: 'video/mp4' }), 'v.mp4')
    const video = (await server.call<{ url: string; coverUrl: string }>('POST', '/api/upload/video', { token: borrower.token, body: form })).body.data
    refused(await server.call('POST', '/api/posts', { token: borrower.token, json: { title: '视频', content: '正文', type: 2, video: { url: video.url, coverUrl: theirs.url }, category_id } }))
    refused(await server.call('POST', '/api/posts', { token: owner.token, json: { title: '别人的视频', content: '正文', type: 2, video: { url: video.url, coverUrl: theirs.url }, category_id } }))
    expect(await createNote(server, borrower.token, { title: '视频', type: 2, video: { url: video.url, coverUrl: video.coverUrl }, images: [], category_id })).toBeGreaterThan(0)
  })

  it('a note from before the rule that shows a borrowed image stays editable as it is', async () => {
    const id = await createNote(server, borrower.token, { title: '旧笔记', images: [mine.url], category_id })
    await dbRun(server.deps.db, 'INSERT INTO post_images (post_id, url, thumbnail_url, small_thumbnail_url, width, height, sort_order) VALUES (?, ?, NULL, NULL, 64, 48, 1)', [id, theirs.url])
    expect((await server.call('PUT', `/api/posts/${id}`, { token: borrower.token, json: { title: '旧笔记（改）' } })).status).toBe(200)
    expect((await server.call('PUT', `/api/posts/${id}`, { token: borrower.token, json: { images: [`http://127.0.0.1:3000${theirs.url}`, mine.url] } })).status).toBe(200)
    const images = await dbQuery<{ url: string }>(server.deps.db, 'SELECT url FROM post_images WHERE post_id = ? ORDER BY sort_order', [id])
    expect(images.map((i) => i.url)).toEqual([theirs.url, mine.url])
  })

  it('the demo dataset’s assets are for everyone', async () => {
    const uploads = server.deps.config.uploadsDir
    mkdirSync(path.join(uploads, 'demo', 'images'), { recursive: true })
    copyFileSync(path.join(uploads, mine.url.slice('/uploads/'.length)), path.join(uploads, 'demo', 'images', 'ownership-test.png'))
    expect(await createNote(server, owner.token, { title: '演示素材', images: ['/uploads/demo/images/ownership-test.png'], category_id })).toBeGreaterThan(0)
  })

  it('a comment cannot show another member’s image; its own is fine', async () => {
    const note = await createNote(server, owner.token, { title: '评论区', images: [theirs.url], category_id })
    refused(await server.call('POST', '/api/comments', { token: borrower.token, json: { post_id: note, content: `<img src="${theirs.url}">` } }))
    expect(await dbQuery(server.deps.db, 'SELECT id FROM comments WHERE post_id = ?', [note])).toEqual([])
    expect((await server.call('POST', '/api/comments', { token: borrower.token, json: { post_id: note, content: `看我的<img src="${mine.url}">` } })).status).toBe(200)
  })

  it('an avatar is one’s own upload or the default; a new account has none of its own', async () => {
    refused(await server.call('PUT', `/api/users/${borrower.user_id}`, { token: borrower.token, json: { avatar: theirs.url } }))
    expect((await server.call('PUT', `/api/users/${borrower.user_id}`, { token: borrower.token, json: { avatar: mine.url } })).status).toBe(200)
    // Sending the current avatar back with other fields (as profile forms do) stays fine.
    expect((await server.call('PUT', `/api/users/${borrower.user_id}`, { token: borrower.token, json: { avatar: mine.url, nickname: '换个名字' } })).status).toBe(200)
    expect((await server.call('PUT', `/api/users/${borrower.user_id}`, { token: borrower.token, json: { avatar: '' } })).status).toBe(200)
    const id = uniqueId('r')
    refused(await server.call('POST', '/api/auth/register', { json: { user_id: id, nickname: '新人', password: 'secret123', avatar: theirs.url, ...(await captcha(server)) } }))
    expect(await dbQuery(server.deps.db, 'SELECT id FROM users WHERE user_id = ?', [id])).toEqual([])
    expect((await registerMember(server, undefined, { avatar: '/uploads/defaults/avatar.webp' })).id).toBeGreaterThan(0)
  })

  it('the OpenAPI document declares the 400 and its message on the note writes', async () => {
    const docu = (await (await server.fetch('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { description?: string; responses: Record<string, { content: { 'application/json': { example: { code: number; message: string } } } }> }>> }
    for (const [path, method] of [['/posts', 'post'], ['/posts/{id}', 'put']] as const) {
      const op = docu.paths[path]![method]!
      expect(op.responses['400']!.content['application/json'].example).toMatchObject({ code: 400, message: FOREIGN })
      expect(op.description).toContain(FOREIGN)
    }
    for (const [path, method] of [['/comments', 'post'], ['/users/{id}', 'put'], ['/auth/register', 'post']] as const) expect(docu.paths[path]![method]!.description).toContain(FOREIGN)
  })
})

import { rmSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkMedia } from '../../../server/media/check'
import { mediaStorage, uploadPath } from '../../../server/media/storage'
import { registerMember, type Member } from '../../support/members'
import { phoneMp4 } from '../../support/mp4'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'
import { createCategory, createNote, imageBlob } from './support/notes'

/*
 * Issue 22 §2: every uploaded image gets a card rendition (240 px wide WebP) beside its feed thumbnail
 * (480 px); upload replies name it (smallThumbnailUrl, beside the spec's fields), cards carry it
 * (thumbnail_small) for their srcset, it lives and dies with its upload, and videos and images stored
 * before it existed have none (null: their cards keep the feed thumbnail).
 */

interface ImageReply {
  url: string
  thumbnailUrl: string
  smallThumbnailUrl: string
  width: number
  height: number
  originalname: string
  size: number
}
interface Card {
  id: number
  image: string | null
  thumbnail: string | null
  thumbnail_small: string | null
}

let server: TestServer
let member: Member
let category: number

beforeAll(async () => {
  server = await startTestServer({ MEDIA_UPLOADS_PER_HOUR: '1000', MEDIA_SWEEP_MINUTES: '0' })
  member = await registerMember(server)
  category = await createCategory(server, '生活', 'life')
})
afterAll(() => server?.close())

async function upload(blob: Blob, name = 'photo.jpg'): Promise<ImageReply> {
  const body = new FormData()
  body.append('file', blob, name)
  const { status, body: reply } = await server.call<ImageReply>('POST', '/api/upload/single', { token: member.token, body })
  expect(status, JSON.stringify(reply)).toBe(200)
  return reply.data
}

async function fetchImage(url: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const res = await server.fetch(url)
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') }
}

async function cardOf(noteId: number): Promise<Card> {
  // Signed in: a visitor's list may come from the micro-cache for a moment after a write.
  const { status, body } = await server.call<{ posts: Card[] }>('GET', `/api/posts?user_id=${member.user_id}&limit=50`, { token: member.token })
  expect(status).toBe(200)
  const card = body.data.posts.find((p) => p.id === noteId)
  expect(card, `note ${noteId} in its author's list`).toBeDefined()
  return card!
}

describe('card renditions', () => {
  it('an upload stores a 240 px WebP beside the 480 px feed thumbnail, smaller than it, named in the reply', async () => {
    const image = await upload(await imageBlob({ width: 2400, height: 1200, format: 'jpeg' }))
    // The spec's fields are unchanged; the card rendition is a field of its own beside them.
    expect(Object.keys(image).sort()).toEqual(['height', 'originalname', 'size', 'smallThumbnailUrl', 'thumbnailUrl', 'url', 'width'])
    expect(image.thumbnailUrl).toBe(image.url.replace(/\.webp$/, '.thumb.webp'))
    expect(image.smallThumbnailUrl).toBe(image.url.replace(/\.webp$/, '.small.webp'))
    const small = await fetchImage(image.smallThumbnailUrl)
    const thumb = await fetchImage(image.thumbnailUrl)
    expect(small.status).toBe(200)
    expect(small.type).toBe('image/webp')
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'webp', width: 240, height: 120 })
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 240 })
    expect(small.bytes.length).toBeLessThan(thumb.bytes.length)
    // The ledger knows it (removed with its upload) and counts its bytes.
    const [row] = await dbQuery<{ small_thumbnail_url: string; bytes: number }>(server.deps.db, 'SELECT small_thumbnail_url, bytes FROM media_files WHERE url = ?', [image.url])
    expect(row?.small_thumbnail_url).toBe(image.smallThumbnailUrl)
    const display = await fetchImage(image.url)
    expect(Number(row?.bytes)).toBe(display.bytes.length + thumb.bytes.length + small.bytes.length)
  })

  it('an image narrower than 240 px is not enlarged; a batch upload names a card rendition for each image', async () => {
    const body = new FormData()
    body.append('files', await imageBlob({ width: 120, height: 90, format: 'png' }), 'a.png')
    body.append('files', await imageBlob({ width: 900, height: 1200, format: 'webp' }), 'b.webp')
    const { status, body: reply } = await server.call<{ uploaded: ImageReply[] }>('POST', '/api/upload/multiple', { token: member.token, body })
    expect(status).toBe(200)
    const named = (name: string) => reply.data.uploaded.find((u) => u.originalname === name)!
    const [narrow, tall] = [named('a.png'), named('b.webp')]
    expect(await sharp((await fetchImage(narrow.smallThumbnailUrl)).bytes).metadata()).toMatchObject({ width: 120, height: 90 })
    expect(await sharp((await fetchImage(tall.smallThumbnailUrl)).bytes).metadata()).toMatchObject({ width: 240, height: 320 })
  })

  it("a note's card carries its first image's card rendition beside the feed thumbnail, in lists and the detail", async () => {
    const first = await upload(await imageBlob({ width: 1200, height: 1600, format: 'jpeg' }))
    const second = await upload(await imageBlob({ width: 800, height: 600, format: 'png' }))
    const note = await createNote(server, member.token, { images: [first.url, second.url], category_id: category })
    const card = await cardOf(note)
    expect(card).toMatchObject({ image: first.url, thumbnail: first.thumbnailUrl, thumbnail_small: first.smallThumbnailUrl })
    const detail = await server.call<Card>('GET', `/api/posts/${note}`, { token: member.token })
    expect(detail.body.data).toMatchObject({ thumbnail: first.thumbnailUrl, thumbnail_small: first.smallThumbnailUrl })
    // An edit that reorders the images moves the card rendition with the first image.
    expect((await server.call('PUT', `/api/posts/${note}`, { token: member.token, json: { images: [second.url, first.url] } })).status).toBe(200)
    expect(await cardOf(note)).toMatchObject({ thumbnail: second.thumbnailUrl, thumbnail_small: second.smallThumbnailUrl })
  })

  it('images stored before card renditions existed keep their feed thumbnail and get null', async () => {
    // An upload from before: no .small.webp beside it.
    const old = await upload(await imageBlob({ width: 1000, height: 800, format: 'jpeg' }))
    rmSync(uploadPath(mediaStorage(server.deps.config.uploadsDir), old.smallThumbnailUrl)!)
    const note = await createNote(server, member.token, { images: [old.url], category_id: category })
    expect(await cardOf(note)).toMatchObject({ thumbnail: old.thumbnailUrl, thumbnail_small: null })
    // A row written before the migration (the column is null).
    const other = await upload(await imageBlob({ width: 1000, height: 800, format: 'jpeg' }))
    const migrated = await createNote(server, member.token, { images: [other.url], category_id: category })
    await dbRun(server.deps.db, 'UPDATE post_images SET small_thumbnail_url = NULL WHERE post_id = ?', [migrated])
    expect((await server.call('PUT', `/api/posts/${migrated}`, { token: member.token, json: { title: '改个标题' } })).status).toBe(200)
    expect(await cardOf(migrated)).toMatchObject({ thumbnail: other.thumbnailUrl, thumbnail_small: null })
  })

  it('a video note has no card rendition; its cover gets one, released with the note', async () => {
    const body = new FormData()
    body.append('file', new Blob([new Uint8Array(phoneMp4())], { type: 'video/mp4' }), 'v.mp4')
    const video = (await server.call<{ url: string; coverUrl: string; thumbnailUrl: string }>('POST', '/api/upload/video', { token: member.token, body })).body.data
    const [ledger] = await dbQuery<{ small_thumbnail_url: string | null }>(server.deps.db, 'SELECT small_thumbnail_url FROM media_files WHERE url = ?', [video.coverUrl])
    const coverSmall = video.coverUrl.replace(/\.webp$/, '.small.webp')
    expect(ledger?.small_thumbnail_url).toBe(coverSmall)
    expect((await fetchImage(coverSmall)).status).toBe(200)
    const note = await createNote(server, member.token, { type: 2, video: { url: video.url, coverUrl: video.coverUrl }, images: [], category_id: category })
    expect(await cardOf(note)).toMatchObject({ image: video.coverUrl, thumbnail: video.thumbnailUrl, thumbnail_small: null })
    expect((await server.call('DELETE', `/api/posts/${note}`, { token: member.token })).status).toBe(200)
    expect((await fetchImage(coverSmall)).status).toBe(404)
  })

  it('lives and dies with its upload: deleting the note removes it; media:check counts it as referenced, not orphaned', async () => {
    const image = await upload(await imageBlob({ width: 1000, height: 1000, format: 'jpeg' }))
    const note = await createNote(server, member.token, { images: [image.url], category_id: category })
    const report = await checkMedia(server.deps.db, mediaStorage(server.deps.config.uploadsDir), 0)
    expect(report.orphans).not.toContain(image.smallThumbnailUrl)
    expect(report.missing.map((m) => m.url)).not.toContain(image.smallThumbnailUrl)
    expect((await server.call('DELETE', `/api/posts/${note}`, { token: member.token })).status).toBe(200)
    for (const url of [image.url, image.thumbnailUrl, image.smallThumbnailUrl]) expect((await fetchImage(url)).status, url).toBe(404)
  })
})

import { readdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, imageBlob, mp4Blob } from './support/notes'

interface ImageReply {
  url: string
  thumbnailUrl: string
  width: number
  height: number
}
interface VideoReply {
  url: string
  coverUrl: string | null
  originalname: string
  size: number
}

let server: TestServer
let member: Member

function form(entries: Array<[string, Blob, string]>): FormData {
  const f = new FormData()
  for (const [field, blob, name] of entries) f.append(field, blob, name)
  return f
}

const upload = <T>(route: string, body: FormData, token: string | undefined = member.token) => server.call<T>('POST', `/api/upload/${route}`, { token, body })

async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await server.fetch(url, { headers })
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers }
}

beforeAll(async () => {
  server = await startTestServer()
  member = await registerMember(server)
})
afterAll(() => server?.close())

describe('image uploads', () => {
  it('needs a login (401) and a file (400 请选择文件)', async () => {
    expect((await upload('single', form([['file', await imageBlob(), 'a.png']]), '')).status).toBe(401)
    const empty = await upload('single', form([]))
    expect(empty).toMatchObject({ status: 400, body: { message: '请选择文件' } })
    const json = await server.call('POST', '/api/upload/single', { token: member.token, json: {} })
    expect(json).toMatchObject({ status: 400, body: { message: '请选择文件' } })
  })

  it('a single upload with two files is refused with its own limit, not the batch one', async () => {
    const two = await upload('single', form([['file', await imageBlob(), 'a.png'], ['image', await imageBlob(), 'b.png']]))
    expect(two).toMatchObject({ status: 400, body: { message: '一次只能上传一张图片' } })
  })

  it('stores a re-encoded WebP display image and a feed thumbnail under a server-chosen name', async () => {
    const { status, body } = await upload<ImageReply>('single', form([['file', await imageBlob({ width: 2400, height: 1200, format: 'jpeg' }), '../../etc/passwd.jpg']]))
    expect(status).toBe(200)
    expect(body.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.webp$/)
    expect(body.data.thumbnailUrl).toBe(body.data.url.replace('.webp', '.thumb.webp'))
    expect(body.data).toMatchObject({ width: 1600, height: 800 })
    const display = await fetchBytes(body.data.url)
    expect(display.status).toBe(200)
    expect(display.headers.get('content-type')).toBe('image/webp')
    expect(display.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await sharp(display.bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 })
    const thumb = await sharp((await fetchBytes(body.data.thumbnailUrl)).bytes).metadata()
    expect(thumb).toMatchObject({ width: 480, height: 240 })
  })

  it('accepts the field "image" on /upload/image, and PNG, WebP and GIF', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const { status } = await upload<ImageReply>('image', form([['image', await imageBlob({ format }), `x.${format}`]]))
      expect(status, format).toBe(200)
    }
  })

  it('strips EXIF and GPS metadata and applies the EXIF orientation first', async () => {
    const original = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret owner', Artist: 'Alice' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const before = await sharp(original).metadata()
    expect(before.exif).toBeDefined()
    expect(original.includes(Buffer.from('secret owner'))).toBe(true)
    const { body } = await upload<ImageReply>('single', form([['file', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'gps.jpg']]))
    for (const url of [body.data.url, body.data.thumbnailUrl]) {
      const stored = (await fetchBytes(url)).bytes
      const meta = await sharp(stored).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.orientation ?? 1).toBe(1)
      expect(stored.includes(Buffer.from('secret owner'))).toBe(false)
      expect(stored.includes(Buffer.from('Exif'))).toBe(false)
    }
    // 40x20 rotated by orientation 6 is 20x40.
    expect(body.data).toMatchObject({ width: 20, height: 40 })
  })

  it('rejects text disguised as .png, SVG, and anything that does not decode (400)', async () => {
    const text = new Blob(['this is not an image at all'], { type: 'image/png' })
    expect(await upload('single', form([['file', text, 'fake.png']]))).toMatchObject({ status: 400, body: { message: '请选择图片文件' } })
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' })
    expect(await upload('single', form([['file', svg, 'x.svg']]))).toMatchObject({ status: 400, body: { message: '不支持的文件类型' } })
  })

  it('refuses images over 5 MB with 413 图片大小不能超过5MB, keeping nothing', async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 10)], { type: 'image/png' })
    const { status, body } = await upload('single', form([['file', big, 'big.png']]))
    expect(status).toBe(413)
    expect(body.message).toBe('图片大小不能超过5MB')
    const tmp = path.join(server.dataDir, 'tmp')
    expect(readdirSync(tmp)).toEqual([])
  })

  it('uploads up to 9 images at once (data.uploaded), reports per-file failures, refuses 10', async () => {
    const good = await imageBlob()
    const r = await upload<{ uploaded: Array<{ url: string }>; failed: Array<{ originalname: string; message: string }> }>(
      'multiple',
      form([
        ['files', good, 'a.png'],
        ['files', good, 'b.png'],
        ['files', new Blob(['nope']), 'c.png'],
      ]),
    )
    expect(r.status).toBe(200)
    expect(r.body.data.uploaded).toHaveLength(2)
    expect(r.body.data.uploaded[0]!.url).toMatch(/^\/uploads\//)
    expect(r.body.data.failed).toEqual([{ originalname: 'c.png', message: '请选择图片文件' }])
    const ten = form(Array.from({ length: 10 }, (_, i): [string, Blob, string] => ['files', good, `${i}.png`]))
    expect(await upload('multiple', ten)).toMatchObject({ status: 400, body: { message: '最多只能上传9张图片' } })
    expect(await upload('multiple', form([['files', new Blob(['x']), 'x.png']]))).toMatchObject({ status: 400, body: { message: '请选择图片文件' } })
  })
})

describe('video uploads', () => {
  it('recognises a video by its bytes, stores it with an optional cover, and serves ranges (206)', async () => {
    const video = mp4Blob()
    const { status, body } = await upload<VideoReply>('video', form([['file', video, 'clip.mov'], ['thumbnail', await imageBlob(), 'cover.png']]))
    expect(status).toBe(200)
    expect(body.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/)
    expect(body.data.coverUrl).toMatch(/\.webp$/)
    expect(body.data).toMatchObject({ originalname: 'clip.mov', size: video.size })
    const range = await fetchBytes(body.data.url, { Range: 'bytes=0-99' })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${video.size}`)
    expect(range.headers.get('content-type')).toBe('video/mp4')
    expect(range.bytes.length).toBe(100)
    // The field may also be called "video"; the cover is optional: without one the server makes one
    // (tests/server/member/video-metadata.test.ts).
    const plain = await upload<VideoReply>('video', form([['video', mp4Blob(1024), 'v.mp4']]))
    expect(plain.body.data.coverUrl).toMatch(/\.webp$/)
  })

  it('refuses non-videos and a missing file (400), and anonymous callers (401)', async () => {
    expect(await upload('video', form([['file', new Blob(['plain text pretending']), 'x.mp4']]))).toMatchObject({ status: 400, body: { message: '请选择视频文件' } })
    expect(await upload('video', form([['file', await imageBlob(), 'x.mp4']]))).toMatchObject({ status: 400, body: { message: '请选择视频文件' } })
    expect(await upload('video', form([['thumbnail', await imageBlob(), 'c.png']]))).toMatchObject({ status: 400, body: { message: '没有视频文件' } })
    expect((await upload('video', form([['file', mp4Blob(), 'v.mp4']]), '')).status).toBe(401)
  })

  it('publishes a video note whose card shows the cover', async () => {
    const up = await upload<VideoReply>('video', form([['file', mp4Blob(), 'v.mp4'], ['thumbnail', await imageBlob(), 'c.png']]))
    const category = await createCategory(server, '视频', 'video')
    const created = await server.call<{ id: number }>('POST', '/api/posts', {
      token: member.token,
      json: { title: '视频笔记', content: '内容', type: 2, video: { url: up.body.data.url, coverUrl: up.body.data.coverUrl }, images: [], category_id: category },
    })
    expect(created.status).toBe(200)
    const detail = await server.call<{ video_url: string; cover_url: string; image: string; video: { url: string } }>('GET', `/api/posts/${created.body.data.id}`)
    expect(detail.body.data).toMatchObject({ video_url: up.body.data.url, cover_url: up.body.data.coverUrl, image: up.body.data.coverUrl, video: { url: up.body.data.url } })
    const bogus = await server.call('POST', '/api/posts', {
      token: member.token,
      json: { title: '假视频', content: '内容', type: 2, video: { url: up.body.data.coverUrl }, category_id: category },
    })
    expect(bogus).toMatchObject({ status: 400, body: { message: '视频不存在或已失效，请重新上传' } })
  })
})

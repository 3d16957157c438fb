import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { insertMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbRun } from '../../support/sql'
import { raw, req, upload, text, oversized, badInputFamilies, send } from './support/bad-input'
import { imageBlob, mp4Blob } from './support/notes'

/*
 * Bad input to the upload routes (issue 3, Safety; the other member routes are in bad-input.test.ts): text
 * posing as an image, SVG, oversized files, too many files, broken multipart, a path-traversal file name. Every
 * case gets its 4xx with the spec's envelope and message, never a 5xx; the family leaves every table's row
 * count as it was, and no file of a refused upload stays on disk.
 */

let server: TestServer
let a: Member

const family = badInputFamilies({ server: () => server, token: () => a.token })

beforeAll(async () => {
  server = await startTestServer()
  a = await insertMember(server)
})
afterAll(() => server?.close())

/** Every file under DATA_DIR/uploads and DATA_DIR/tmp (where uploads are streamed before they are kept). */
const files = () => ['uploads', 'tmp'].flatMap((d) => readdirSync(path.join(server.dataDir, d), { recursive: true }).map((f) => `${d}/${String(f)}`)).sort()

family(
  'uploads',
  () => [
    ['single: no login', 401, null, () => ({ ...upload('single', [['file', text(), 'a.png']]), token: null })],
    ['single: a JSON body', 400, '请选择文件', () => req('POST', '/api/upload/single', { file: 'a.png' })],
    ['single: an empty form', 400, '请选择文件', () => upload('single', [])],
    ['single: an unexpected field name', 400, '请选择文件', async () => upload('single', [['picture', await imageBlob(), 'a.png']])],
    ['single: an empty file', 400, '请选择文件', () => upload('single', [['file', new Blob([]), 'a.png']])],
    ['single: text named .png', 400, '请选择图片文件', () => upload('single', [['file', text(), 'photo.png']])],
    ['single: HTML named .jpg', 400, '请选择图片文件', () => upload('single', [['file', text('<script>alert(1)</script>'), 'photo.jpg']])],
    ['single: an SVG', 400, '不支持的文件类型', () => upload('single', [['file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }), 'a.svg']])],
    ['single: over 5 MB', 413, '图片大小不能超过5MB', () => upload('single', [['file', oversized(), 'big.png']])],
    ['single: text named ../../etc/passwd.png', 400, '请选择图片文件', () => upload('single', [['file', text('root:x:0:0:root:/root:/bin/bash'), '../../etc/passwd.png']])],
    ['single: two files', 400, null, async () => upload('single', [['file', await imageBlob(), 'a.png'], ['file', await imageBlob(), 'b.png']])],
    ['image: text named .png', 400, '请选择图片文件', () => upload('image', [['image', text(), 'a.png']])],
    ['image: over 5 MB', 413, '图片大小不能超过5MB', () => upload('image', [['image', oversized(), 'big.png']])],
    ['multiple: no file', 400, '请选择文件', () => upload('multiple', [])],
    ['multiple: ten files', 400, '最多只能上传9张图片', async () => upload('multiple', Array.from({ length: 10 }, (_, i): [string, Blob, string] => ['files', text(), `${i}.png`]))],
    ['multiple: only text files', 400, '请选择图片文件', () => upload('multiple', [['files', text(), 'a.png'], ['files', text(), 'b.png']])],
    ['multiple: one file over 5 MB', 413, '图片大小不能超过5MB', async () => upload('multiple', [['files', await imageBlob(), 'a.png'], ['files', oversized(), 'big.png']])],
    ['video: no file', 400, '没有视频文件', () => upload('video', [])],
    ['video: text named .mp4', 400, '请选择视频文件', () => upload('video', [['file', text(), 'clip.mp4']])],
    ['video: an image named .mp4', 400, '请选择视频文件', async () => upload('video', [['file', await imageBlob(), 'clip.mp4']])],
    ['video: a text thumbnail', 400, '视频封面必须是图片', () => upload('video', [['file', mp4Blob(), 'clip.mp4'], ['thumbnail', text(), 'cover.png']])],
    ['video: a thumbnail over 5 MB', 413, '图片大小不能超过5MB', () => upload('video', [['file', mp4Blob(), 'clip.mp4'], ['thumbnail', oversized(), 'cover.png']])],
    ['multipart without a boundary', 400, null, () => ({ ...raw('POST', '/api/upload/single', 'xxxx'), type: 'multipart/form-data' })],
    ['multipart cut short', 400, null, () => ({ ...raw('POST', '/api/upload/single', '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'), type: 'multipart/form-data; boundary=b' })],
    ['text/plain body', 400, '请选择文件', () => ({ ...raw('POST', '/api/upload/image', 'hello'), type: 'text/plain' })],
  ],
  () => {
    it('keeps no file of a refused upload, and stores a real image sent as ../../etc/passwd.png under a name of its own', async () => {
      const before = files()
      for (const route of ['single', 'image', 'multiple', 'video']) {
        const field = { single: 'file', image: 'image', multiple: 'files', video: 'file' }[route]!
        expect((await send(server, a.token, upload(route, [[field, text(), '../../etc/passwd.png']]))).status).toBe(400)
      }
      expect(files()).toEqual(before)

      const { status, body } = await send(server, a.token, upload('single', [['file', await imageBlob(), '../../etc/passwd.png']]))
      expect(status).toBe(200)
      const data = body.data as { url: string; originalname: string }
      expect(data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.webp$/)
      expect(data.originalname).not.toContain('/')
      const added = files().filter((f) => !before.includes(f))
      expect(added.every((f) => f.startsWith('uploads/') && !f.includes('passwd')), added.join(', ')).toBe(true)
      // The accepted upload's ledger row (media_files) is this test's own write, not a refused request's.
      expect(await dbRun(server.deps.db, 'DELETE FROM media_files WHERE url = ?', [data.url])).toBe(1)
    })
  },
)

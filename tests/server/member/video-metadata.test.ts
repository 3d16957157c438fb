import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp4BoxPaths } from '../../../server/media/mp4-metadata'
import { registerMember, type Member } from '../../support/members'
import { DEVICE, FRAME_DATA, GPS, parseMp4, phoneMp4 } from '../../support/mp4'
import { startTestServer, type TestServer } from '../../support/server'

/*
 * Issue 11 point 3: an uploaded MP4 is stored without its GPS position and device tags, still parses (GPAC's
 * MP4Box.js reads it), keeps its media data byte for byte; a video uploaded without a cover gets one.
 */

interface VideoReply {
  url: string
  coverUrl: string | null
  thumbnailUrl: string | null
  size: number
}

describe('video uploads: metadata stripped, cover produced', () => {
  let server: TestServer
  let member: Member
  beforeAll(async () => {
    server = await startTestServer()
    member = await registerMember(server)
  })
  afterAll(() => server?.close())

  const upload = (file: Buffer, name: string) => {
    const body = new FormData()
    body.append('file', new Blob([new Uint8Array(file)], { type: 'video/mp4' }), name)
    return server.call<VideoReply>('POST', '/api/upload/video', { token: member.token, body })
  }
  const stored = (url: string) => path.join(server.dataDir, url)

  it('the fixture really carries a GPS position, device tags and creation times', async () => {
    const original = phoneMp4()
    expect(original.includes(GPS)).toBe(true)
    expect(original.includes(DEVICE)).toBe(true)
    expect(parseMp4(original).tracks).toHaveLength(1)
    expect(parseMp4(original).created.getTime()).toBeGreaterThan(0)
  })

  for (const name of ['clip.mp4', 'clip.mov']) {
    it(`${name}: the stored file has no location, device or time metadata and still parses`, async () => {
      const original = phoneMp4()
      const { status, body } = await upload(original, name)
      expect(status).toBe(200)
      const file = stored(body.data.url)
      const bytes = readFileSync(file)
      expect(bytes.includes(GPS)).toBe(false)
      expect(bytes.includes('+48.8577')).toBe(false)
      expect(bytes.includes(DEVICE)).toBe(false)
      expect(bytes.includes('com.apple.quicktime.location')).toBe(false)
      // Same size, media data untouched at the same offset: chunk offsets stay valid.
      expect(bytes.length).toBe(original.length)
      expect(body.data.size).toBe(original.length)
      const mdat = original.indexOf(FRAME_DATA)
      expect(bytes.subarray(mdat, mdat + FRAME_DATA.length).equals(FRAME_DATA)).toBe(true)
      const boxes = await mp4BoxPaths(file)
      expect(boxes.filter((b) => /udta|meta/.test(b))).toEqual([])
      expect(boxes).toContain('moov/trak/mdia/minf/stbl/stsd')
      const info = parseMp4(bytes)
      expect(info.tracks).toHaveLength(1)
      expect(info.tracks[0]!.codec).toMatch(/^avc1/)
      expect(info.created.getTime()).toBeLessThan(new Date('1905-01-01').getTime())
      // Served as stored.
      const served = Buffer.from(await (await server.fetch(body.data.url)).arrayBuffer())
      expect(served.includes(GPS)).toBe(false)
    })
  }

  it('without a cover the server makes one (a frame with ffmpeg, else a brand-coloured placeholder), with a thumbnail', async () => {
    const { body } = await upload(phoneMp4(), 'nocover.mp4')
    expect(body.data.coverUrl).toMatch(/^\/uploads\/.+\.webp$/)
    expect(body.data.thumbnailUrl).toMatch(/\.thumb\.webp$/)
    const cover = await sharp(stored(body.data.coverUrl!)).metadata()
    expect(cover.width).toBeGreaterThan(0)
    // The fixture has no decodable frame, so this is the placeholder: red-dominated (#ff2442), never grey.
    const { dominant } = await sharp(stored(body.data.coverUrl!)).stats()
    expect(dominant.r).toBeGreaterThan(dominant.g + 60)
    expect((await server.fetch(body.data.thumbnailUrl!)).status).toBe(200)
  })
})

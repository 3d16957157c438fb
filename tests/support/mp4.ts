import { createFile, type Movie } from 'mp4box'

/*
 * A small but well-formed MP4 as a phone writes it, for the metadata tests: ftyp, moov (mvhd with a
 * creation time; one video trak with tkhd, mdia, minf, stbl; udta with ©xyz GPS, ©mak and ©mod device
 * tags; an Apple `meta` with com.apple.quicktime.location.ISO6709), then mdat.
 */

export const GPS = '+48.8577+002.2950/'
export const DEVICE = 'iPhone 15 Pro'
export const FRAME_DATA = Buffer.from('FRAMEDATA-'.repeat(400))

const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}
const u16 = (n: number) => {
  const b = Buffer.alloc(2)
  b.writeUInt16BE(n)
  return b
}
const box = (type: string, ...parts: Buffer[]) => {
  const payload = Buffer.concat(parts)
  return Buffer.concat([u32(payload.length + 8), Buffer.from(type, 'latin1'), payload])
}
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) => box(type, u32((version << 24) | flags), ...parts)
const MATRIX = Buffer.concat([u32(0x10000), u32(0), u32(0), u32(0), u32(0x10000), u32(0), u32(0), u32(0), u32(0x40000000)])
const CREATED = 0xe0000000
const text = (type: string, value: string) => box(type, u16(Buffer.byteLength(value)), u16(0x15c7), Buffer.from(value))

export function phoneMp4(): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2mp41'))
  const mvhd = full('mvhd', 0, 0, u32(CREATED), u32(CREATED), u32(1000), u32(1000), u32(0x10000), u16(0x100), Buffer.alloc(10), MATRIX, Buffer.alloc(24), u32(2))
  const tkhd = full('tkhd', 0, 3, u32(CREATED), u32(CREATED), u32(1), u32(0), u32(1000), Buffer.alloc(8), u16(0), u16(0), u16(0), u16(0), MATRIX, u32(320 << 16), u32(240 << 16))
  const mdhd = full('mdhd', 0, 0, u32(CREATED), u32(CREATED), u32(1000), u32(1000), u16(0x55c4), u16(0))
  const hdlr = full('hdlr', 0, 0, u32(0), Buffer.from('vide'), Buffer.alloc(12), Buffer.from('VideoHandler\0'))
  const sps = Buffer.from([0x67, 0x42, 0xc0, 0x1e, 0xd9, 0x00, 0xa0, 0x3d, 0xa1])
  const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80])
  const avcC = box('avcC', Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff, 0xe1]), u16(sps.length), sps, Buffer.from([1]), u16(pps.length), pps)
  const avc1 = box('avc1', Buffer.alloc(6), u16(1), Buffer.alloc(16), u16(320), u16(240), u32(0x480000), u32(0x480000), u32(0), u16(1), Buffer.alloc(32), u16(0x18), u16(0xffff), avcC)
  const stbl = box('stbl', full('stsd', 0, 0, u32(1), avc1), full('stts', 0, 0, u32(0)), full('stsc', 0, 0, u32(0)), full('stsz', 0, 0, u32(0), u32(0)), full('stco', 0, 0, u32(0)))
  const minf = box('minf', full('vmhd', 0, 1, Buffer.alloc(8)), box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1))), stbl)
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf), box('udta', text('\xa9xyz', GPS)))
  const udta = box('udta', text('\xa9xyz', GPS), text('\xa9mak', 'Apple'), text('\xa9mod', DEVICE))
  const key = 'com.apple.quicktime.location.ISO6709'
  const meta = full(
    'meta',
    0,
    0,
    full('hdlr', 0, 0, u32(0), Buffer.from('mdta'), Buffer.alloc(12), Buffer.from('\0')),
    full('keys', 0, 0, u32(1), box('mdta', Buffer.from(key))),
    box('ilst', Buffer.concat([u32(8 + 16 + GPS.length), u32(1), box('data', u32(1), u32(0), Buffer.from(GPS))])),
  )
  const moov = box('moov', mvhd, trak, udta, meta)
  return Buffer.concat([ftyp, moov, box('mdat', FRAME_DATA)])
}

/** Parse with GPAC's MP4Box.js (an independent parser): the movie info, or the error it reports. */
export function parseMp4(bytes: Buffer): Movie {
  const file = createFile()
  let info: Movie | null = null
  let error: unknown = null
  file.onReady = (i: Movie) => (info = i)
  file.onError = (e: unknown) => (error = e)
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer & { fileStart: number }
  ab.fileStart = 0
  file.appendBuffer(ab)
  file.flush()
  if (!info) throw new Error(`MP4Box.js could not read the file: ${String(error)}`)
  return info
}

import { open, type FileHandle } from 'node:fs/promises'

/*
 * Location and device metadata out of MP4 / MOV (ISO-BMFF, QuickTime) files, in place and in pure JS (no
 * ffmpeg on members' desktops): the box tree is walked from the file's headers, and every metadata box
 * (`udta`: ©xyz GPS, ©mak/©mod device; `meta`: Apple's com.apple.quicktime.location.ISO6709 keys, iTunes
 * tags; `uuid`: XMP) at the top level, under `moov`, under each `trak` and its `mdia` becomes a `free` box
 * of the same size with a zeroed payload. Nothing moves, so `stco`/`co64` chunk offsets into `mdat` stay
 * valid and the file plays as before. The creation and modification times of `mvhd`, `tkhd` and `mdhd`
 * are zeroed too (when the phone recorded the clip is device metadata). Only headers are read; payloads
 * are overwritten in chunks, so a 100 MB video is never held in memory.
 */

const METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_'])
const CONTAINERS = new Set(['moov', 'trak', 'mdia'])
const TIMED = new Set(['mvhd', 'tkhd', 'mdhd'])
const ZEROS = Buffer.alloc(64 * 1024)

export interface StripReport {
  /** Paths of the boxes blanked, e.g. `moov/udta`. */
  removed: string[]
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length)
  const { bytesRead } = await fh.read(buf, 0, length, position)
  return buf.subarray(0, bytesRead)
}

async function zero(fh: FileHandle, from: number, to: number): Promise<void> {
  for (let at = from; at < to; at += ZEROS.length) await fh.write(ZEROS, 0, Math.min(ZEROS.length, to - at), at)
}

interface Box {
  type: string
  start: number
  headerSize: number
  end: number
}

/** The boxes between `start` and `end`; stops at the first header that does not describe a box that fits. */
async function boxes(fh: FileHandle, start: number, end: number): Promise<Box[]> {
  const found: Box[] = []
  let at = start
  while (at + 8 <= end) {
    const head = await readAt(fh, at, 16)
    if (head.length < 8) break
    let size = head.readUInt32BE(0)
    const type = head.toString('latin1', 4, 8)
    let headerSize = 8
    if (size === 1) {
      if (head.length < 16) break
      size = Number(head.readBigUInt64BE(8))
      headerSize = 16
    } else if (size === 0) size = end - at
    if (size < headerSize || at + size > end || !/^[\x20-\x7e\xa9]{4}$/.test(type)) break
    found.push({ type, start: at, headerSize, end: at + size })
    at += size
  }
  return found
}

/** Zero the creation and modification times of an mvhd / tkhd / mdhd box (version 0: 32-bit, 1: 64-bit). */
async function zeroTimes(fh: FileHandle, box: Box): Promise<void> {
  const [version] = await readAt(fh, box.start + box.headerSize, 1)
  const width = version === 1 ? 16 : 8
  const from = box.start + box.headerSize + 4
  if (from + width <= box.end) await zero(fh, from, from + width)
}

async function walk(fh: FileHandle, start: number, end: number, path: string, report: StripReport): Promise<void> {
  for (const box of await boxes(fh, start, end)) {
    const where = path ? `${path}/${box.type}` : box.type
    if (METADATA.has(box.type)) {
      await fh.write(Buffer.from('free', 'latin1'), 0, 4, box.start + 4)
      await zero(fh, box.start + box.headerSize, box.end)
      report.removed.push(where)
    } else if (CONTAINERS.has(box.type)) await walk(fh, box.start + box.headerSize, box.end, where, report)
    else if (TIMED.has(box.type)) await zeroTimes(fh, box)
  }
}

/** Strip the metadata boxes of an MP4 / MOV file in place (the upload's own work file). */
export async function stripMp4Metadata(file: string): Promise<StripReport> {
  const fh = await open(file, 'r+')
  try {
    const { size } = await fh.stat()
    const report: StripReport = { removed: [] }
    await walk(fh, 0, size, '', report)
    return report
  } finally {
    await fh.close()
  }
}

/** Every box path of a file (for tests and `media:check`): `['ftyp', 'moov', 'moov/mvhd', ...]`. */
export async function mp4BoxPaths(file: string): Promise<string[]> {
  const fh = await open(file, 'r')
  try {
    const paths: string[] = []
    const visit = async (start: number, end: number, path: string): Promise<void> => {
      for (const box of await boxes(fh, start, end)) {
        const where = path ? `${path}/${box.type}` : box.type
        paths.push(where)
        if (CONTAINERS.has(box.type) || box.type === 'minf' || box.type === 'stbl') await visit(box.start + box.headerSize, box.end, where)
      }
    }
    await visit(0, (await fh.stat()).size, '')
    return paths
  } finally {
    await fh.close()
  }
}

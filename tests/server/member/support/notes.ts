import sharp from 'sharp'
import type { TestServer } from '../../../support/server'
import { dbQuery, dbRun } from '../../../support/sql'

/** A small real image (default PNG) as a Blob for multipart uploads. */
export async function imageBlob(options: { width?: number; height?: number; format?: 'png' | 'jpeg' | 'webp' | 'gif'; color?: string } = {}): Promise<Blob> {
  const { width = 64, height = 48, format = 'png', color = '#ff2442' } = options
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer()
  return new Blob([new Uint8Array(buffer)], { type: `image/${format}` })
}

/** A minimal ISO-BMFF (MP4) file: the ftyp box file-type recognises, then filler. */
export function mp4Blob(size = 64 * 1024): Blob {
  const bytes = new Uint8Array(size)
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32])
  for (let i = 24; i < size; i++) bytes[i] = i % 251
  return new Blob([bytes], { type: 'video/mp4' })
}

export interface UploadedImage {
  url: string
  thumbnailUrl: string
  width: number
  height: number
}

/** Upload one image through POST /api/upload/single. */
export async function uploadImage(server: TestServer, token: string, blob?: Blob): Promise<UploadedImage> {
  const form = new FormData()
  form.append('file', blob ?? (await imageBlob()), 'photo.png')
  const { status, body } = await server.call<UploadedImage>('POST', '/api/upload/single', { token, body: form })
  if (status !== 200) throw new Error(`upload failed: ${status} ${JSON.stringify(body)}`)
  return body.data
}

const ownImages = new Map<string, Promise<UploadedImage>>()

/**
 * One image uploaded by the member of `token` (once per member and server): a member may show only their own
 * uploads (server/domain/media-ownership.ts), so each author of a test's notes needs one of their own.
 */
export function ownImage(server: TestServer, token: string): Promise<UploadedImage> {
  const key = `${server.url} ${token}`
  let image = ownImages.get(key)
  if (!image) ownImages.set(key, (image = uploadImage(server, token)))
  return image
}

/** Create a category directly (the member API has no category writes). */
export async function createCategory(server: TestServer, name: string, title: string): Promise<number> {
  await dbRun(server.deps.db, 'INSERT INTO categories (name, category_title, post_count) VALUES (?, ?, 0)', [name, title])
  const rows: Array<{ id: number }> = await dbQuery(server.deps.db, 'SELECT id FROM categories WHERE category_title = ?', [title])
  return Number(rows[0]!.id)
}

export interface NoteInput {
  title?: string
  content?: string
  images?: string[]
  video?: { url: string; coverUrl?: string | null } | null
  tags?: string[]
  category_id?: number | null
  type?: 1 | 2
  is_draft?: boolean
}

/** Publish (or save as draft) a note; returns its id. */
export async function createNote(server: TestServer, token: string, input: NoteInput): Promise<number> {
  const { status, body } = await server.call<{ id: number }>('POST', '/api/posts', { token, json: { title: '标题', content: '内容', ...input } })
  if (status !== 200) throw new Error(`create note failed: ${status} ${JSON.stringify(body)}`)
  return body.data.id
}

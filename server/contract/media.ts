/*
 * Which media URLs a note may reference: only files this server stored, as a server-relative `/uploads/...`
 * path (a client may have prefixed it with its API base URL). The server checks every image and video of a
 * note with this rule (server/domain/note-media.ts); the admin note form checks a pasted image URL with the
 * same function, so it never accepts a link the server will refuse at submit.
 */

/** The server's message for an upload that is not the member's own (server/domain/media-ownership.ts). */
export const FOREIGN_MEDIA_MESSAGE = '只能使用自己上传的图片或视频，请重新上传'

/** The server's message for a media URL that is not one of our uploads. */
export const INVALID_IMAGE_URL = '图片地址无效，请重新上传'

const SAFE_UPLOAD_PATH = /^\/uploads\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/

/**
 * The server-relative `/uploads/...` path of a media URL the client sent back (it may have prefixed our
 * path with its API base URL), or null when it is not one of our upload paths.
 */
export function normalizeUploadUrl(input: string): string | null {
  let p = input.trim()
  const absolute = /^https?:\/\/[^/]+(\/.*)$/i.exec(p)
  if (absolute) p = absolute[1]!
  p = p.split(/[?#]/)[0]!
  if (!SAFE_UPLOAD_PATH.test(p) || p.includes('..')) return null
  return p
}

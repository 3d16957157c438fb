import type { DataSource, EntityManager } from 'typeorm'
import { FOREIGN_MEDIA_MESSAGE } from '../contract/media'
import { DEFAULT_AVATAR } from '../contract/users'
import { query } from '../db/sql'
import { Invalid } from '../errors'

/*
 * Whose uploads a member may show (issue 41 §3; docs/decisions.md "A member shows only their own uploads").
 * A note's images, video and cover, the images in its text, a comment's images and an avatar may reference only:
 *   - files the media_files ledger says this member uploaded (url or one of its renditions);
 *   - shared assets: the demo dataset's files (/uploads/demo/…) and the default avatar;
 *   - what the same note (or profile) already references: existing notes stay editable as they are.
 * Anything else — another member's or an administrator's upload, a file the ledger does not know — is a 400.
 * Administrators writing through the back-office are not checked (they place media for members).
 */

export { FOREIGN_MEDIA_MESSAGE }

const SHARED_PREFIX = '/uploads/demo/'

/** The demo dataset's files and the default avatar: served to everyone, owned by nobody. */
export const isSharedAsset = (url: string): boolean => url.startsWith(SHARED_PREFIX) || url === DEFAULT_AVATAR

const CHUNK = 100

/** Of `urls` (normalised `/uploads/...` paths), those `userId` may not reference. */
export async function foreignMedia(db: DataSource | EntityManager, userId: number, urls: Iterable<string>, kept: Iterable<string> = []): Promise<string[]> {
  const keep = new Set(kept)
  const open = [...new Set(urls)].filter((u) => !keep.has(u) && !isSharedAsset(u))
  const owned = new Set<string>()
  for (let i = 0; i < open.length; i += CHUNK) {
    const chunk = open.slice(i, i + CHUNK)
    const marks = chunk.map(() => '?').join(', ')
    const rows = await query<{ url: string; thumbnail_url: string | null; small_thumbnail_url: string | null }>(
      db,
      `SELECT url, thumbnail_url, small_thumbnail_url FROM media_files WHERE user_id = ? AND (url IN (${marks}) OR thumbnail_url IN (${marks}) OR small_thumbnail_url IN (${marks}))`,
      [userId, ...chunk, ...chunk, ...chunk],
    )
    for (const row of rows) for (const u of [row.url, row.thumbnail_url, row.small_thumbnail_url]) if (u) owned.add(u)
  }
  return open.filter((u) => !owned.has(u))
}

/** 400 「只能使用自己上传的图片或视频，请重新上传」 when any of `urls` is not `userId`'s to show. */
export async function requireOwnMedia(db: DataSource | EntityManager, userId: number, urls: Iterable<string>, kept: Iterable<string> = []): Promise<void> {
  if ((await foreignMedia(db, userId, urls, kept)).length) throw Invalid(FOREIGN_MEDIA_MESSAGE)
}

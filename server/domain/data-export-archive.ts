import { createWriteStream } from 'node:fs'
import { access } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yazl from 'yazl'
import { toIso } from '../db/reader'
import { notBlockedBy } from '../db/blocks'
import { query } from '../db/sql'
import { commentSeenBy, noteSeenBy } from '../db/visibility'
import type { AppDeps } from '../deps'
import { mediaStorage, uploadPath } from '../media/storage'
import { render } from '../i18n/format'
import { DEFAULT_LOCALE, savedLocale } from '../i18n/locales'
import { msg } from '../i18n/message'

/*
 * What a member's export holds (docs/data-export.md), written as one zip with yazl: JSON files of their
 * profile, notes (with tags, category and the files of their images and videos under media/), comments,
 * likes and collections (as lists), follows both ways, and the status of their verification applications.
 * Explicit column lists only: never the password hash, and never the identity values of a verification
 * application (neither the sealed original nor the masked copy administrators see). Reads use the read
 * connection, a fixed number of queries whatever the member has.
 */

type Rows = Array<Record<string, unknown>>

const DATE_COLUMNS = new Set(['created_at', 'updated_at', 'audit_time', 'last_login_at'])

/** Dates as ISO strings, numbers as numbers (drivers differ), the rest as stored. */
function clean(rows: Rows): Rows {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, v !== null && DATE_COLUMNS.has(k) ? toIso(v) : typeof v === 'bigint' ? Number(v) : v]),
    ),
  )
}

/** The archive's README.txt, in the member's saved language (issue 40). */
const README = msg(`石榴（Shiliu）个人数据导出

profile.json        个人资料
verification.json   认证申请的类型与审核状态（不含身份信息）
notes.json          你发布的笔记与草稿（正文、标签、分类、图片与视频文件名）
media/              笔记中的图片、视频、封面与头像文件
comments.json       你发表的评论
likes.json          你点赞的笔记与评论
collections.json    你收藏的笔记
follows.json        你关注的人与关注你的人
identities.json     关联的统一身份认证（身份提供方、账号标识、邮箱）

时间均为 UTC（ISO 8601）。
`)

async function collect(deps: AppDeps, userId: number) {
  const db = deps.db
  const one = [userId]
  const [profile] = clean(
    await query(db, 'SELECT user_id, nickname, avatar, bio, location, gender, zodiac_sign, mbti, education, major, interests, locale, verified, follow_count, fans_count, post_count, like_count, collect_count, created_at FROM users WHERE id = ?', one),
  )
  const verification = clean(await query(db, 'SELECT type, status, admin_note, audit_time, created_at FROM verifications WHERE user_id = ? ORDER BY id', one))
  const notes = clean(
    await query(
      db,
      `SELECT p.id, p.title, p.content, p.type, p.is_draft, p.location, c.name AS category, p.view_count, p.like_count, p.collect_count, p.comment_count, p.moderation, p.created_at, p.updated_at
       FROM posts p LEFT JOIN categories c ON c.id = p.category_id WHERE p.user_id = ? ORDER BY p.id`,
      one,
    ),
  )
  const images = await query<{ post_id: number; url: string }>(db, 'SELECT i.post_id, i.url FROM post_images i INNER JOIN posts p ON p.id = i.post_id WHERE p.user_id = ? ORDER BY i.post_id, i.sort_order', one)
  const videos = await query<{ post_id: number; url: string; cover_url: string | null }>(db, 'SELECT v.post_id, v.url, v.cover_url FROM post_videos v INNER JOIN posts p ON p.id = v.post_id WHERE p.user_id = ?', one)
  const tags = await query<{ post_id: number; name: string }>(db, 'SELECT pt.post_id, t.name FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id INNER JOIN posts p ON p.id = pt.post_id WHERE p.user_id = ?', one)
  const comments = clean(await query(db, 'SELECT id, post_id, parent_id, content, like_count, created_at FROM comments WHERE user_id = ? ORDER BY id', one))
  // Other members' content only as the member sees it now (the lists' own rules, server/db/visibility.ts and
  // db/blocks.ts): a note hidden, held or refused since, a draft, a comment hidden, or a member blocked since
  // leaves no trace (no title, no id). A like of a comment needs the comment and its note both seen.
  const unblocked = (col: string) => notBlockedBy(userId, col)!.sql
  const likes = clean(
    await query(
      db,
      `SELECT l.target_type, l.target_id, l.created_at FROM likes l
       LEFT JOIN posts p ON l.target_type = 1 AND p.id = l.target_id
       LEFT JOIN comments c ON l.target_type = 2 AND c.id = l.target_id
       LEFT JOIN posts cp ON cp.id = c.post_id
       WHERE l.user_id = ? AND (
         (l.target_type = 1 AND p.id IS NOT NULL AND ${noteSeenBy('p')} AND ${unblocked('p.user_id')})
         OR (l.target_type = 2 AND c.id IS NOT NULL AND ${commentSeenBy('c')} AND ${noteSeenBy('cp')} AND ${unblocked('c.user_id')} AND ${unblocked('cp.user_id')})
       ) ORDER BY l.id`,
      Array<number>(7).fill(userId),
    ),
  )
  const collections = clean(
    await query(db, `SELECT c.post_id, p.title, c.created_at FROM collections c INNER JOIN posts p ON p.id = c.post_id WHERE c.user_id = ? AND ${noteSeenBy('p')} AND ${unblocked('p.user_id')} ORDER BY c.id`, [userId, userId, userId]),
  )
  const following = clean(await query(db, `SELECT u.user_id, u.nickname, f.created_at FROM follows f INNER JOIN users u ON u.id = f.following_id WHERE f.follower_id = ? AND ${unblocked('u.id')} ORDER BY f.id`, [userId, userId]))
  const followers = clean(await query(db, `SELECT u.user_id, u.nickname, f.created_at FROM follows f INNER JOIN users u ON u.id = f.follower_id WHERE f.following_id = ? AND ${unblocked('u.id')} ORDER BY f.id`, [userId, userId]))
  const identities = clean(await query(db, 'SELECT provider, subject, email, created_at, last_login_at FROM user_identities WHERE user_id = ? ORDER BY id', [userId]))
  return { profile, verification, notes, images, videos, tags, comments, likes, collections, follows: { following, followers }, identities }
}

/**
 * Of the uploads the member's notes and avatar use, those whose files the zip may copy: every one but another
 * member's upload (by the media_files ledger). Notes made before uploads were checked (issue 41) may show a
 * borrowed image; its URL stays in notes.json, its file stays out. Demo assets, the default avatar, the
 * back-office's uploads and files from before the ledger are copied (nobody else's by the ledger's account).
 */
async function copyable(deps: AppDeps, userId: number, urls: readonly string[]): Promise<Set<string>> {
  const list = [...new Set(urls)]
  const foreign = new Set<string>()
  for (let i = 0; i < list.length; i += 200) {
    const chunk = list.slice(i, i + 200)
    const rows = await query<{ url: string }>(deps.db, `SELECT url FROM media_files WHERE url IN (${chunk.map(() => '?').join(', ')}) AND user_id IS NOT NULL AND user_id <> ?`, [...chunk, userId])
    for (const row of rows) foreign.add(row.url)
  }
  return new Set(list.filter((u) => !foreign.has(u)))
}

/** media/<name of the upload>: the same name the note's URLs end with. */
const mediaName = (url: string) => `media/${path.basename(url)}`

/** Write the member's zip to `file`. */
export async function writeArchive(deps: AppDeps, userId: number, file: string): Promise<void> {
  const zip = new yazl.ZipFile()
  await addMemberArchive(deps, zip, userId)
  zip.end()
  await pipeline(zip.outputStream, createWriteStream(file, { mode: 0o600 }))
}

/**
 * Add one member's export to `zip`, every name under `prefix` (a class's activity export puts each student's
 * under `<石榴号>/`, server/classroom/activity.ts).
 */
export async function addMemberArchive(deps: AppDeps, zip: yazl.ZipFile, userId: number, prefix = ''): Promise<void> {
  const data = await collect(deps, userId)
  const storage = mediaStorage(deps.config.uploadsDir)
  const used = [...data.images.map((i) => i.url), ...data.videos.flatMap((v) => [v.url, v.cover_url ?? '']), String(data.profile?.avatar ?? '')].filter(Boolean)
  const allowed = await copyable(deps, userId, used)
  const files = new Map<string, string>()
  const media = (url: string | null | undefined): string | null => {
    const source = url && allowed.has(url) ? uploadPath(storage, url) : null
    if (!url || !source) return null
    files.set(mediaName(url), source)
    return mediaName(url)
  }
  const byNote = <T extends { post_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>()
    for (const row of rows) map.set(Number(row.post_id), [...(map.get(Number(row.post_id)) ?? []), row])
    return map
  }
  const [images, videos, tags] = [byNote(data.images), byNote(data.videos), byNote(data.tags)]
  const notes = data.notes.map((note) => {
    const id = Number(note.id)
    const video = videos.get(id)?.[0]
    return {
      ...note,
      tags: (tags.get(id) ?? []).map((t) => t.name),
      images: (images.get(id) ?? []).map((i) => media(i.url) ?? i.url),
      video: video ? { file: media(video.url) ?? video.url, cover: media(video.cover_url) ?? video.cover_url } : null,
    }
  })
  const profile = data.profile ? { ...data.profile, avatar: media(data.profile.avatar as string) ?? data.profile.avatar } : null

  const json = (name: string, value: unknown) => zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'), `${prefix}${name}`)
  zip.addBuffer(Buffer.from(render(README, savedLocale(data.profile?.locale) ?? DEFAULT_LOCALE), 'utf8'), `${prefix}README.txt`)
  json('profile.json', profile)
  json('verification.json', data.verification)
  json('notes.json', notes)
  json('comments.json', data.comments)
  json('likes.json', data.likes)
  json('collections.json', data.collections)
  json('follows.json', data.follows)
  json('identities.json', data.identities)
  for (const [name, source] of files) {
    // A file gone from the disk (removed by hand) leaves its name in the JSON and nothing in media/.
    if (await access(source).then(() => true, () => false)) zip.addFile(source, `${prefix}${name}`, { compress: false })
  }
}

import type { Logger } from 'pino'
import type { DataSource, EntityManager } from 'typeorm'
import { draftFlag, noteProblem, NOTE_TYPE, type NoteDraft, type PostCreateBody, type PostUpdateBody } from '../contract/posts'
import { inTransaction } from '../db/transaction'
import { dateParam, execute, KEEP_UPDATED_AT, kindOf, query } from '../db/sql'
import { Post } from '../db/entities'
import { toBool, toIso } from '../db/reader'
import { Forbidden, Invalid, NotFound } from '../errors'
import { releaseMedia, uploadsInHtml } from '../media/lifecycle'
import type { MediaStorage } from '../media/storage'
import { noteSearchText } from '../search/tokenizer'
import { invalidateFeedCounts } from '../db/list-cache'
import { Moderation, type ModerationState } from '../db/visibility'
import { lockNote, lockOrder, lockRows } from './locks'
import { requireOwnMedia } from './media-ownership'
import { resolveImages, resolveVideo, type NoteImage, type NoteVideo } from './note-media'
import { notifyMany } from './notifications'
import { hotScore, refreshHotScores } from './ranking'
import { mentionedUserIds, plainText, sanitizeRichText } from './richtext'
import { allowedMentions } from './block-policy'
import { noteTagNames, setNoteTags } from './tags'

/*
 * Note commands: create, update, delete. Each owns its multi-row write in one transaction: the post row,
 * its images / video, tags (use_count), search_text, hot_score, the author's post_count, the category's
 * post_count and mention notifications (type 8, sent when a note is published with new mentions).
 * Drafts have an empty search_text, so they never appear in search.
 */

export interface NotesEnv {
  db: DataSource
  storage: MediaStorage
  logger: Logger
  /**
   * The back-office places media on members' notes: its writes may use any stored upload. A member's own
   * writes (false) may use only their uploads and shared assets (domain/media-ownership.ts).
   */
  anyUpload?: boolean
}

/** The uploads a note write references: images, video and cover, images in its (sanitised) text. */
function referencedUploads(images: readonly NoteImage[] | null, video: NoteVideo | null | undefined, content: string): string[] {
  return [...(images ?? []).map((i) => i.url), ...(video ? [video.url, ...(video.coverUrl ? [video.coverUrl] : [])] : []), ...uploadsInHtml(content)]
}

/** Every upload URL a note uses: images (and thumbnails), video and cover, images in its text. */
async function noteMediaUrls(db: DataSource | EntityManager, postId: number, content: string): Promise<string[]> {
  const images = await query<{ url: string; thumbnail_url: string | null; small_thumbnail_url: string | null }>(db, 'SELECT url, thumbnail_url, small_thumbnail_url FROM post_images WHERE post_id = ?', [postId])
  const videos = await query<{ url: string; cover_url: string | null }>(db, 'SELECT url, cover_url FROM post_videos WHERE post_id = ?', [postId])
  return [...images.flatMap((i) => [i.url, i.thumbnail_url, i.small_thumbnail_url]), ...videos.flatMap((v) => [v.url, v.cover_url]), ...uploadsInHtml(content)].filter((u): u is string => Boolean(u))
}

interface StoredNote {
  id: number
  user_id: number
  title: string
  content: string
  type: number
  is_draft: boolean
  moderation: ModerationState
  /** Published and visible to everyone (server/db/visibility.ts). */
  listed: boolean
  category_id: number | null
  created_at: string
}

async function loadNote(db: DataSource | EntityManager, postId: number): Promise<StoredNote | null> {
  const [row] = await query<StoredNote>(db, 'SELECT id, user_id, title, content, type, is_draft, moderation, category_id, created_at FROM posts WHERE id = ?', [postId])
  if (!row) return null
  const isDraft = toBool(row.is_draft)
  const moderation = Number(row.moderation) as ModerationState
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    type: Number(row.type),
    is_draft: isDraft,
    moderation,
    listed: !isDraft && moderation === Moderation.visible,
    category_id: row.category_id === null ? null : Number(row.category_id),
    created_at: toIso(row.created_at),
  }
}

/**
 * The note if `userId` owns it: 404 when it does not exist, 403 when it is someone else's published note.
 * Someone else's draft (or hidden or held note) is a 404, as reading it is: the answer must not tell that it exists.
 */
export async function ownedNote(db: DataSource, postId: number, userId: number): Promise<StoredNote> {
  const note = await loadNote(db, postId)
  if (!note || (!note.listed && note.user_id !== userId)) throw NotFound('笔记不存在')
  if (note.user_id !== userId) throw Forbidden('只能操作自己的笔记')
  return note
}

async function checkCategory(db: DataSource, categoryId: number | null): Promise<void> {
  if (categoryId === null) return
  const rows = await query(db, 'SELECT id FROM categories WHERE id = ?', [categoryId])
  if (rows.length === 0) throw Invalid('分类不存在')
}

/**
 * The members a note's text mentions and may notify, and the text to store: mentions of members who
 * blocked the author are kept as plain text (block-policy.ts).
 */
function mentionsOf(manager: EntityManager, authorId: number, html: string): Promise<{ ids: number[]; html: string }> {
  return allowedMentions(manager, authorId, html, mentionedUserIds(html))
}

async function writeMedia(manager: EntityManager, postId: number, images: NoteImage[] | null, video: NoteVideo | null | undefined): Promise<void> {
  if (images) {
    await execute(manager, 'DELETE FROM post_images WHERE post_id = ?', [postId])
    // The first image has sort_order 0: feed cards join it directly (presenters/post.ts).
    for (const [i, img] of images.entries()) {
      await execute(manager, 'INSERT INTO post_images (post_id, url, thumbnail_url, small_thumbnail_url, width, height, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        postId,
        img.url,
        img.thumbnailUrl,
        img.smallThumbnailUrl,
        img.width,
        img.height,
        i,
      ])
    }
  }
  if (video !== undefined) {
    await execute(manager, 'DELETE FROM post_videos WHERE post_id = ?', [postId])
    if (video) await execute(manager, 'INSERT INTO post_videos (post_id, url, cover_url, duration, size) VALUES (?, ?, ?, 0, 0)', [postId, video.url, video.coverUrl])
  }
}

/**
 * Published-note counters of the author and the category move together with the note's state. "Published"
 * here means listed: not a draft and visible (a hidden or held note counts nowhere until it is visible again).
 */
export async function movePublishedCounters(manager: EntityManager, userId: number, before: { published: boolean; category: number | null }, after: { published: boolean; category: number | null }): Promise<void> {
  const delta = Number(after.published) - Number(before.published)
  if (delta) await execute(manager, `UPDATE users SET post_count = CASE WHEN post_count + ? < 0 THEN 0 ELSE post_count + ? END, ${KEEP_UPDATED_AT} WHERE id = ?`, [delta, delta, userId])
  if (before.published && before.category && (!after.published || after.category !== before.category))
    await execute(manager, 'UPDATE categories SET post_count = CASE WHEN post_count > 0 THEN post_count - 1 ELSE 0 END WHERE id = ?', [before.category])
  if (after.published && after.category && (!before.published || after.category !== before.category))
    await execute(manager, 'UPDATE categories SET post_count = post_count + 1 WHERE id = ?', [after.category])
}

/** How a new note starts: visible (the default), or held for review (the review setting, a watched word). */
export interface InitialModeration {
  moderation: ModerationState
  reason: string | null
}

const VISIBLE: InitialModeration = { moderation: Moderation.visible, reason: null }

export async function createNote(env: NotesEnv, userId: number, input: PostCreateBody, initial: InitialModeration = VISIBLE): Promise<number> {
  // Listed at once: published and visible. A held note notifies its mentions and counts once approved.
  const listed = !input.is_draft && initial.moderation === Moderation.visible
  await checkCategory(env.db, input.category_id)
  const isVideo = input.type === NOTE_TYPE.video
  const images = isVideo ? [] : await resolveImages(env.storage, input.images)
  const video = isVideo && input.video ? await resolveVideo(env.storage, input.video) : null
  const sanitized = sanitizeRichText(input.content)
  if (!env.anyUpload) await requireOwnMedia(env.db, userId, referencedUploads(images, video, sanitized))
  const id = await inTransaction(env.db, async (manager) => {
    const now = new Date()
    const mentions = listed ? await mentionsOf(manager, userId, sanitized) : { ids: [], html: sanitized }
    const mentioned = mentions.ids
    const content = mentions.html
    // Rows whose counters this job changes, in lock order: the author (and the mentioned), the category.
    await lockRows(manager, 'users', [userId, ...mentioned])
    if (listed) await lockRows(manager, 'categories', [input.category_id])
    const [author] = await query<{ location: string | null }>(manager, 'SELECT location FROM users WHERE id = ?', [userId])
    const text = input.is_draft ? '' : noteSearchText(input.title, plainText(content), input.tags)
    const score = hotScore({ likes: 0, collects: 0, comments: 0, views: 0, createdAt: now })
    const inserted = await manager.insert(Post, {
      user_id: userId,
      title: input.title,
      content,
      type: input.type,
      is_draft: input.is_draft,
      category_id: input.category_id,
      location: author?.location ?? null,
      hot_score: score,
      search_text: text,
      moderation: initial.moderation,
      moderation_reason: initial.reason,
      created_at: now,
      updated_at: now,
    })
    const postId = Number(inserted.identifiers[0]!.id)
    await writeMedia(manager, postId, images, video)
    await setNoteTags(manager, postId, input.tags)
    await movePublishedCounters(manager, userId, { published: false, category: null }, { published: listed, category: input.category_id })
    if (listed) await notifyMany(manager, mentioned, { senderId: userId, type: 8, postId })
    return postId
  }, { changesCards: false })
  invalidateFeedCounts()
  return id
}

async function currentMedia(db: DataSource, postId: number): Promise<{ images: string[]; video: NoteDraft['video'] }> {
  const images = await query<{ url: string }>(db, 'SELECT url FROM post_images WHERE post_id = ? ORDER BY sort_order', [postId])
  const [video] = await query<{ url: string; cover_url: string | null }>(db, 'SELECT url, cover_url FROM post_videos WHERE post_id = ?', [postId])
  return { images: images.map((i) => i.url), video: video ? { url: video.url, coverUrl: video.cover_url } : null }
}

/** What an edit of a published (or resubmitted) note looks like to the reviewer: its texts and its state before. */
export interface NoteUnderReview {
  title: string
  /** Sanitised rich text. */
  content: string
  is_draft: boolean
  current: { moderation: ModerationState; is_draft: boolean }
}

/**
 * Screens a member's edit (domain/note-review.ts): the texts with watched words masked, and the state the
 * note takes. Admin edits pass none: they keep the note's state and texts as they are.
 */
export type NoteReview = (note: NoteUnderReview) => Promise<{ title: string; content: string; moderation: ModerationState }>

export async function updateNote(env: NotesEnv, userId: number, postId: number, patch: PostUpdateBody, review?: NoteReview): Promise<void> {
  const note = await ownedNote(env.db, postId, userId)
  const media = await currentMedia(env.db, postId)
  const tagsBefore = await noteTagNames(env.db.manager, postId)
  const merged: NoteDraft = {
    title: patch.title ?? note.title,
    content: patch.content ?? note.content,
    images: patch.images ?? media.images,
    video: patch.video !== undefined ? patch.video : media.video,
    tags: patch.tags ?? tagsBefore,
    category_id: patch.category_id !== undefined ? patch.category_id : note.category_id,
    type: patch.type ?? note.type,
    is_draft: draftFlag(patch.is_draft, patch.status) ?? note.is_draft,
  }
  const problem = noteProblem(merged)
  if (problem) throw Invalid(problem)
  if (merged.category_id !== note.category_id) await checkCategory(env.db, merged.category_id)
  const isVideo = merged.type === NOTE_TYPE.video
  const typeChanged = merged.type !== note.type
  // Only re-check media that changed; switching type clears the other kind of media.
  const images = isVideo ? (typeChanged || patch.images ? [] : null) : patch.images || typeChanged ? await resolveImages(env.storage, merged.images) : null
  const video = !isVideo ? (typeChanged || patch.video !== undefined ? null : undefined) : patch.video !== undefined || typeChanged ? (merged.video ? await resolveVideo(env.storage, merged.video) : null) : undefined
  const sanitized = patch.content !== undefined ? sanitizeRichText(patch.content) : note.content
  // What the note already shows stays usable (notes from before the rule, the demo's); only additions are checked.
  const mediaBefore = await noteMediaUrls(env.db, postId, note.content)
  if (!env.anyUpload) await requireOwnMedia(env.db, userId, referencedUploads(images, video, sanitized), mediaBefore)
  const reviewed = review ? await review({ title: merged.title, content: sanitized, is_draft: merged.is_draft, current: { moderation: note.moderation, is_draft: note.is_draft } }) : null
  if (reviewed) merged.title = reviewed.title
  let content = reviewed ? reviewed.content : sanitized
  const kind = kindOf(env.db)
  const firstPublish = note.is_draft && !merged.is_draft
  await inTransaction(env.db, async (manager) => {
    // The note's row first: its state as of the lock is what the counters move from (a concurrent update
    // may have published or moved it since it was read above).
    const locked = await lockNote(manager, postId)
    if (!locked || locked.user_id !== userId) throw NotFound('笔记不存在')
    // An edit keeps the note's moderation state unless the review decides otherwise; a hidden note stays hidden.
    const moderation = reviewed && locked.moderation !== Moderation.hidden ? reviewed.moderation : locked.moderation
    const before = { published: locked.listed, category: locked.category_id }
    const after = { published: !merged.is_draft && moderation === Moderation.visible, category: merged.category_id }
    const mentionedBefore = before.published ? (await mentionsOf(manager, userId, note.content)).ids : []
    const mentions = after.published ? await mentionsOf(manager, userId, content) : { ids: [], html: content }
    const mentionedNow = mentions.ids
    content = mentions.html
    await lockRows(manager, 'users', [userId, ...mentionedNow])
    await lockRows(manager, 'categories', [before.published ? before.category : null, after.published ? after.category : null])
    const now = new Date()
    // A draft's date becomes its publication time when it is first published.
    const createdAt = firstPublish ? now : new Date(note.created_at)
    const text = merged.is_draft ? '' : noteSearchText(merged.title, plainText(content), merged.tags)
    await execute(manager, 'UPDATE posts SET title = ?, content = ?, type = ?, is_draft = ?, category_id = ?, search_text = ?, created_at = ?, updated_at = ? WHERE id = ?', [
      merged.title,
      content,
      merged.type,
      merged.is_draft ? 1 : 0,
      merged.category_id,
      text,
      dateParam(kind, createdAt),
      dateParam(kind, now),
      postId,
    ])
    if (moderation !== locked.moderation) await execute(manager, 'UPDATE posts SET moderation = ?, moderation_reason = NULL WHERE id = ?', [moderation, postId])
    await writeMedia(manager, postId, images, video)
    if (patch.tags) await setNoteTags(manager, postId, merged.tags)
    await movePublishedCounters(manager, userId, before, after)
    if (firstPublish) await refreshHotScores(manager, [postId])
    if (after.published) {
      const already = new Set(mentionedBefore)
      await notifyMany(manager, mentionedNow.filter((id) => !already.has(id)), { senderId: userId, type: 8, postId })
    }
  })
  invalidateFeedCounts()
  // Media the edit dropped goes once nothing else uses it (after the commit).
  const kept = new Set(await noteMediaUrls(env.db, postId, content))
  await releaseMedia(env, env.storage, mediaBefore.filter((u) => !kept.has(u)))
}

/**
 * Delete a note and everything hanging off it: images, video, tags (use_count), comments and their likes,
 * likes and collections of the note, notifications about it, view records; and every counter they fed
 * (the author's post / like / collect counts, the category's post count) in the same transaction.
 */
export async function deleteNote(env: NotesEnv, userId: number, postId: number): Promise<void> {
  const note = await ownedNote(env.db, postId, userId)
  const media = await removeNote(env.db, note)
  invalidateFeedCounts()
  await releaseMedia(env, env.storage, media)
}

/**
 * Deletion without the owner check (shared with the admin API). Under the note's row lock nothing else can
 * add or remove its likes, collections, comments, tag links or views (a view flush, domain/views.ts, commits
 * before or finds the note gone), so the author's, the tags' and the category's counters lose exactly what
 * this note brought; a concurrent deletion of the same note changes nothing.
 */
export async function removeNote(db: DataSource, target: { id: number }): Promise<string[]> {
  const removed = await inTransaction(db, async (manager) => {
    const note = await lockNote(manager, target.id)
    if (!note) return []
    // The note's media, for releaseMedia once this commits (the caller's part: no file I/O in a job).
    const [{ content } = { content: '' }] = await query<{ content: string }>(manager, 'SELECT content FROM posts WHERE id = ?', [note.id])
    const media = await noteMediaUrls(manager, note.id, content)
    const published = note.listed ? 1 : 0
    await lockRows(manager, 'users', [note.user_id])
    if (published) await lockRows(manager, 'categories', [note.category_id])
    const tagIds = (await query<{ tag_id: number }>(manager, 'SELECT tag_id FROM post_tags WHERE post_id = ?', [note.id])).map((r) => Number(r.tag_id))
    await lockRows(manager, 'tags', tagIds)
    await execute(manager, 'DELETE FROM likes WHERE target_type = 2 AND target_id IN (SELECT id FROM comments WHERE post_id = ?)', [note.id])
    const likes = await execute(manager, 'DELETE FROM likes WHERE target_type = 1 AND target_id = ?', [note.id])
    const collects = await execute(manager, 'DELETE FROM collections WHERE post_id = ?', [note.id])
    await execute(manager, 'DELETE FROM notifications WHERE target_id = ?', [note.id])
    await execute(manager, 'DELETE FROM post_views WHERE post_id = ?', [note.id])
    await execute(manager, 'DELETE FROM comments WHERE post_id = ? AND parent_id IS NOT NULL', [note.id])
    for (const table of ['comments', 'post_images', 'post_videos']) await execute(manager, `DELETE FROM ${table} WHERE post_id = ?`, [note.id])
    const unlinked = new Set<number>()
    for (const tagId of lockOrder(tagIds)) if (await execute(manager, 'DELETE FROM post_tags WHERE post_id = ? AND tag_id = ?', [note.id, tagId])) unlinked.add(tagId)
    await execute(manager, 'DELETE FROM posts WHERE id = ?', [note.id])
    const dec = (col: string) => `${col} = CASE WHEN ${col} > ? THEN ${col} - ? ELSE 0 END`
    await execute(manager, `UPDATE users SET ${dec('like_count')}, ${dec('collect_count')}, ${dec('post_count')}, ${KEEP_UPDATED_AT} WHERE id = ?`, [likes, likes, collects, collects, published, published, note.user_id])
    for (const tagId of unlinked) await execute(manager, `UPDATE tags SET ${dec('use_count')} WHERE id = ?`, [1, 1, tagId])
    if (published && note.category_id) await execute(manager, `UPDATE categories SET ${dec('post_count')} WHERE id = ?`, [1, 1, note.category_id])
    return media
  })
  invalidateFeedCounts()
  return removed
}

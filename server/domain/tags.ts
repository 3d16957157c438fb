import type { EntityManager } from 'typeorm'
import { inList, type SqlReader } from '../db/reader'
import { containsPattern, execute, insertIgnore, kindOf, LIKE_ESCAPE, query } from '../db/sql'

/*
 * Tags are created on first use and linked to notes through post_tags; tags.use_count is the number of
 * notes linked, kept exact by applying the difference between a note's old and new tag set in the same
 * transaction (and by recount() where rows are removed in bulk).
 */

export interface TagRef {
  id: number
  name: string
}

/** Ids of the named tags, creating the missing ones. Names must already be normalised (contract tagNames). */
async function ensureTags(manager: EntityManager, names: readonly string[]): Promise<TagRef[]> {
  if (names.length === 0) return []
  const sql = insertIgnore(kindOf(manager), 'tags', ['name', 'use_count'])
  const placeholders = names.map(() => '?').join(', ')
  const find = () => query<{ id: number; name: string }>(manager, `SELECT id, name FROM tags WHERE name IN (${placeholders})`, names)
  let rows = await find()
  const known = new Set(rows.map((r) => r.name.toLowerCase()))
  const missing = names.filter((n) => !known.has(n.toLowerCase()))
  if (missing.length) {
    for (const name of missing) await execute(manager, sql, [name, 0])
    rows = await find()
  }
  // Keep the caller's order; MySQL's case-insensitive collation may return another spelling of a name.
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), { id: Number(r.id), name: r.name }]))
  const out: TagRef[] = []
  for (const name of names) {
    const tag = byName.get(name.toLowerCase())
    if (tag && !out.some((t) => t.id === tag.id)) out.push(tag)
  }
  return out
}

/** Make the note's tags exactly `names`; returns them in order. use_count moves only for real changes. */
export async function setNoteTags(manager: EntityManager, postId: number, names: readonly string[]): Promise<TagRef[]> {
  const tags = await ensureTags(manager, names)
  const current = (await query<{ tag_id: number }>(manager, 'SELECT tag_id FROM post_tags WHERE post_id = ?', [postId])).map((r) => Number(r.tag_id))
  const wanted = new Set(tags.map((t) => t.id))
  const added = tags.filter((t) => !current.includes(t.id)).map((t) => t.id)
  const removed = current.filter((id) => !wanted.has(id))
  for (const tagId of added) {
    await execute(manager, 'INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)', [postId, tagId])
    await execute(manager, 'UPDATE tags SET use_count = use_count + 1 WHERE id = ?', [tagId])
  }
  for (const tagId of removed) {
    await execute(manager, 'DELETE FROM post_tags WHERE post_id = ? AND tag_id = ?', [postId, tagId])
    await execute(manager, 'UPDATE tags SET use_count = CASE WHEN use_count > 0 THEN use_count - 1 ELSE 0 END WHERE id = ?', [tagId])
  }
  return tags
}

/** Current tag names of a note, in link order (for search_text and updates). */
export async function noteTagNames(manager: EntityManager, postId: number): Promise<string[]> {
  const rows = await query<{ name: string }>(manager, 'SELECT t.name FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = ? ORDER BY t.id', [postId])
  return rows.map((r) => r.name)
}

export interface TagRow {
  id: number
  name: string
  use_count: number
}

/** Tags by popularity, optionally those whose name contains `keyword` (case-insensitive). */
export async function listTags(reader: SqlReader, opts: { keyword?: string; limit: number; offset: number }): Promise<TagRow[]> {
  const where = opts.keyword ? `WHERE LOWER(name) LIKE ? ${LIKE_ESCAPE}` : ''
  const params = opts.keyword ? [containsPattern(opts.keyword.toLowerCase())] : []
  const tags = await reader.all<TagRow>(`SELECT id, name, use_count FROM tags ${where} ORDER BY use_count DESC, id ASC LIMIT ? OFFSET ?`, [...params, opts.limit, opts.offset])
  return tags.map(tagRow)
}

/** The most used tags (idx_tags_use_count). */
export async function hotTags(reader: SqlReader, limit: number): Promise<TagRow[]> {
  const rows = await reader.all<TagRow>('SELECT id, name, use_count FROM tags WHERE use_count > 0 ORDER BY use_count DESC, id DESC LIMIT ?', [limit])
  return rows.map(tagRow)
}

/** Tags of several notes in one query: post id → tags. */
export async function tagsOfNotes(reader: SqlReader, postIds: readonly number[]): Promise<Map<number, TagRef[]>> {
  const out = new Map<number, TagRef[]>()
  if (postIds.length === 0) return out
  const list = inList(postIds)
  const rows = await reader.all<{ post_id: number; id: number; name: string }>(
    `SELECT pt.post_id, t.id, t.name FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id IN ${list.sql} ORDER BY t.id`,
    list.params,
  )
  for (const r of rows) {
    const tags = out.get(Number(r.post_id)) ?? []
    if (!tags.some((t) => t.id === Number(r.id))) tags.push({ id: Number(r.id), name: r.name })
    out.set(Number(r.post_id), tags)
  }
  return out
}

const tagRow = (r: TagRow): TagRow => ({ id: Number(r.id), name: r.name, use_count: Number(r.use_count) })

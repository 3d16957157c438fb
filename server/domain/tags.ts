import type { EntityManager } from 'typeorm'
import { inList, type SqlReader } from '../db/reader'
import { containsPattern, execute, insertIgnore, kindOf, LIKE_ESCAPE, limitClause, query } from '../db/sql'
import { forUpdate, lockOrder } from './locks'

/*
 * Tags are created on first use and linked to notes through post_tags; tags.use_count is the number of
 * notes linked, kept exact by applying the difference between a note's old and new tag set in the same
 * transaction, one link at a time under the tag's row lock (and by a locked recount where rows are removed
 * in bulk).
 */

export interface TagRef {
  id: number
  name: string
}

/**
 * Make the note's tags exactly `names` (already normalised: contract tagNames), creating missing tags;
 * returns them in order. use_count moves by one per link really added or removed. Run under the note's row
 * lock (or on a note this job created). Missing tags are inserted first, then every tag the job changes is
 * locked in id order in one statement (server/domain/locks.ts): that locking read also sees tags another job
 * created and committed meanwhile, whatever the engine's snapshot. (Two jobs creating the same new tags in
 * opposite orders can still deadlock on MySQL; the write job's retry runs the loser again.)
 */
export async function setNoteTags(manager: EntityManager, postId: number, names: readonly string[]): Promise<TagRef[]> {
  const kind = kindOf(manager)
  const current = (await query<{ tag_id: number }>(manager, 'SELECT tag_id FROM post_tags WHERE post_id = ?', [postId])).map((r) => Number(r.tag_id))
  if (names.length) {
    const known = await query<{ name: string }>(manager, `SELECT name FROM tags WHERE name IN (${names.map(() => '?').join(', ')})`, names)
    const have = new Set(known.map((r) => r.name.toLowerCase()))
    // In the caller's order: ids follow creation and a note lists its tags by id.
    const missing = names.filter((n) => !have.has(n.toLowerCase()))
    for (const name of missing) await execute(manager, insertIgnore(kind, 'tags', ['name', 'use_count']), [name, 0])
  }
  if (!names.length && !current.length) return []
  const conditions = [...(names.length ? [`name IN (${names.map(() => '?').join(', ')})`] : []), ...(current.length ? [`id IN (${current.map(() => '?').join(', ')})`] : [])]
  const rows = await query<{ id: number; name: string }>(manager, `SELECT id, name FROM tags WHERE ${conditions.join(' OR ')} ORDER BY id ${forUpdate(kind)}`, [...names, ...current])
  // Keep the caller's order; MySQL's case-insensitive collation may return another spelling of a name.
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), { id: Number(r.id), name: r.name }]))
  const tags: TagRef[] = []
  for (const name of names) {
    const tag = byName.get(name.toLowerCase())
    if (tag && !tags.some((t) => t.id === tag.id)) tags.push(tag)
  }
  const wanted = new Set(tags.map((t) => t.id))
  const added = new Set(tags.filter((t) => !current.includes(t.id)).map((t) => t.id))
  const removed = new Set(current.filter((id) => !wanted.has(id)))
  for (const tagId of lockOrder([...added, ...removed])) {
    if (added.has(tagId)) {
      await execute(manager, 'INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)', [postId, tagId])
      await execute(manager, 'UPDATE tags SET use_count = use_count + 1 WHERE id = ?', [tagId])
    } else if (await execute(manager, 'DELETE FROM post_tags WHERE post_id = ? AND tag_id = ?', [postId, tagId])) {
      await execute(manager, 'UPDATE tags SET use_count = CASE WHEN use_count > 0 THEN use_count - 1 ELSE 0 END WHERE id = ?', [tagId])
    }
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
  const tags = await reader.all<TagRow>(`SELECT id, name, use_count FROM tags ${where} ORDER BY use_count DESC, id ASC ${limitClause(opts.limit, opts.offset)}`, params)
  return tags.map(tagRow)
}

/** The most used tags (idx_tags_use_count). */
export async function hotTags(reader: SqlReader, limit: number): Promise<TagRow[]> {
  const rows = await reader.all<TagRow>(`SELECT id, name, use_count FROM tags WHERE use_count > 0 ORDER BY use_count DESC, id DESC ${limitClause(limit)}`)
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

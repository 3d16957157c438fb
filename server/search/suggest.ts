import type { DatabaseKind } from '../config'
import { SUGGEST_MAX, type SuggestReply } from '../contract/search'
import { andNotBlocked, blockScope, type BlockingViewer } from '../db/blocks'
import { cached } from '../db/list-cache'
import type { SqlReader } from '../db/reader'
import { LIKE_ESCAPE, limitClause } from '../db/sql'
import { avatarOf } from '../presenters/user'
import { noteIdsPage } from './index'
import { queryTerms } from './tokenizer'

/*
 * Suggestions while typing (GET /search/suggest): tags and people whose name starts with what was typed, and
 * the titles of the best-matching notes. Three small statements, run together: tags and users are LIKE
 * 'q%' scans of small tables (cached for a few seconds per text, like user search); the notes go through the
 * search index and its relevance order (index.ts), uncached. Blocked members and their notes are left out for the
 * signed-in viewer; notes are listed ones only.
 */

/** LIKE pattern for "starts with `text`" (wildcards in it are literal). */
function startsWith(text: string): string {
  return `${text.replace(/[!%_]/g, (c) => `!${c}`)}%`
}

async function tags(reader: SqlReader, q: string): Promise<SuggestReply['tags']> {
  const rows = await reader.all<{ id: number; name: string; use_count: number }>(
    `SELECT t.id, t.name, t.use_count FROM tags t WHERE t.name LIKE ? ${LIKE_ESCAPE} AND t.use_count > 0 ORDER BY t.use_count DESC, t.id ASC ${limitClause(SUGGEST_MAX)}`,
    [startsWith(q.replace(/^#+/, ''))],
  )
  return rows.map((r) => ({ id: Number(r.id), name: r.name, use_count: Number(r.use_count) }))
}

async function users(reader: SqlReader, q: string, viewer: BlockingViewer | null): Promise<SuggestReply['users']> {
  const like = startsWith(q)
  const blocks = andNotBlocked(viewer, 'u.id')
  const rows = await reader.all<{ user_id: string; nickname: string; avatar: string; verified: number }>(
    `SELECT u.user_id, u.nickname, u.avatar, u.verified FROM users u
     WHERE u.is_active = TRUE AND (u.nickname LIKE ? ${LIKE_ESCAPE} OR u.user_id LIKE ? ${LIKE_ESCAPE})${blocks.sql}
     ORDER BY u.fans_count DESC, u.id ASC ${limitClause(SUGGEST_MAX)}`,
    [like, like, ...blocks.params],
  )
  return rows.map((r) => ({ user_id: r.user_id, nickname: r.nickname, avatar: avatarOf(r.avatar), verified: Number(r.verified) }))
}

async function notes(reader: SqlReader, kind: DatabaseKind, q: string, viewer: BlockingViewer | null): Promise<SuggestReply['notes']> {
  const terms = queryTerms(q)
  if (terms.length === 0) return []
  const page = noteIdsPage(kind, { terms, viewer }, SUGGEST_MAX, 0)
  const rows = await reader.all<{ id: number; title: string }>(`SELECT p.id, p.title FROM (${page.sql}) pg CROSS JOIN posts p WHERE p.id = pg.id ORDER BY ${page.orderBy}`, page.params)
  return rows.filter((r) => r.title !== '').map((r) => ({ id: Number(r.id), title: r.title }))
}

export async function suggest(reader: SqlReader, kind: DatabaseKind, q: string, viewer: BlockingViewer | null): Promise<SuggestReply> {
  const scope = blockScope(viewer) ?? ''
  const [t, u, n] = await Promise.all([
    cached(`suggest-tags|${q}`, () => tags(reader, q)),
    cached(`suggest-users|${q}|${scope}`, () => users(reader, q, viewer)),
    notes(reader, kind, q, viewer),
  ])
  return { tags: t, users: u, notes: n }
}

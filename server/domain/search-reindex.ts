import type { DataSource } from 'typeorm'
import { inList } from '../db/reader'
import { execute, insertIgnore, KEEP_UPDATED_AT, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { invalidateFeedCounts } from '../db/list-cache'
import { noteSearchText } from '../search/tokenizer'
import { plainText } from './richtext'

/*
 * posts.search_text written by an older tokenizer (the character pairs before issue 38) is rewritten with
 * the current one at start-up, in batches of BATCH notes, each batch one short write job through the writer
 * (the SQLite single writer; elsewhere a transaction), so requests keep being served in between. The
 * settings row `search_tokenizer` records the version the stored tokens were made with; the seed writes it
 * with its rows (they are made with the current tokenizer already).
 */

/** Bump when the tokens a note gets change; the next start re-tokenises every published note. */
export const SEARCH_TOKENIZER_VERSION = 'words-1'
const SETTING = 'search_tokenizer'
const BATCH = 200

interface NoteRow {
  id: number
  title: string
  content: string
  search_text: string
}

async function storedVersion(db: DataSource): Promise<string | null> {
  const [row] = await query<{ value: string }>(db, 'SELECT value FROM settings WHERE name = ?', [SETTING])
  return row?.value ?? null
}

/** Record that the stored tokens are the current tokenizer's (the seed and the re-indexing below). */
export async function markSearchIndexCurrent(db: DataSource): Promise<void> {
  await inTransaction(db, async (m) => {
    const kind = kindOf(m)
    await execute(m, 'UPDATE settings SET value = ? WHERE name = ?', [SEARCH_TOKENIZER_VERSION, SETTING])
    await execute(m, insertIgnore(kind, 'settings', ['name', 'value']), [SETTING, SEARCH_TOKENIZER_VERSION])
  })
}

/** Re-tokenise one batch of published notes after `afterId`; the last id seen, or null when done. */
async function reindexBatch(db: DataSource, afterId: number): Promise<{ last: number | null; changed: number }> {
  const notes = await query<NoteRow>(db, `SELECT id, title, content, search_text FROM posts WHERE id > ? AND search_text <> '' ORDER BY id LIMIT ${BATCH}`, [afterId])
  if (notes.length === 0) return { last: null, changed: 0 }
  const list = inList(notes.map((n) => Number(n.id)))
  const tags = await query<{ post_id: number; name: string }>(db, `SELECT pt.post_id, t.name FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id IN ${list.sql} ORDER BY pt.post_id, t.id`, list.params)
  const tagsOf = new Map<number, string[]>()
  for (const t of tags) tagsOf.set(Number(t.post_id), [...(tagsOf.get(Number(t.post_id)) ?? []), t.name])
  const updates = notes
    .map((n) => ({ id: Number(n.id), old: n.search_text, text: noteSearchText(n.title, plainText(n.content), tagsOf.get(Number(n.id)) ?? []) }))
    .filter((u) => u.text !== u.old)
  const changed = await inTransaction(db, async (m) => {
    let n = 0
    // Only a note still holding the tokens read above: an edit committed meanwhile wrote current ones.
    for (const u of updates) n += await execute(m, `UPDATE posts SET search_text = ?, ${KEEP_UPDATED_AT} WHERE id = ? AND search_text = ? AND search_text <> ''`, [u.text, u.id, u.old])
    return n
  })
  // What searches find changed: their kept pages, totals and chips (db/list-cache.ts) are stale.
  if (changed > 0) invalidateFeedCounts()
  return { last: Number(notes[notes.length - 1]!.id), changed }
}

/** Re-tokenise every published note when the stored tokens are older than the current tokenizer; how many changed. */
export async function reindexSearchIfStale(db: DataSource): Promise<number> {
  if ((await storedVersion(db)) === SEARCH_TOKENIZER_VERSION) return 0
  let afterId = 0
  let changed = 0
  for (;;) {
    const batch = await reindexBatch(db, afterId)
    if (batch.last === null) break
    changed += batch.changed
    afterId = batch.last
  }
  await markSearchIndexCurrent(db)
  return changed
}

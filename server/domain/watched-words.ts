import { randomUUID } from 'node:crypto'
import { In, type DataSource, type EntityManager } from 'typeorm'
import { WATCH_ACTIONS, WATCHED_WORD_MAX, type WatchAction, type WatchedWordCreateBody, type WatchedWordUpdateBody } from '../contract/admin/moderation'
import { WatchedWord } from '../db/entities'
import { execute, insertIgnore, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { Conflict, Invalid } from '../errors'
import { foldWord, screenHtml, screenPlain, WordMatcher, type Screened } from './word-matcher'
import { fixed } from '../i18n/message'

/*
 * The watched-word list as the write commands use it. Each instance keeps the list's automaton in memory
 * and, before each check, reads the list's version (one primary-key read of `settings`); every change to
 * the list writes a new version in the same transaction, so the next write anywhere, on any instance,
 * sees the change (docs/decisions.md "Watched words: a version row, not a TTL").
 */

const VERSION_SETTING = 'watched_words.version'
export const BLOCKED_MESSAGE = '内容包含不当词语'

interface Cached {
  version: string
  matcher: WordMatcher
}

const cache = new WeakMap<DataSource, Cached>()

/** The current automaton: rebuilt only when the list's version changed since the last build. */
export async function watchedWords(db: DataSource): Promise<WordMatcher> {
  const [row] = await query<{ value: string }>(db, 'SELECT value FROM settings WHERE name = ?', [VERSION_SETTING])
  const version = row?.value ?? ''
  const hit = cache.get(db)
  if (hit && hit.version === version) return hit.matcher
  // Read after the version: a change in between leaves a newer list under an older version, rebuilt next time.
  const words = await query<{ word: string; action: string }>(db, 'SELECT word, action FROM watched_words')
  const matcher = new WordMatcher(words.filter((w) => (WATCH_ACTIONS as readonly string[]).includes(w.action)).map((w) => ({ word: w.word, action: w.action as WatchAction })))
  cache.set(db, { version, matcher })
  return matcher
}

/** Called in the transaction of every change to the list. */
export async function bumpWatchedWordsVersion(manager: EntityManager): Promise<void> {
  const version = randomUUID()
  const changed = await execute(manager, 'UPDATE settings SET value = ? WHERE name = ?', [version, VERSION_SETTING])
  if (!changed) await execute(manager, insertIgnore(kindOf(manager), 'settings', ['name', 'value']), [VERSION_SETTING, version])
}

/** Where a text comes from: what review means there (profiles have no review queue). */
export type ScreenKind = 'plain' | 'html'

export interface ScreenedFields<K extends string> {
  /** The texts with their replace words masked. */
  texts: Record<K, string>
  /** True when a review word matched (the write is held for review). */
  held: boolean
}

/**
 * Screen the texts of one write. A block word refuses the write (400 内容包含不当词语, naming nothing
 * more); a review word marks it held, or refuses it too when `review` is 'block' (nicknames and bios,
 * which no queue can hold); replace words are masked with ***.
 */
export function screenFields<K extends string>(matcher: WordMatcher, fields: Record<K, { text: string; kind: ScreenKind }>, review: 'hold' | 'block' = 'hold'): ScreenedFields<K> {
  const texts = {} as Record<K, string>
  let held = false
  for (const name of Object.keys(fields) as K[]) {
    const { text, kind } = fields[name]
    const screened: Screened = kind === 'html' ? screenHtml(matcher, text) : screenPlain(matcher, text)
    if (screened.verdict === 'block' || (screened.verdict === 'review' && review === 'block')) throw Invalid(BLOCKED_MESSAGE)
    if (screened.verdict === 'review') held = true
    texts[name] = screened.text
  }
  return { texts, held }
}

/* Changes to the list: each in one transaction with the new version. */

async function checkUnique(db: DataSource, folded: string, exceptId?: number): Promise<void> {
  const [row] = await query<{ id: number }>(db, 'SELECT id FROM watched_words WHERE folded = ?', [folded])
  // A duplicate is a conflict (409), like every other admin duplicate; the back-office shows the message either way.
  if (row && Number(row.id) !== exceptId) throw Conflict('该词语已存在')
}

function foldedOrRefuse(word: string): string {
  const folded = foldWord(word)
  if (!folded) throw Invalid('请输入词语')
  if (folded.length > WATCHED_WORD_MAX) throw Invalid(fixed('词语最多{max}个字符', { max: WATCHED_WORD_MAX }))
  return folded
}

export async function addWatchedWord(db: DataSource, input: WatchedWordCreateBody): Promise<number> {
  const folded = foldedOrRefuse(input.word)
  await checkUnique(db, folded)
  return inTransaction(db, async (m) => {
    const inserted = await m.insert(WatchedWord, { word: input.word, folded, action: input.action })
    await bumpWatchedWordsVersion(m)
    return Number(inserted.identifiers[0]!.id)
  })
}

export async function updateWatchedWord(db: DataSource, id: number, input: WatchedWordUpdateBody): Promise<void> {
  const patch: Partial<WatchedWord> = {}
  if (input.word !== undefined) {
    patch.word = input.word
    patch.folded = foldedOrRefuse(input.word)
    await checkUnique(db, patch.folded, id)
  }
  if (input.action !== undefined) patch.action = input.action
  if (!Object.keys(patch).length) return
  await inTransaction(db, async (m) => {
    await m.getRepository(WatchedWord).update({ id }, patch)
    await bumpWatchedWordsVersion(m)
  })
}

export async function removeWatchedWords(db: DataSource, ids: number[]): Promise<void> {
  await inTransaction(db, async (m) => {
    await m.getRepository(WatchedWord).delete({ id: In(ids) })
    await bumpWatchedWordsVersion(m)
  })
}

/**
 * A profile's nickname and bio screened (registration and profile edits): block and review words refuse
 * the write (no queue holds a profile), replace words are masked. A masked text is cut back to its
 * field's length.
 */
export async function screenProfile(db: DataSource, texts: { nickname?: string; bio?: string | null }, limits: { nickname: number; bio: number }): Promise<{ nickname?: string; bio?: string }> {
  const out: { nickname?: string; bio?: string } = {}
  if (!texts.nickname && !texts.bio) return out
  const matcher = await watchedWords(db)
  if (!matcher.size) return out
  const screen = (text: string, max: number) => [...screenFields(matcher, { text: { text, kind: 'plain' } }, 'block').texts.text].slice(0, max).join('')
  if (texts.nickname) out.nickname = screen(texts.nickname, limits.nickname)
  if (texts.bio) out.bio = screen(texts.bio, limits.bio)
  return out
}

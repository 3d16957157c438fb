import type { DatabaseKind } from '../config'
import { TAG_STATS_MAX, type SearchCard, type SearchQuery, type SearchUser, type TagStat } from '../contract/search'
import type { SqlReader } from '../db/reader'
import { blockScope, type BlockingViewer } from '../db/blocks'
import { cached, cachedCount, keptWhileListsUnchanged } from '../db/list-cache'
import { listPage, pagination, type ListReply } from '../presenters/list'
import { Invalid } from '../errors'
import { loadPostCardPage, loadPostCardsKeeping } from '../presenters/post'
import { jsonList, withFields } from '../presenters/json-text'
import { noteHighlight, wordsOf } from './highlight'
import { countNotes, noteIdsPage, searchNoteIds, tagIdByName, tagStats, termsOf, type NoteSearch } from './index'
import { countUsers, searchUsers } from './users'

/*
 * GET /search. Tabs: all (notes of both kinds + users), posts (image notes), videos (video notes), users.
 * A keyword and/or a tag is required. Per request: the page of note ids (index), the cards (one query), and
 * for the users part one query; totals and tag chips are computed once per query string and cached for a
 * few seconds (domain/feed.ts cachedCount).
 */

export interface SearchResult extends ListReply<'data', SearchCard> {
  keyword: string
  tag: string
  type: SearchQuery['type']
  posts: ListReply<'data', SearchCard>
  users: ListReply<'data', SearchUser>
  tagStats: TagStat[]
}

export async function searchNotes(reader: SqlReader, kind: DatabaseKind, input: { keyword?: string; tag?: string; type: number | null }, page: number, limit: number, viewer: BlockingViewer | null) {
  const terms = termsOf(input.keyword)
  const tagId = input.tag ? await tagIdByName(reader, input.tag) : null
  const empty = (input.keyword && terms.length === 0) || (input.tag && !tagId)
  if (empty) return { cards: [] as SearchCard[], total: 0, stats: [] as TagStat[] }
  const search: NoteSearch = { terms, tagId, type: input.type, viewer }
  const key = `s|${terms.map((t) => t.token + (t.prefix ? '*' : '')).join(' ')}|${tagId ?? ''}|${input.type ?? ''}|${blockScope(viewer) ?? ''}`
  const offset = (page - 1) * limit
  const [cards, total, stats] = await Promise.all([
    terms.length > 0 ? rankedCards(reader, kind, search, `${key}|${limit}|${offset}`, limit, offset, viewer?.id ?? null) : loadPostCardPage(reader, kind, noteIdsPage(kind, search, limit, offset), viewer?.id ?? null),
    cachedCount(key, () => countNotes(reader, kind, search)),
    cached(`tags|${key}`, () => tagStats(reader, kind, search, TAG_STATS_MAX)),
  ])
  const words = wordsOf(terms)
  const marked = words.length === 0 ? cards : jsonList(cards.map((c) => withFields<SearchCard>(c, { highlight: noteHighlight(c, words) })))
  return { cards: marked as SearchCard[], total, stats }
}

/**
 * A keyword page: its ranked ids (the statement that ranks the window: bm25 / ts_rank over up to RANK_WINDOW
 * matches) kept while no list changes (db/list-cache.ts keptWhileListsUnchanged), and the notes' counters kept the
 * same way (likes, collects and comments move the lists' generation; a view count may lag by up to its 2 s), then
 * the cards with the viewer's flags, read every time. Before, the page was kept until the next commit only
 * (SQLite), and the search route's own rate-limit counter commits several times a second under load, so the
 * window was ranked again on about every other request (bench --reads, search 学习). Kept ids of a note hidden,
 * turned into a draft or deleted since (by another instance, within the keep) are left out of the page.
 */
async function rankedCards(reader: SqlReader, kind: DatabaseKind, search: NoteSearch, key: string, limit: number, offset: number, viewerId: number | null): Promise<SearchCard[]> {
  const ids = await keptWhileListsUnchanged(`ranked|${key}`, () => searchNoteIds(reader, kind, search, limit, offset))
  const cards = await loadPostCardsKeeping(reader, kind, ids, viewerId, (read) => keptWhileListsUnchanged(`counters|${ids.join(',')}`, read))
  return jsonList(cards.filter((c) => !c.is_draft && c.moderation === 0)) as SearchCard[]
}

export async function runSearch(reader: SqlReader, kind: DatabaseKind, q: SearchQuery, viewer: BlockingViewer | null): Promise<SearchResult> {
  const keyword = q.keyword ?? ''
  const tag = q.tag ?? ''
  if (!keyword && !tag) throw Invalid('请输入搜索关键词或标签')
  const wantsNotes = q.type !== 'users'
  const wantsUsers = (q.type === 'users' || q.type === 'all') && keyword !== ''
  const noteType = q.type === 'posts' ? 1 : q.type === 'videos' ? 2 : null
  const [notes, users, userTotal] = await Promise.all([
    wantsNotes ? searchNotes(reader, kind, { keyword: keyword || undefined, tag: tag || undefined, type: noteType }, q.page, q.limit, viewer) : null,
    wantsUsers ? searchUsers(reader, keyword, viewer, q.limit, (q.page - 1) * q.limit) : [],
    wantsUsers ? cachedCount(`u|${keyword}|${blockScope(viewer) ?? ''}`, () => countUsers(reader, keyword, viewer)) : 0,
  ])
  const posts = listPage('data', notes?.cards ?? [], pagination(q.page, q.limit, notes?.total ?? 0))
  return {
    keyword,
    tag,
    type: q.type,
    posts,
    users: listPage('data', users, pagination(q.page, q.limit, userTotal)),
    tagStats: notes?.stats ?? [],
    ...posts,
  }
}

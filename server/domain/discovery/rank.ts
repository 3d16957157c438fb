import type { RecommendReason } from '../../contract/posts'
import { BLEND, HOT_SPAN, MAX_AUTHOR_RUN } from './weights'
import { msg, type Message } from '../../i18n/message'
import { render } from '../../i18n/format'
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales'

/*
 * The blend of the personalised 推荐, as pure functions over what candidates.ts read: score each candidate
 * from the member's signals (weights.ts), give it the reason that weighed most, order them, and keep any
 * author from more than MAX_AUTHOR_RUN notes in a row. No I/O here, so the parts are tested on hand-made cases.
 */

/** A note that some source proposed, with what the blend needs to know about it. */
export interface Candidate {
  id: number
  authorId: number
  categoryId: number | null
  hotScore: number
  tagIds: readonly number[]
  /** The author's nickname, for 因为你关注了 … */
  nickname: string
}

/** One signal: its strength relative to the member's strongest of its kind (−1..1; negative = 不感兴趣) and its label. */
export interface Signal {
  strength: number
  label: string
}

/** The member's signals, each keyed by the id it is about. */
export interface MemberSignals {
  tags: ReadonlyMap<number, Signal>
  categories: ReadonlyMap<number, Signal>
  /** Authors the member engaged with (likes, collects, comments, long views; 不感兴趣 negative). */
  authors: ReadonlyMap<number, Signal>
  /** Authors the member follows. */
  followed: ReadonlyMap<number, Signal>
  /** Notes co-engaged with the member's latest engaged notes (strength 0..1). */
  neighbours: ReadonlyMap<number, number>
  /** Tag ids of the member's declared interests, labelled with the interest. */
  interests: ReadonlyMap<number, string>
}

export interface Scored {
  id: number
  authorId: number
  score: number
  reason: RecommendReason | null
}

export const emptySignals = (): MemberSignals => ({
  tags: new Map(),
  categories: new Map(),
  authors: new Map(),
  followed: new Map(),
  neighbours: new Map(),
  interests: new Map(),
})

/** The hot term: 1 for the hottest candidate, falling linearly to 0 at HOT_SPAN hot-score units below it. */
export function hotTerm(hotScore: number, maxHot: number): number {
  return Math.min(1, Math.max(0, 1 - (maxHot - hotScore) / HOT_SPAN))
}

function reasonMessage(type: RecommendReason['type'], label: string): Message {
  switch (type) {
    case 'follow':
      return msg('因为你关注了 {label}', { label })
    case 'author':
      return msg('因为你喜欢过 {label} 的笔记', { label })
    case 'tag':
      return msg('因为你喜欢 #{label}', { label })
    case 'category':
      return msg('因为你常看「{label}」', { label })
    case 'similar':
      return msg('喜欢相似笔记的人也喜欢')
    case 'interest':
      return msg('因为你对 #{label} 感兴趣', { label })
  }
}

/** Score one candidate: the weighted sources, the hot term, minus dislikes; the reason is the largest personal part. */
export function scoreCandidate(c: Candidate, s: MemberSignals, maxHot: number, locale: Locale = DEFAULT_LOCALE): Scored {
  const parts: Array<{ type: RecommendReason['type']; value: number; label: string }> = []
  let dislike = 0
  const followed = s.followed.get(c.authorId)
  if (followed) parts.push({ type: 'follow', value: BLEND.follow * Math.max(0.5, followed.strength), label: c.nickname })
  const author = s.authors.get(c.authorId)
  if (author && author.strength > 0) parts.push({ type: 'author', value: BLEND.author * author.strength, label: c.nickname })
  if (author && author.strength < 0) dislike += -author.strength
  let bestTag: Signal | null = null
  let tagDislike = 0
  let interest: string | null = null
  for (const tagId of c.tagIds) {
    const tag = s.tags.get(tagId)
    if (tag && tag.strength > (bestTag?.strength ?? 0)) bestTag = tag
    if (tag && tag.strength < 0) tagDislike = Math.max(tagDislike, -tag.strength)
    interest ??= s.interests.get(tagId) ?? null
  }
  dislike += tagDislike
  if (bestTag) parts.push({ type: 'tag', value: BLEND.tag * bestTag.strength, label: bestTag.label })
  const category = c.categoryId === null ? undefined : s.categories.get(c.categoryId)
  if (category && category.strength > 0) parts.push({ type: 'category', value: BLEND.category * category.strength, label: category.label })
  const similar = s.neighbours.get(c.id)
  if (similar) parts.push({ type: 'similar', value: BLEND.similar * similar, label: '' })
  if (interest !== null) parts.push({ type: 'interest', value: BLEND.interest, label: interest })
  let score = BLEND.hot * hotTerm(c.hotScore, maxHot) - BLEND.dislike * Math.min(1, dislike)
  let best: (typeof parts)[number] | null = null
  for (const p of parts) {
    score += p.value
    if (!best || p.value > best.value) best = p
  }
  return { id: c.id, authorId: c.authorId, score, reason: best ? { type: best.type, text: render(reasonMessage(best.type, best.label), locale) } : null }
}

/** Candidates best first (ties: the newer note, i.e. the higher id, first), so equal inputs give equal pages. */
/** `locale`: the member's language, for the reasons' texts (issue 40; a session keeps them as rendered). */
export function rankCandidates(candidates: readonly Candidate[], s: MemberSignals, locale: Locale = DEFAULT_LOCALE): Scored[] {
  let maxHot = -Infinity
  for (const c of candidates) maxHot = Math.max(maxHot, c.hotScore)
  return candidates.map((c) => scoreCandidate(c, s, maxHot, locale)).sort((a, b) => b.score - a.score || b.id - a.id)
}

/**
 * Keep the order, but never more than `max` notes in a row by one author: a note that would make a longer run
 * waits for the first place where it no longer does. Notes that never find such a place (only their author is
 * left) end the list in their order: the rule cannot hold there, and a short feed of a small site is better
 * served by showing them than by hiding them.
 */
export function limitAuthorRuns<T extends { authorId: number }>(items: readonly T[], max = MAX_AUTHOR_RUN): T[] {
  const out: T[] = []
  const waiting = [...items]
  const wouldRun = (authorId: number) => out.length >= max && out.slice(-max).every((o) => o.authorId === authorId)
  while (waiting.length) {
    const next = waiting.findIndex((c) => !wouldRun(c.authorId))
    if (next < 0) return [...out, ...waiting]
    out.push(waiting.splice(next, 1)[0]!)
  }
  return out
}

import type { DatabaseKind } from '../../config'
import type { RecommendMode } from '../../contract/admin/moderation'
import type { RecommendReason } from '../../contract/posts'
import type { BlockingViewer } from '../../db/blocks'
import type { SqlReader } from '../../db/reader'
import { loadCandidates } from './candidates'
import { limitAuthorRuns, rankCandidates } from './rank'
import type { Locale } from '../../i18n/locales'

/*
 * Discovery: the personalised 推荐 channel (docs/discovery.md "推荐 ranking"). Candidate sources (followed and
 * engaged authors, engaged tags and categories, co-engagement, declared interests, the global hot list) and the
 * blend live here, their weights in weights.ts. What an interaction changes is kept by the command that makes
 * it (affinity.ts, called from likes, collections, comments, follows, views and 不感兴趣), never recomputed per
 * request. The offline evaluation (`npm run eval:recommend`) calls `personalisedNoteIds` and
 * `rebuildDiscoverySignals` below, the very functions the channel uses.
 */

export type { RecommendReason } from '../../contract/posts'
export { rebuildDiscoverySignals } from './rebuild'

/**
 * Ranked note ids for a member (best first), with why each was chosen. Reads only; excludes notes the member
 * already liked / collected / marked not-interested, their own notes and everything a list hides (unlisted
 * notes, authors the member blocks). `now`: rank as of that moment (notes created later are left out).
 */
export async function personalisedNoteIds(
  reader: SqlReader,
  kind: DatabaseKind,
  memberId: number,
  options: { limit: number; now?: Date },
): Promise<Array<{ id: number; reason: RecommendReason | null }>> {
  return (await rankForMember(reader, kind, memberId, options)).ranked
}

/** `personalisedNoteIds`, with the back-office's recommend_mode read in the same statements (the channel's own entry). */
export async function rankForMember(
  reader: SqlReader,
  kind: DatabaseKind,
  member: number | BlockingViewer,
  options: { limit: number; now?: Date; locale?: Locale },
): Promise<{ ranked: Array<{ id: number; reason: RecommendReason | null }>; mode: RecommendMode }> {
  const { candidates, signals, mode } = await loadCandidates(reader, kind, member, options.now)
  const ranked = limitAuthorRuns(rankCandidates(candidates, signals, options.locale))
    .slice(0, options.limit)
    .map((r) => ({ id: r.id, reason: r.reason }))
  return { ranked, mode }
}

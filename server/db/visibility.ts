/**
 * Who sees a note or a comment. A row is *listed* (in every public list, in search, in the counters that
 * count notes and comments) when it is published and its moderation state is visible; otherwise only its
 * author and the administrators see it, with the state and the reason (docs/moderation.md).
 *
 * The states are set only through domain/moderation-state.ts, which moves the counters with them.
 */
export const Moderation = {
  /** Shown to everyone. */
  visible: 0,
  /** Hidden by a moderator (restorable); its author sees 「该内容已被隐藏：<reason>」. */
  hidden: 1,
  /** Held for review (watched word or the review setting); its author sees 审核中. */
  pending: 2,
  /** Refused in review; its author sees the reason and may edit and resubmit. */
  rejected: 3,
} as const

export type ModerationState = (typeof Moderation)[keyof typeof Moderation]

export const MODERATION_STATES: readonly ModerationState[] = Object.values(Moderation)

export const isModerationState = (n: number): n is ModerationState => (MODERATION_STATES as readonly number[]).includes(n)

/** SQL: the note aliased `alias` is published and visible to everyone. */
export const listedNote = (alias = 'p'): string => `${alias}.is_draft = FALSE AND ${alias}.moderation = 0`

/** SQL with one `?`, bound to the viewer's id: the note aliased `alias` is listed, or the viewer's own. */
export const noteSeenBy = (alias = 'p'): string => `(${listedNote(alias)} OR ${alias}.user_id = ?)`

/** SQL: the comment aliased `alias` is visible to everyone. */
export const listedComment = (alias = 'c'): string => `${alias}.moderation = 0`

/** SQL with one `?`, bound to the viewer's id (0 for a visitor, which matches nobody): listed, or the viewer's own. */
export const commentSeenBy = (alias = 'c'): string => `(${alias}.moderation = 0 OR ${alias}.user_id = ?)`

/**
 * XiaoShiLiu v1.3's note status (contract NOTE_STATUS: 0 published, 1 draft, 2 held, 3 refused or hidden) as
 * SQL over the note aliased `alias`, the same mapping as noteStatusOf in server/contract/posts.ts.
 */
export const noteStatusSql = (alias = 'p'): string =>
  `CASE WHEN ${alias}.is_draft = TRUE THEN 1 WHEN ${alias}.moderation = ${Moderation.visible} THEN 0 WHEN ${alias}.moderation = ${Moderation.pending} THEN 2 ELSE 3 END`

/** SQL: the note aliased `alias` has v1.3 status `status` (conditions the posts indexes can serve, unlike the CASE). */
export function noteStatusIs(status: 0 | 1 | 2 | 3, alias = 'p'): string {
  if (status === 1) return `${alias}.is_draft = TRUE`
  if (status === 0) return listedNote(alias)
  if (status === 2) return `${alias}.is_draft = FALSE AND ${alias}.moderation = ${Moderation.pending}`
  return `${alias}.is_draft = FALSE AND ${alias}.moderation IN (${Moderation.hidden}, ${Moderation.rejected})`
}

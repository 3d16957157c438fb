import type { EntityManager } from 'typeorm'
import { BLOCK_MESSAGES } from '../contract/blocks'
import { query } from '../db/sql'
import { Forbidden } from '../errors'
import { unlinkMentions } from './richtext'

/*
 * The block policy (拉黑, issue 18) as the write commands apply it, inside their transactions and after
 * their row locks: a member whom another blocked cannot follow them, comment on or like / collect their
 * notes, reply to or like their comments (403, nothing written, no notification). An @mention of a member
 * who blocked the writer is kept as plain text: no link, no notification.
 */

/** Those of `userIds` who block `actorId` (one query). */
export async function blockersOf(m: EntityManager, actorId: number, userIds: ReadonlyArray<number | null>): Promise<Set<number>> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number' && id !== actorId))]
  if (ids.length === 0) return new Set()
  const rows = await query<{ id: number }>(m, `SELECT blocker_id AS id FROM user_blocks WHERE blocked_id = ? AND blocker_id IN (${ids.map(() => '?').join(', ')})`, [actorId, ...ids])
  return new Set(rows.map((r) => Number(r.id)))
}

/** 403 「由于对方的设置，你无法进行此操作」 when any of `ownerIds` blocks `actorId`. */
export async function refuseIfBlocked(m: EntityManager, actorId: number, ownerIds: ReadonlyArray<number | null>): Promise<void> {
  if ((await blockersOf(m, actorId, ownerIds)).size > 0) throw Forbidden(BLOCK_MESSAGES.refused)
}

/**
 * The members `html` mentions (display ids from richtext.mentionedUserIds), less those who block the
 * writer, and the text with those mentions unlinked. Two queries at most.
 */
export async function allowedMentions(m: EntityManager, writerId: number, html: string, displayIds: readonly string[]): Promise<{ ids: number[]; html: string }> {
  if (displayIds.length === 0) return { ids: [], html }
  const rows = await query<{ id: number; user_id: string }>(m, `SELECT id, user_id FROM users WHERE user_id IN (${displayIds.map(() => '?').join(', ')})`, [...displayIds])
  const users = rows.map((r) => ({ id: Number(r.id), userId: r.user_id }))
  const blockers = await blockersOf(m, writerId, users.map((u) => u.id))
  if (blockers.size === 0) return { ids: users.map((u) => u.id), html }
  const refused = users.filter((u) => blockers.has(u.id))
  return { ids: users.filter((u) => !blockers.has(u.id)).map((u) => u.id), html: unlinkMentions(html, refused.map((u) => u.userId)) }
}

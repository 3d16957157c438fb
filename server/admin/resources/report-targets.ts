import type { AppDeps } from '../../deps'
import { Moderation } from '../../db/visibility'
import { setCommentModeration, setNoteModeration } from '../../domain/moderation-state'
import { Invalid } from '../../errors'
import { QUEUE_MESSAGES, type ReportGroupRef } from '../../domain/moderation-queue'
import { query } from '../../db/sql'
import type { AdminWrite } from '../resource'
import { comments } from './comments'
import { posts } from './posts'

/*
 * What the queue's hide, restore and delete do to the reported note or comment: the same commands as
 * everywhere else (the moderation-state commands move every counter and drop the list caches; deletion is
 * the notes' and comments' own delete command, which recounts what the rows fed).
 */

interface TargetState {
  exists: boolean
  /** The note concerned (the note itself, or the comment's note). */
  postId: number | null
  moderation: number | null
}

export async function targetState(deps: AppDeps, group: ReportGroupRef): Promise<TargetState> {
  if (group.targetType === 'user') return { exists: true, postId: null, moderation: null }
  const sql = group.targetType === 'post' ? 'SELECT id AS post_id, moderation FROM posts WHERE id = ?' : 'SELECT post_id, moderation FROM comments WHERE id = ?'
  const [row] = await query<{ post_id: number; moderation: number }>(deps.db, sql, [group.targetId])
  return row ? { exists: true, postId: Number(row.post_id), moderation: Number(row.moderation) } : { exists: false, postId: null, moderation: null }
}

function contentOnly(group: ReportGroupRef, state: TargetState): void {
  if (group.targetType === 'user') throw Invalid(QUEUE_MESSAGES.userTarget)
  if (!state.exists) throw Invalid(QUEUE_MESSAGES.gone)
}

/** Hide the note or comment (it disappears for everyone but its author and admins). */
export async function hideTarget(deps: AppDeps, group: ReportGroupRef, reason: string): Promise<TargetState> {
  const state = await targetState(deps, group)
  contentOnly(group, state)
  if (group.targetType === 'post') await setNoteModeration(deps.db, group.targetId, Moderation.hidden, reason)
  else await setCommentModeration(deps.db, group.targetId, Moderation.hidden, reason)
  return state
}

/** Show a hidden note or comment again. */
export async function restoreTarget(deps: AppDeps, group: ReportGroupRef): Promise<TargetState> {
  const state = await targetState(deps, group)
  contentOnly(group, state)
  if (state.moderation !== Moderation.hidden) throw Invalid(QUEUE_MESSAGES.notHidden)
  if (group.targetType === 'post') await setNoteModeration(deps.db, group.targetId, Moderation.visible, null)
  else await setCommentModeration(deps.db, group.targetId, Moderation.visible, null)
  return state
}

/** Delete the note or comment through its resource's delete command (media released, counters recounted). */
export async function deleteTarget(write: AdminWrite, group: ReportGroupRef): Promise<TargetState> {
  const state = await targetState(write.deps, group)
  contentOnly(group, state)
  if (group.targetType === 'post') await posts.remove!(write, [group.targetId])
  else await comments.remove!(write, [group.targetId])
  return state
}

import type { EntityManager } from 'typeorm'
import { NOTIFICATION_TYPE, Notification } from '../db/entities'

export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE]

/** The action text each notification type shows (the `title` field). */
export const NOTIFICATION_TITLES: Record<NotificationType, string> = {
  1: '赞了你的笔记',
  2: '赞了你的评论',
  3: '收藏了你的笔记',
  4: '评论了你的笔记',
  5: '回复了你的评论',
  6: '开始关注你了',
  7: '在评论中@了你',
  8: '在笔记中@了你',
}

/** Undoable actions notify once per (actor, target) ever: like, unlike, like again is one notification. */
const DEDUPED: ReadonlySet<number> = new Set([1, 2, 3, 6])

export interface NotifyInput {
  /** Receiver (users.id). */
  userId: number
  /** Actor (users.id). */
  senderId: number
  type: NotificationType
  /** The note concerned. */
  postId?: number | null
  commentId?: number | null
}

/** The dedupe key of a notification (null where every occurrence is news). Shared with the seed generator. */
export function dedupeKey(input: Omit<NotifyInput, 'userId'>): string | null {
  if (!DEDUPED.has(input.type)) return null
  return `${input.type}:${input.senderId}:${input.postId ?? 0}:${input.commentId ?? 0}`
}

/**
 * Record a notification inside the caller's transaction. Nobody is notified of their own action, and
 * repeatable actions are deduplicated by a unique (user_id, dedupe_key) index, so concurrent duplicates
 * are ignored rather than failing the transaction.
 */
export async function notify(manager: EntityManager, input: NotifyInput): Promise<void> {
  if (input.userId === input.senderId) return
  const key = dedupeKey(input)
  const qb = manager
    .createQueryBuilder()
    .insert()
    .into(Notification)
    .values({
      user_id: input.userId,
      sender_id: input.senderId,
      type: input.type,
      title: NOTIFICATION_TITLES[input.type],
      target_id: input.postId ?? null,
      comment_id: input.commentId ?? null,
      is_read: false,
      dedupe_key: key,
    })
  if (key) qb.orIgnore()
  await qb.execute()
}

/** Notify several receivers of the same action (mentions), skipping the actor and duplicates. */
export async function notifyMany(manager: EntityManager, userIds: readonly number[], input: Omit<NotifyInput, 'userId'>): Promise<void> {
  for (const userId of new Set(userIds)) await notify(manager, { ...input, userId })
}

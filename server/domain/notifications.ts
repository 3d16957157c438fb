import type { EntityManager } from 'typeorm'
import { NOTIFICATION_TYPE } from '../db/entities'
import { dateParam, execute, insertIgnore, kindOf, query } from '../db/sql'
import { afterCommit } from '../db/transaction'
import { eventBusOf } from '../events/bus'
import { localize, type Message } from '../i18n/format'
import { DEFAULT_LOCALE, savedLocale, type Locale } from '../i18n/locales'

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
  9: '系统通知',
}

/**
 * The saved language of each receiver (issue 40). System notices are rendered for their receiver when they
 * are written: the text stays what the member read, whatever they choose later, and rows written before
 * languages existed (Chinese) keep working. The actions' titles above are catalogue ids, rendered again in
 * the reader's language when listed (presenters/notification.ts).
 */
async function receiverLocales(manager: EntityManager, userIds: readonly number[]): Promise<Map<number, Locale>> {
  const rows = await query<{ id: number; locale: string | null }>(manager, `SELECT id, locale FROM users WHERE id IN (${userIds.map(() => '?').join(', ')})`, [...userIds])
  const locales = new Map<number, Locale>()
  for (const row of rows) {
    const locale = savedLocale(row.locale)
    if (locale) locales.set(Number(row.id), locale)
  }
  return locales
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

const NOTIFICATION_COLUMNS = ['user_id', 'sender_id', 'type', 'title', 'target_id', 'comment_id', 'is_read', 'dedupe_key', 'created_at'] as const
const SYSTEM_COLUMNS = ['user_id', 'type', 'title', 'content', 'target_id', 'comment_id', 'is_read', 'created_at'] as const

export interface SystemNotice {
  /** The headline (at most 100 characters), e.g. 你的举报已处理: a message, rendered in each receiver's language. */
  title: string | Message
  /** The message itself (a moderator's text included), at most 500 characters. */
  content: string | Message
  /** The note concerned, if any (the notification links to it). */
  postId?: number | null
  commentId?: number | null
}

/**
 * Notify members from the site itself (type 9, no sender): moderation outcomes, warnings, bans. Inside the
 * caller's transaction, one statement for all receivers.
 */
export async function notifyFromSite(manager: EntityManager, userIds: readonly number[], notice: SystemNotice): Promise<void> {
  const receivers = [...new Set(userIds)]
  if (!receivers.length) return
  const kind = kindOf(manager)
  const at = dateParam(kind, new Date())
  const row = `(${SYSTEM_COLUMNS.map(() => '?').join(', ')})`
  const locales = await receiverLocales(manager, receivers)
  const params = receivers.flatMap((userId) => {
    const locale = locales.get(userId) ?? DEFAULT_LOCALE
    return [userId, 9, localize(notice.title, locale).slice(0, 100), localize(notice.content, locale).slice(0, 500), notice.postId ?? null, notice.commentId ?? null, 0, at]
  })
  await execute(manager, `INSERT INTO notifications (${SYSTEM_COLUMNS.join(', ')}) VALUES ${receivers.map(() => row).join(', ')}`, params)
  afterCommit(manager, (db) => eventBusOf(db)?.publish({ kind: 'notifications', userIds: receivers }))
}

/**
 * Record a notification inside the caller's transaction. Nobody is notified of their own action, and
 * repeatable actions are deduplicated by a unique (user_id, dedupe_key) index: the insert is an
 * insert-or-ignore, so a duplicate (concurrent or not) changes nothing instead of failing the transaction.
 * Raw SQL on purpose: TypeORM's insert builder reads the new id back and throws on MySQL when an
 * `INSERT IGNORE` inserted nothing.
 */
export async function notify(manager: EntityManager, input: NotifyInput): Promise<void> {
  if (input.userId === input.senderId) return
  const key = dedupeKey(input)
  const kind = kindOf(manager)
  const sql = key
    ? insertIgnore(kind, 'notifications', NOTIFICATION_COLUMNS)
    : `INSERT INTO notifications (${NOTIFICATION_COLUMNS.join(', ')}) VALUES (${NOTIFICATION_COLUMNS.map(() => '?').join(', ')})`
  await execute(manager, sql, [
    input.userId,
    input.senderId,
    input.type,
    NOTIFICATION_TITLES[input.type],
    input.postId ?? null,
    input.commentId ?? null,
    0,
    key,
    dateParam(kind, new Date()),
  ])
  announce(manager, input.userId)
}

/** Tell the receiver's open notification streams, on every instance, once the notification is committed. */
function announce(manager: EntityManager, userId: number): void {
  afterCommit(manager, (db) => eventBusOf(db)?.publish({ kind: 'notifications', userIds: [userId] }))
}

/** The longest system message a notification keeps (its `title` column). */
export const SYSTEM_MESSAGE_MAX = 100

/**
 * A system notification (type 9, no sender): the message is its title, cut to fit; `postId` names the note it
 * is about, if any. Inside the caller's transaction.
 */
export async function notifySystem(manager: EntityManager, userId: number, notice: string | Message, postId: number | null = null): Promise<void> {
  const message = localize(notice, (await receiverLocales(manager, [userId])).get(userId) ?? DEFAULT_LOCALE)
  const text = [...message].length > SYSTEM_MESSAGE_MAX ? `${[...message].slice(0, SYSTEM_MESSAGE_MAX - 1).join('')}…` : message
  const kind = kindOf(manager)
  await execute(manager, `INSERT INTO notifications (${NOTIFICATION_COLUMNS.join(', ')}) VALUES (${NOTIFICATION_COLUMNS.map(() => '?').join(', ')})`, [
    userId,
    null,
    9,
    text,
    postId,
    null,
    0,
    null,
    dateParam(kind, new Date()),
  ])
  announce(manager, userId)
}

/** Notify several receivers of the same action (mentions), skipping the actor and duplicates. */
export async function notifyMany(manager: EntityManager, userIds: readonly number[], input: Omit<NotifyInput, 'userId'>): Promise<void> {
  for (const userId of new Set(userIds)) await notify(manager, { ...input, userId })
}

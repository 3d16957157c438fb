/**
 * Notifications of generated actions, consistent with the rows: receiver, sender, note and comment are
 * the ones of the like / collect / comment / follow / mention just written, at the same time. Nobody is
 * notified of their own action; undoable actions carry the domain's dedupe key. Older notifications are
 * read, recent ones mostly unread.
 */
import { Notification } from '../db/entities'
import { dedupeKey, NOTIFICATION_TITLES, type NotificationType } from '../domain/notifications'
import type { BulkWriter, TableSink } from './bulk'
import { DAY_MS } from './options'
import type { Rng } from './random'

/** Everything older than this is read; newer ones are unread with this probability. */
const READ_AFTER_MS = 3 * DAY_MS
const UNREAD_RECENT = 0.7

export class Notifier {
  private readonly sink: TableSink
  private nextId: number
  /** Written per type (1-8), for the progress report. */
  readonly byType = new Map<number, number>()

  constructor(
    bulk: BulkWriter,
    baseId: number,
    private readonly rng: Rng,
    private readonly now: number,
  ) {
    this.nextId = baseId
    this.sink = bulk.sink(Notification, ['id', 'user_id', 'sender_id', 'type', 'title', 'target_id', 'comment_id', 'is_read', 'dedupe_key', 'created_at'])
  }

  /** Ids are users.id values (not indexes). */
  async notify(type: NotificationType, receiverId: number, senderId: number, postId: number | null, commentId: number | null, at: number): Promise<void> {
    if (receiverId === senderId) return
    const read = this.now - at > READ_AFTER_MS || this.rng.next() > UNREAD_RECENT
    this.byType.set(type, (this.byType.get(type) ?? 0) + 1)
    await this.sink.push([
      ++this.nextId,
      receiverId,
      senderId,
      type,
      NOTIFICATION_TITLES[type],
      postId,
      commentId,
      read,
      dedupeKey({ type, senderId, postId, commentId }),
      new Date(at),
    ])
  }

  flush(): Promise<void> {
    return this.sink.flush()
  }

  get written(): number {
    return this.sink.written
  }
}

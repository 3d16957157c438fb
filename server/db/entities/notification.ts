import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Bool, Created, Id, Ref, SmallInt, Str } from '../columns'
import { User } from './user'

/** Notification types of both specs. */
export const NOTIFICATION_TYPE = {
  likePost: 1,
  likeComment: 2,
  collect: 3,
  commentPost: 4,
  replyComment: 5,
  follow: 6,
  mentionInComment: 7,
  mentionInPost: 8,
  /**
   * From the site itself (no sender): a held note approved or rejected (the text is the title), a report
   * handled, a warning, a ban (a title and the text in `content`).
   */
  system: 9,
} as const

/** Which notification types each tab of the notification centre lists. */
export const NOTIFICATION_KINDS = {
  comments: [4, 5, 7, 8],
  likes: [1, 2],
  collections: [3],
  follows: [6],
  system: [9],
} as const

@Entity('notifications')
@Index('idx_notifications_user_type', ['user_id', 'type', 'created_at', 'id'])
@Index('idx_notifications_user_unread', ['user_id', 'is_read', 'type'])
@Index('uq_notifications_dedupe', ['user_id', 'dedupe_key'], { unique: true })
export class Notification {
  @Id() id!: number
  /** Receiver. */
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @Ref({ nullable: true }) sender_id!: number | null
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sender_id' })
  sender?: User | null
  @SmallInt() type!: number
  /** Action text, e.g. 赞了你的笔记. */
  @Str(100) title!: string
  /** The note concerned (null for follows). */
  @Ref({ nullable: true }) target_id!: number | null
  @Ref({ nullable: true }) comment_id!: number | null
  /** The message of a system notification (a moderator's text); null for the other types. */
  @Str(500, { nullable: true }) content!: string | null
  @Bool({ default: false }) is_read!: boolean
  /**
   * Set for actions that can be undone and redone (like, collect, follow) so that repeating them
   * never notifies twice; null where every occurrence is news (comments, mentions).
   */
  @Str(80, { nullable: true }) dedupe_key!: string | null
  @Created() created_at!: Date
}

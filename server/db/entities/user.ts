import { Entity, Index } from 'typeorm'
import { Bool, Created, Id, Int, JsonList, SmallInt, Str, Text, Updated } from '../columns'

/** A member. `id` is internal; `user_id` is the public display id (石榴号) used in URLs. */
@Entity('users')
@Index('idx_users_created', ['created_at'])
export class User {
  @Id() id!: number
  @Index('uq_users_user_id', { unique: true })
  @Str(15) user_id!: string
  @Str(32) nickname!: string
  @Str(255) password_hash!: string
  @Str(500, { default: '' }) avatar!: string
  @Text({ nullable: true }) bio!: string | null
  @Str(50, { default: '未知' }) location!: string
  /** The bound email, normalised (trimmed, lower-cased) so the unique index is case-insensitive; null when none. */
  @Index('uq_users_email', { unique: true })
  @Str(254, { nullable: true }) email!: string | null
  @Str(8, { nullable: true }) gender!: string | null
  @Str(8, { nullable: true }) zodiac_sign!: string | null
  @Str(4, { nullable: true }) mbti!: string | null
  @Str(16, { nullable: true }) education!: string | null
  @Str(32, { nullable: true }) major!: string | null
  @JsonList() interests!: string[] | null
  /** The language the member chose for the apps, the server's messages and mails (issue 40); null: none chosen. */
  @Str(16, { nullable: true }) locale!: string | null
  /** 0 none, 1 official, 2 personal (docs/decisions.md). */
  @SmallInt({ default: 0 }) verified!: number
  @Bool({ default: true }) is_active!: boolean
  @Int() follow_count!: number
  @Int() fans_count!: number
  /** Published (non-draft) notes. */
  @Int() post_count!: number
  /** Likes received on this user's notes. */
  @Int() like_count!: number
  /** Collections received on this user's notes. */
  @Int() collect_count!: number
  @Created() created_at!: Date
  @Updated() updated_at!: Date
}

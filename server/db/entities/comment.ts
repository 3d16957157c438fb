import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Created, Id, Int, Ref, SmallInt, Str, Text } from '../columns'
import { Post } from './post'
import { User } from './user'

/**
 * Comments are one level deep: `parent_id` is null for a top-level comment and points at the top-level
 * comment for every reply; `reply_to_user_id` keeps whom a reply answers.
 */
@Entity('comments')
@Index('idx_comments_post_top', ['post_id', 'parent_id', 'created_at', 'id'])
@Index('idx_comments_parent', ['parent_id', 'created_at', 'id'])
@Index('idx_comments_user', ['user_id', 'created_at'])
@Index('idx_comments_created', ['created_at'])
export class Comment {
  @Id() id!: number
  @Ref() post_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @Ref({ nullable: true }) parent_id!: number | null
  @ManyToOne(() => Comment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_id' })
  parent?: Comment | null
  @Ref({ nullable: true }) reply_to_user_id!: number | null
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'reply_to_user_id' })
  reply_to_user?: User | null
  @Text() content!: string
  @Int() like_count!: number
  @Int() reply_count!: number
  /** Moderation state (server/db/visibility.ts): 0 visible, 1 hidden by a moderator, 2 held for review, 3 rejected. */
  @SmallInt({ default: 0 }) moderation!: number
  /** Why it is not visible (shown to its author), or null. */
  @Str(200, { nullable: true }) moderation_reason!: string | null
  @Created() created_at!: Date
}

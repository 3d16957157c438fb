import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Bool, Created, Float, Id, Int, Ref, SmallInt, Str, Text, Updated } from '../columns'
import { Category } from './category'
import { User } from './user'

/** A note (笔记): type 1 image note, 2 video note; drafts have is_draft = true. */
@Entity('posts')
/** user_id last: the 关注 timeline's walk by date probes each note's author from the index alone (domain/following.ts). */
@Index('idx_posts_feed', ['is_draft', 'moderation', 'created_at', 'id', 'user_id'])
@Index('idx_posts_feed_type', ['is_draft', 'moderation', 'type', 'created_at', 'id'])
@Index('idx_posts_category_feed', ['category_id', 'is_draft', 'moderation', 'created_at', 'id'])
@Index('idx_posts_user', ['user_id', 'is_draft', 'created_at', 'id'])
/** An author's listed notes, newest last: the 关注 timeline's per-author walks (domain/following.ts). */
@Index('idx_posts_user_listed', ['user_id', 'is_draft', 'moderation', 'created_at', 'id'])
@Index('idx_posts_hot', ['is_draft', 'moderation', 'hot_score', 'id'])
@Index('idx_posts_category_hot', ['category_id', 'is_draft', 'moderation', 'hot_score', 'id'])
export class Post {
  @Id() id!: number
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @Str(200, { default: '' }) title!: string
  @Text() content!: string
  @SmallInt({ default: 1 }) type!: number
  @Bool({ default: false }) is_draft!: boolean
  @Ref({ nullable: true }) category_id!: number | null
  @ManyToOne(() => Category, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'category_id' })
  category?: Category | null
  @Str(50, { nullable: true }) location!: string | null
  @Int() view_count!: number
  @Int() like_count!: number
  @Int() collect_count!: number
  @Int() comment_count!: number
  /** Recommend-channel rank: engagement with time decay folded into one sortable number (docs/decisions.md). */
  @Float({ default: 0 }) hot_score!: number
  /** Tokenised title + content + tags for full-text search (server/search/tokenizer.ts). */
  @Text() search_text!: string
  /** Moderation state (server/db/visibility.ts): 0 visible, 1 hidden by a moderator, 2 held for review, 3 rejected. */
  @SmallInt({ default: 0 }) moderation!: number
  /** Why it is not visible (shown to its author), or null. */
  @Str(200, { nullable: true }) moderation_reason!: string | null
  @Created() created_at!: Date
  @Updated() updated_at!: Date
}

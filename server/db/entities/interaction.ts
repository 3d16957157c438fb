import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Created, Id, Ref, SmallInt } from '../columns'
import { Post } from './post'
import { User } from './user'

export const LIKE_TARGET = { post: 1, comment: 2 } as const

/** A like of a note (target_type 1) or a comment (2). Targets are polymorphic, so domain commands clean them up. */
@Entity('likes')
@Index('uq_likes_user_target', ['user_id', 'target_type', 'target_id'], { unique: true })
@Index('idx_likes_target', ['target_type', 'target_id'])
@Index('idx_likes_user_list', ['user_id', 'target_type', 'created_at', 'id'])
export class Like {
  @Id() id!: number
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @SmallInt() target_type!: number
  @Ref() target_id!: number
  @Created() created_at!: Date
}

@Entity('collections')
@Index('uq_collections_user_post', ['user_id', 'post_id'], { unique: true })
@Index('idx_collections_user_list', ['user_id', 'created_at', 'id'])
@Index('idx_collections_post', ['post_id'])
export class Collection {
  @Id() id!: number
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @Ref() post_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @Created() created_at!: Date
}

@Entity('follows')
@Index('uq_follows_pair', ['follower_id', 'following_id'], { unique: true })
@Index('idx_follows_following', ['following_id', 'created_at', 'id'])
@Index('idx_follows_follower', ['follower_id', 'created_at', 'id'])
export class Follow {
  @Id() id!: number
  @Ref() follower_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'follower_id' })
  follower?: User
  @Ref() following_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'following_id' })
  following?: User
  @Created() created_at!: Date
}

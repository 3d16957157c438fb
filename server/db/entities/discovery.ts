import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { Created, Float, Text } from '../columns'
import { Post } from './post'
import { User } from './user'

/*
 * The stored signals of the personalised 推荐 channel (server/domain/discovery/, docs/discovery.md "推荐 ranking").
 * They are kept by the commands that change them (like, collect, comment, follow, long view, 不感兴趣), in the
 * same transaction, and rebuilt from the interactions by `rebuildDiscoverySignals`.
 */

/**
 * How much a member is drawn to a tag (kind 1), a category (2), an author they engaged with (3) or follow (4).
 * `score` is stored "time-lifted": every change adds weight × 2^((t − epoch) / half-life), so the current,
 * time-decayed ranking of a member's rows is the order of the stored scores, and nothing is ever decayed in
 * place (server/domain/discovery/affinity.ts). 不感兴趣 subtracts, so a score may be negative.
 */
@Entity('member_affinities')
@Index('idx_member_affinities_top', ['user_id', 'kind', 'score'])
export class MemberAffinity {
  @PrimaryColumn({ type: 'integer' }) user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @PrimaryColumn({ type: 'smallint' }) kind!: number
  @PrimaryColumn({ type: 'integer' }) target_id!: number
  @Float({ default: 0 }) score!: number
}

/** Co-engagement: members who engaged with `post_id` also engaged with `neighbour_id` (time-lifted like above). */
@Entity('note_neighbours')
@Index('idx_note_neighbours_top', ['post_id', 'score'])
export class NoteNeighbour {
  @PrimaryColumn({ type: 'integer' }) post_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @PrimaryColumn({ type: 'integer' }) neighbour_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'neighbour_id' })
  neighbour?: Post
  @Float({ default: 0 }) score!: number
}

/** 不感兴趣: the member hid this note from their 推荐 (POST / DELETE /posts/{id}/not-interested). */
@Entity('not_interested')
export class NotInterested {
  @PrimaryColumn({ type: 'integer' }) user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @PrimaryColumn({ type: 'integer' }) post_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @Created() created_at!: Date
}

/**
 * A member's current 推荐 session: the ranked list computed for page 1, which pages 2+ slice, so no page
 * repeats a note of an earlier one (shared by every server instance). `ranked` is JSON; `expires` epoch ms.
 */
@Entity('recommend_sessions')
export class RecommendSession {
  @PrimaryColumn({ type: 'integer' }) user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @Text() ranked!: string
  @Column({ type: 'bigint' }) expires!: string
}

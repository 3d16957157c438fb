import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Id, Int, Ref, Str } from '../columns'
import { Post } from './post'

/** Ordered images of a note; `thumbnail_url` is the feed-size rendition, `small_thumbnail_url` the card-size one (null before it existed). */
@Entity('post_images')
@Index('idx_post_images_post', ['post_id', 'sort_order'])
export class PostImage {
  @Id() id!: number
  @Ref() post_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @Str(500) url!: string
  @Str(500, { nullable: true }) thumbnail_url!: string | null
  @Str(500, { nullable: true }) small_thumbnail_url!: string | null
  @Int() width!: number
  @Int() height!: number
  @Int() sort_order!: number
}

/** The single video of a video note. */
@Entity('post_videos')
export class PostVideo {
  @Id() id!: number
  @Index('uq_post_videos_post', { unique: true })
  @Ref() post_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @Str(500) url!: string
  @Str(500, { nullable: true }) cover_url!: string | null
  @Int() duration!: number
  @Int() size!: number
}

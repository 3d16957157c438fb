import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { Created, Id, Int, Str } from '../columns'
import { Post } from './post'

@Entity('tags')
@Index('idx_tags_use_count', ['use_count', 'id'])
export class Tag {
  @Id() id!: number
  @Index('uq_tags_name', { unique: true })
  @Str(32) name!: string
  /** Number of notes linked to this tag (post_tags rows). */
  @Int() use_count!: number
  @Str(200, { nullable: true }) description!: string | null
  @Created() created_at!: Date
}

@Entity('post_tags')
@Index('idx_post_tags_tag', ['tag_id', 'post_id'])
export class PostTag {
  @PrimaryColumn({ type: 'integer' }) post_id!: number
  @PrimaryColumn({ type: 'integer' }) tag_id!: number
  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @ManyToOne(() => Tag, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag
}

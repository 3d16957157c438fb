import { Entity, Index } from 'typeorm'
import { Created, Id, Int, Str } from '../columns'

@Entity('categories')
export class Category {
  @Id() id!: number
  @Index('uq_categories_name', { unique: true })
  @Str(50) name!: string
  /** English lower-case slug, used as the channel path (/explore/{category_title}). */
  @Index('uq_categories_title', { unique: true })
  @Str(50) category_title!: string
  /** Published notes in this category. */
  @Int() post_count!: number
  @Created() created_at!: Date
}

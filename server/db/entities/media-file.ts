import { Entity, Index } from 'typeorm'
import { Created, Id, Int, Ref, SmallInt, Str } from '../columns'

export const MEDIA_KIND = { image: 1, video: 2 } as const

/**
 * The ledger of uploaded files (server/media/lifecycle.ts): who uploaded what, how big, when. It gives the
 * per-member quota and hourly budget, and lets the orphan sweep find uploads nothing references. `url` is
 * the upload's public path; `thumbnail_url` its feed rendition and `small_thumbnail_url` its card rendition
 * (images), which live and die with it.
 * No foreign key to users: an account's rows outlive it until its files are released.
 */
@Entity('media_files')
@Index('idx_media_files_user', ['user_id', 'created_at'])
@Index('idx_media_files_created', ['created_at'])
export class MediaFile {
  @Id() id!: number
  @Index('uq_media_files_url', { unique: true })
  @Str(300) url!: string
  @Str(300, { nullable: true }) thumbnail_url!: string | null
  @Str(300, { nullable: true }) small_thumbnail_url!: string | null
  @Ref({ nullable: true }) user_id!: number | null
  @Ref({ nullable: true }) admin_id!: number | null
  @SmallInt() kind!: number
  /** Bytes on disk, renditions included. */
  @Int() bytes!: number
  @Created() created_at!: Date
}

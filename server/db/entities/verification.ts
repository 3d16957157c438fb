import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Created, Id, Ref, SmallInt, Str, Text, Time, Updated } from '../columns'
import { User } from './user'

export const VERIFICATION_STATUS = { pending: 0, approved: 1, rejected: 2 } as const
/** 1 official (organisation), 2 personal — the member screen's reading (docs/decisions.md). */
export const VERIFICATION_TYPE = { official: 1, personal: 2 } as const

@Entity('verifications')
@Index('idx_verifications_status', ['status', 'created_at'])
@Index('idx_verifications_user', ['user_id', 'created_at'])
export class Verification {
  @Id() id!: number
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @SmallInt() type!: number
  /**
   * Sanitised HTML table built from the application form, with the personal values masked
   * (server/security/masking.ts): what administrators see.
   */
  @Text() content!: string
  /** The unmasked table, encrypted with the data key (server/security/data-key.ts); null only before the start-up step sealed an old row. */
  @Text({ nullable: true }) content_sealed!: string | null
  @SmallInt({ default: 0 }) status!: number
  @Str(500, { nullable: true }) admin_note!: string | null
  @Time({ nullable: true }) audit_time!: Date | null
  @Created() created_at!: Date
  @Updated() updated_at!: Date
}

import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Created, Id, Ref, SmallInt, Str, Time } from '../columns'
import { User } from './user'

export const EXPORT_STATUS = { pending: 0, ready: 1, failed: 2 } as const

/**
 * A member's export of their own data (issue 21 part 5, docs/data-export.md): built in the background into
 * DATA_DIR/exports/<users.id>/<file_name>, served to that member until expires_at, deleted with the account.
 */
@Entity('data_exports')
@Index('idx_data_exports_user', ['user_id', 'created_at'])
export class DataExport {
  @Id() id!: number
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @SmallInt({ default: 0 }) status!: number
  /** The zip's name in the member's export folder (random: not guessable, never from input); null until built. */
  @Str(100, { nullable: true }) file_name!: string | null
  @Created() created_at!: Date
  @Time({ nullable: true }) ready_at!: Date | null
  @Time({ nullable: true }) expires_at!: Date | null
}

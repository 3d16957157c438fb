import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Created, Id, Ref } from '../columns'
import { User } from './user'

/**
 * A member's block of another member (拉黑). One row per pair; both users' rows cascade on account deletion.
 * uq_user_blocks_pair serves "does X block Y" and the NOT EXISTS conditions of every list (blocker first),
 * idx_user_blocks_blocker the blacklist page, idx_user_blocks_blocked the other direction.
 */
@Entity('user_blocks')
@Index('uq_user_blocks_pair', ['blocker_id', 'blocked_id'], { unique: true })
@Index('idx_user_blocks_blocker', ['blocker_id', 'created_at', 'id'])
@Index('idx_user_blocks_blocked', ['blocked_id', 'blocker_id'])
export class UserBlock {
  @Id() id!: number
  @Ref() blocker_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocker_id' })
  blocker?: User
  @Ref() blocked_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocked_id' })
  blocked?: User
  @Created() created_at!: Date
}

import { Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm'
import { Ref, Time } from '../columns'
import { User } from './user'

/**
 * Where a member's last visit to the 关注 timeline ended (docs/discovery.md): the newest note they were shown,
 * as its (created_at, id). One row per member, moved forward only, written after the reply through the writer
 * (domain/timeline-marks.ts); the "N 条新笔记" marker counts the timeline's notes after it.
 */
@Entity('timeline_marks')
export class TimelineMark {
  @PrimaryColumn({ type: 'integer' }) user_id!: number
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @Time({ precision: 3 }) seen_created_at!: Date
  @Ref() seen_post_id!: number
}

import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Created, Id, Int, Ref, SmallInt, Str, Text, Time } from '../columns'
import { Admin } from './admin'
import { User } from './user'

/** What a report is about. */
export const REPORT_TARGETS = ['post', 'comment', 'user'] as const
export type ReportTarget = (typeof REPORT_TARGETS)[number]

/** A report group's state: open in the moderation queue, or handled by an action. */
export const REPORT_GROUP_STATUS = { open: 0, handled: 1 } as const

/**
 * The open reports of one target, grouped: the moderation queue lists these rows. `open_key` is
 * `<type>:<id>` while the group is open and NULL once handled, so a unique index keeps one open group per
 * target on every engine (NULLs never collide); a report after the group was handled opens a new group.
 * `author_id` is the target's author (the user itself for a user target), the one a ban or a warning hits.
 */
@Entity('report_groups')
@Index('uq_report_groups_open', ['open_key'], { unique: true })
@Index('idx_report_groups_status', ['status', 'latest_reported_at'])
@Index('idx_report_groups_target', ['target_type', 'target_id'])
export class ReportGroup {
  @Id() id!: number
  @Str(10) target_type!: ReportTarget
  @Ref() target_id!: number
  @Ref() author_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User
  @Str(30, { nullable: true }) open_key!: string | null
  @SmallInt({ default: 0 }) status!: number
  @Int() report_count!: number
  /** The distinct reasons given so far (JSON list). */
  @Text({ nullable: true }) reasons!: string | null
  @Time() first_reported_at!: Date
  @Time() latest_reported_at!: Date
  /** dismiss, hide, restore, delete, warn, ban: the action that handled it. */
  @Str(20, { nullable: true }) resolution!: string | null
  @Str(200, { nullable: true }) resolution_note!: string | null
  @Ref({ nullable: true }) resolved_by!: number | null
  @ManyToOne(() => Admin, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'resolved_by' })
  resolver?: Admin | null
  @Time({ nullable: true }) resolved_at!: Date | null
  @Created() created_at!: Date
}

/** One member's report of a target: one per reporter in each group (so one open report per target). */
@Entity('reports')
@Index('uq_reports_group_reporter', ['group_id', 'reporter_id'], { unique: true })
@Index('idx_reports_reporter', ['reporter_id', 'created_at'])
export class Report {
  @Id() id!: number
  @Ref() group_id!: number
  @ManyToOne(() => ReportGroup, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: ReportGroup
  @Ref() reporter_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reporter_id' })
  reporter?: User
  @Str(20) reason!: string
  @Str(200, { nullable: true }) description!: string | null
  @Created() created_at!: Date
}

/**
 * A ban (restriction) of a member: the history stays. `ends_at` NULL is permanent; a lifted ban has
 * `lifted_at`. `open_user_id` is the member's id until the ban is lifted or replaced, and NULL after, so a
 * unique index keeps at most one standing ban per member: the session lookup joins it in one indexed step.
 * A standing ban whose `ends_at` has passed no longer restricts (compared with now at every check).
 */
@Entity('user_bans')
@Index('uq_user_bans_open', ['open_user_id'], { unique: true })
@Index('idx_user_bans_user', ['user_id', 'starts_at'])
export class UserBan {
  @Id() id!: number
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  @Ref({ nullable: true }) open_user_id!: number | null
  @Ref({ nullable: true }) admin_id!: number | null
  @ManyToOne(() => Admin, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'admin_id' })
  admin?: Admin | null
  @Str(200) reason!: string
  @Time() starts_at!: Date
  @Time({ nullable: true }) ends_at!: Date | null
  @Time({ nullable: true }) lifted_at!: Date | null
  @Ref({ nullable: true }) lifted_by!: number | null
  @ManyToOne(() => Admin, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lifted_by' })
  lifter?: Admin | null
}

import { Entity, Index, PrimaryColumn } from 'typeorm'
import { Created, Id, Ref, Str, Text, Time } from '../columns'

/** Captchas live in the database so every server instance can check any of them; single use. */
@Entity('captchas')
@Index('idx_captchas_expires', ['expires_at'])
export class Captcha {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string
  /** Lower-cased answer. */
  @Str(8) answer!: string
  @Time() expires_at!: Date
}

/** Last time a viewer (user id or hashed client address) raised a note's view count: one view per hour. */
@Entity('post_views')
@Index('uq_post_views_viewer', ['post_id', 'viewer'], { unique: true })
export class PostView {
  @Id() id!: number
  @Ref() post_id!: number
  @Str(64) viewer!: string
  @Time() viewed_at!: Date
}

/** Every administrator write: who, what, on which resource and ids, when. */
@Entity('admin_audit_logs')
@Index('idx_admin_audit_created', ['created_at'])
@Index('idx_admin_audit_admin', ['admin_id', 'created_at'])
export class AdminAuditLog {
  @Id() id!: number
  @Ref({ nullable: true }) admin_id!: number | null
  @Str(50) admin_username!: string
  /** create, update, delete, batch-delete, approve, reject, login, ... */
  @Str(30) action!: string
  @Str(50) resource!: string
  /** Comma-separated ids the action touched. */
  @Text({ nullable: true }) resource_ids!: string | null
  @Text({ nullable: true }) detail!: string | null
  @Created() created_at!: Date
}

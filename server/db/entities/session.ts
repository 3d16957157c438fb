import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Bool, Created, Id, Ref, Str, Time } from '../columns'
import { Admin } from './admin'
import { User } from './user'

/**
 * A login. The refresh token is `<session id>.<secret>`; only the hash of the current secret is kept.
 * Each refresh rotates the secret; presenting a superseded secret means the token was stolen or replayed,
 * so the whole session (the token family) is revoked.
 */
abstract class SessionBase {
  @Id() id!: number
  @Str(128) refresh_hash!: string
  /** Number of rotations so far (a diagnostic). */
  @Ref({ default: 0 }) generation!: number
  @Str(500, { default: '' }) user_agent!: string
  @Str(64, { default: '' }) ip!: string
  @Bool({ default: true }) is_active!: boolean
  @Time() expires_at!: Date
  @Time() last_activity!: Date
  @Created() created_at!: Date
}

@Entity('sessions')
@Index('idx_sessions_user', ['user_id', 'is_active'])
export class UserSession extends SessionBase {
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
}

@Entity('admin_sessions')
@Index('idx_admin_sessions_admin', ['admin_id', 'is_active'])
export class AdminSession extends SessionBase {
  @Ref() admin_id!: number
  @ManyToOne(() => Admin, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id' })
  admin?: Admin
}

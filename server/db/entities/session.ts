import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Bool, Created, Id, Ref, Str, Time } from '../columns'
import { Admin } from './admin'
import { User } from './user'

/**
 * A login. The refresh token is `<handle>.<generation>.<mac>` (server/auth/tokens.ts): the handle is random,
 * the mac is made with the server secret and never stored. Each refresh moves to the next generation;
 * presenting an earlier generation's token means it was stolen or replayed, so the whole session (the token
 * family) is revoked. A token whose mac is wrong was never issued: refused, nothing revoked.
 */
abstract class SessionBase {
  @Id() id!: number
  /** Random, public to the session's owner (it names the session in GET/DELETE /auth/sessions). */
  @Str(32) handle!: string
  /** Number of rotations so far: only a token of this generation refreshes. */
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
@Index('idx_sessions_handle', ['handle'], { unique: true })
export class UserSession extends SessionBase {
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
}

@Entity('admin_sessions')
@Index('idx_admin_sessions_admin', ['admin_id', 'is_active'])
@Index('idx_admin_sessions_handle', ['handle'], { unique: true })
export class AdminSession extends SessionBase {
  @Ref() admin_id!: number
  @ManyToOne(() => Admin, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id' })
  admin?: Admin
}

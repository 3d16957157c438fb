import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm'
import { Bool, Created, Id, Ref, Str, Time } from '../columns'
import { User } from './user'

/**
 * A member's identity at an OpenID provider (issue 39, docs/identity.md): the provider's `sub` is the key,
 * never the email (an address can change hands at the provider). Deleted with the account.
 */
@Entity('user_identities')
@Index('uq_user_identities_subject', ['provider', 'subject'], { unique: true })
@Index('uq_user_identities_user', ['user_id', 'provider'], { unique: true })
export class UserIdentity {
  @Id() id!: number
  @Ref() user_id!: number
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User
  /** The provider's id in Shiliu's configuration (`campus` for the one set by OIDC_ISSUER). */
  @Str(32) provider!: string
  /** The provider's `sub` claim: stable and unique per provider. */
  @Str(255) subject!: string
  /** The email the provider last reported (shown to administrators; not used to match accounts). */
  @Str(254, { nullable: true }) email!: string | null
  @Created() created_at!: Date
  @Time({ nullable: true }) last_login_at!: Date | null
}

/**
 * One sign-in through a provider, from its start to the app's exchange of the one-time code (issue 39).
 * Kept in the database so any instance can finish a flow another one started. `state` is single use
 * (`state_used`), `binding_hash` ties the flow to the browser that started it (a cookie), and after a
 * successful callback `handoff_hash` is the hash of the one-time code the app exchanges for a session.
 */
@Entity('sign_in_flows')
@Index('idx_sign_in_flows_expires', ['expires_at'])
export class SignInFlow {
  @Id() id!: number
  @Index('uq_sign_in_flows_state', { unique: true })
  @Str(64) state!: string
  @Str(32) provider!: string
  @Str(64) nonce!: string
  @Str(128) code_verifier!: string
  @Str(64) binding_hash!: string
  @Str(500) return_to!: string
  /** Set when a signed-in member links this identity instead of signing in. */
  @Ref({ nullable: true }) link_user_id!: number | null
  @Bool({ default: false }) state_used!: boolean
  @Index('uq_sign_in_flows_handoff', { unique: true })
  @Str(64, { nullable: true }) handoff_hash!: string | null
  @Ref({ nullable: true }) user_id!: number | null
  @Time() expires_at!: Date
  @Created() created_at!: Date
}

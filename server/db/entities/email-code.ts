import { Entity, Index } from 'typeorm'
import { Bool, Created, Id, Int, Str, Time } from '../columns'

/**
 * A code sent by email (issue 20): `purpose` is `email` (registration or binding an address) or `reset`
 * (password reset). Only a keyed hash of the code is stored; a code is single use, lives 10 minutes and allows
 * 5 wrong tries. Sending a new code for an address and purpose retires the earlier ones (server/domain/email-codes.ts).
 */
@Entity('email_codes')
@Index('idx_email_codes_lookup', ['email', 'purpose', 'id'])
@Index('idx_email_codes_expires', ['expires_at'])
export class EmailCode {
  @Id() id!: number
  @Str(254) email!: string
  @Str(16) purpose!: string
  @Str(64) code_hash!: string
  @Int() tries!: number
  @Bool({ default: false }) used!: boolean
  @Time() expires_at!: Date
  @Created() created_at!: Date
}

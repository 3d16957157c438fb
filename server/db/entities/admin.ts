import { Entity, Index } from 'typeorm'
import { Bool, Created, Id, Str, Updated } from '../columns'

@Entity('admins')
export class Admin {
  @Id() id!: number
  @Index('uq_admins_username', { unique: true })
  @Str(50) username!: string
  @Str(255) password_hash!: string
  @Bool({ default: true }) is_active!: boolean
  @Created() created_at!: Date
  @Updated() updated_at!: Date
}

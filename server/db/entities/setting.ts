import { Column, Entity, PrimaryColumn } from 'typeorm'

/**
 * Facts about the installation that every instance must agree on, one row per name (e.g. the fingerprint of
 * the JWT secret, server/db/instance-checks.ts). Never holds a secret itself.
 */
@Entity('settings')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 64 }) name!: string
  @Column({ type: 'varchar', length: 255 }) value!: string
}

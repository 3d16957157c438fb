import { Column, Entity, Index, PrimaryColumn } from 'typeorm'

/**
 * Rate-limit counters shared by every server instance (server/http/middlewares/rate-limit.ts) when no Redis
 * is configured: one row per limiter key, holding the points consumed in the current window and the
 * window's end as epoch milliseconds. Expired rows are swept opportunistically.
 */
@Entity('rate_limits')
@Index('idx_rate_limits_expire', ['expire'])
export class RateLimit {
  @PrimaryColumn({ type: 'varchar', length: 191 }) rl_key!: string
  @Column({ type: 'integer', default: 0 }) points!: number
  /** Epoch milliseconds; null never expires. */
  @Column({ type: 'bigint', nullable: true }) expire!: string | null
}

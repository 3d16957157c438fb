import { Entity, Index } from 'typeorm'
import type { WatchAction } from '../../contract/admin/moderation'
import { Created, Id, Str, Updated } from '../columns'

/**
 * A watched word or phrase of the back-office list. `folded` is the word as the matcher compares it
 * (NFKC, lower case), unique so that 'ＡＢＣ' and 'abc' are one entry.
 */
@Entity('watched_words')
export class WatchedWord {
  @Id() id!: number
  @Str(100) word!: string
  @Index('uq_watched_words_folded', { unique: true })
  @Str(100) folded!: string
  @Str(10) action!: WatchAction
  @Created() created_at!: Date
  @Updated() updated_at!: Date
}

/**
 * A setting the back-office edits (系统设置), one row per name; the names and the values each accepts are
 * declared in server/contract/admin/moderation.ts. The internal facts of `settings` (setting.ts) are not here.
 */
@Entity('site_settings')
export class SiteSetting {
  @Id() id!: number
  @Index('uq_site_settings_name', { unique: true })
  @Str(64) name!: string
  @Str(255) value!: string
  @Updated() updated_at!: Date
}

import { Entity, Index } from 'typeorm'
import { Created, Id, Str, Updated } from '../columns'

/** What a watched word does to a write that contains it (docs/moderation.md "Watched words and review"). */
export const WATCH_ACTIONS = ['block', 'review', 'replace'] as const
export type WatchAction = (typeof WATCH_ACTIONS)[number]

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
 * declared in server/contract/admin/settings.ts. The internal facts of `settings` (setting.ts) are not here.
 */
@Entity('site_settings')
export class SiteSetting {
  @Id() id!: number
  @Index('uq_site_settings_name', { unique: true })
  @Str(64) name!: string
  @Str(255) value!: string
  @Updated() updated_at!: Date
}

import type { MigrationInterface, QueryRunner } from 'typeorm'
import { LISTED_INDEXES } from '../listed-indexes'

const columns = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ')

/** The feed's indexes include the moderation state, so listed pages and totals never read the rows (../listed-indexes.ts). */
export class SqliteListedIndexes1796000000000 implements MigrationInterface {
  name = 'SqliteListedIndexes1796000000000'

  async up(q: QueryRunner): Promise<void> {
    for (const index of LISTED_INDEXES) {
      await q.query(`DROP INDEX "${index.name}"`)
      await q.query(`CREATE INDEX "${index.name}" ON "posts" (${columns(index.after)})`)
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of LISTED_INDEXES) {
      await q.query(`DROP INDEX "${index.name}"`)
      await q.query(`CREATE INDEX "${index.name}" ON "posts" (${columns(index.before)})`)
    }
  }
}

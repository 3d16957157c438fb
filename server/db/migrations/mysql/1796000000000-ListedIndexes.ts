import type { MigrationInterface, QueryRunner } from 'typeorm'
import { LISTED_INDEXES } from '../listed-indexes'

const columns = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ')

/**
 * The feed's indexes include the moderation state, so listed pages and totals never read the rows
 * (../listed-indexes.ts). Dropped and added in one ALTER: the category indexes serve the foreign key, which
 * refuses a moment without an index.
 */
export class MysqlListedIndexes1796000000000 implements MigrationInterface {
  name = 'MysqlListedIndexes1796000000000'

  async up(q: QueryRunner): Promise<void> {
    for (const index of LISTED_INDEXES) await q.query(`ALTER TABLE \`posts\` DROP INDEX \`${index.name}\`, ADD INDEX \`${index.name}\` (${columns(index.after)})`)
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of LISTED_INDEXES) await q.query(`ALTER TABLE \`posts\` DROP INDEX \`${index.name}\`, ADD INDEX \`${index.name}\` (${columns(index.before)})`)
  }
}

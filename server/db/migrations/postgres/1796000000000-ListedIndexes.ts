import type { MigrationInterface, QueryRunner } from 'typeorm'
import { rebuildListedIndexes } from '../listed-indexes'

/** The feed's indexes include the moderation state, so listed pages and totals never read the rows (../listed-indexes.ts). */
export class PostgresListedIndexes1796000000000 implements MigrationInterface {
  name = 'PostgresListedIndexes1796000000000'

  async up(q: QueryRunner): Promise<void> {
    await rebuildListedIndexes(q, 'quoted', 'after')
  }

  async down(q: QueryRunner): Promise<void> {
    await rebuildListedIndexes(q, 'quoted', 'before')
  }
}

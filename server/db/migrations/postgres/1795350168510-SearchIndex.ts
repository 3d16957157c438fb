import type { MigrationInterface, QueryRunner } from 'typeorm'

/** Full-text index of notes on PostgreSQL: GIN over the 'simple' tsvector of the pre-tokenised search_text. */
export class PostgresSearchIndex1795350168510 implements MigrationInterface {
  name = 'PostgresSearchIndex1795350168510'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_posts_search" ON "posts" USING GIN (to_tsvector('simple', "search_text"))`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "idx_posts_search"`)
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Word search (issue 38): notes' search_text is re-tokenised into words (server/search/tokenizer.ts). The
 * rewrite itself runs at start-up in short batches through the writer (server/domain/search-reindex.ts):
 * forgetting the recorded tokenizer version here is what sends it there.
 */
export class SqliteWordSearch1797200000000 implements MigrationInterface {
  name = 'SqliteWordSearch1797200000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "settings" WHERE "name" = 'search_tokenizer'`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "settings" WHERE "name" = 'search_tokenizer'`)
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Word search (issue 38) on PostgreSQL. Notes' search_text is re-tokenised into words (server/search/
 * tokenizer.ts); the rewrite runs at start-up in short batches through the writer (server/domain/
 * search-reindex.ts): forgetting the recorded tokenizer version here is what sends it there.
 *
 * Ranking needs each match's tsvector: recomputing to_tsvector('simple', search_text) costs ~0.1 ms per note,
 * which made both the index's recheck and ts_rank() slow on common words. The vector is therefore stored, in
 * a side table kept in step by a trigger (the entities stay engine-neutral), with the GIN index on it; the
 * expression index on posts is dropped.
 */
export class PostgresWordSearch1797200000000 implements MigrationInterface {
  name = 'PostgresWordSearch1797200000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "settings" WHERE "name" = 'search_tokenizer'`)
    await q.query(`CREATE TABLE "post_search" ("post_id" integer NOT NULL PRIMARY KEY REFERENCES "posts" ("id") ON DELETE CASCADE, "tsv" tsvector NOT NULL)`)
    await q.query(`CREATE FUNCTION "posts_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "post_search" ("post_id", "tsv") VALUES (NEW."id", to_tsvector('simple', NEW."search_text"))
        ON CONFLICT ("post_id") DO UPDATE SET "tsv" = EXCLUDED."tsv";
        RETURN NULL;
      END $$`)
    await q.query(`CREATE TRIGGER "posts_search_sync" AFTER INSERT OR UPDATE OF "search_text" ON "posts" FOR EACH ROW EXECUTE FUNCTION "posts_search_sync"()`)
    await q.query(`INSERT INTO "post_search" ("post_id", "tsv") SELECT "id", to_tsvector('simple', "search_text") FROM "posts"`)
    await q.query(`CREATE INDEX "idx_post_search_tsv" ON "post_search" USING GIN ("tsv")`)
    await q.query(`DROP INDEX IF EXISTS "idx_posts_search"`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_posts_search" ON "posts" USING GIN (to_tsvector('simple', "search_text"))`)
    await q.query(`DROP TRIGGER IF EXISTS "posts_search_sync" ON "posts"`)
    await q.query(`DROP FUNCTION IF EXISTS "posts_search_sync"()`)
    await q.query(`DROP TABLE IF EXISTS "post_search"`)
    await q.query(`DELETE FROM "settings" WHERE "name" = 'search_tokenizer'`)
  }
}

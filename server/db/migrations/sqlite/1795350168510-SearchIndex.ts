import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Full-text index of notes on SQLite: an FTS5 table over posts.search_text (already tokenised into CJK
 * bigrams and words by server/search/tokenizer.ts, so FTS5's unicode61 tokenizer only splits on spaces),
 * kept in step with posts by triggers.
 */
export class SqliteSearchIndex1795350168510 implements MigrationInterface {
  name = 'SqliteSearchIndex1795350168510'

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE VIRTUAL TABLE "posts_fts" USING fts5(search_text, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`,
    )
    await q.query(`CREATE TRIGGER "posts_fts_ai" AFTER INSERT ON "posts" BEGIN
      INSERT INTO posts_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`)
    await q.query(`CREATE TRIGGER "posts_fts_ad" AFTER DELETE ON "posts" BEGIN
      INSERT INTO posts_fts(posts_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END`)
    await q.query(`CREATE TRIGGER "posts_fts_au" AFTER UPDATE OF search_text ON "posts" BEGIN
      INSERT INTO posts_fts(posts_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO posts_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`)
    await q.query(`INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`)
  }

  async down(q: QueryRunner): Promise<void> {
    for (const trigger of ['posts_fts_ai', 'posts_fts_ad', 'posts_fts_au']) await q.query(`DROP TRIGGER IF EXISTS "${trigger}"`)
    await q.query(`DROP TABLE IF EXISTS "posts_fts"`)
  }
}

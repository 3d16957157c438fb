import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Word search (issue 38) on MySQL/MariaDB: a FULLTEXT index, so matching is index-driven and scored
 * (MATCH … AGAINST) instead of a LIKE scan. InnoDB does not index words shorter than innodb_ft_min_token_size
 * (3) and most Chinese words have two characters, so the index is on a generated copy of search_text whose
 * every token carries the prefix `zz` (server/search/tokenizer.ts MYSQL_TOKEN_PREFIX). The re-tokenising of
 * stored notes runs at start-up (server/domain/search-reindex.ts); forgetting the recorded tokenizer
 * version here is what sends it there.
 */
export class MysqlWordSearch1797200000000 implements MigrationInterface {
  name = 'MysqlWordSearch1797200000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM `settings` WHERE `name` = 'search_tokenizer'")
    await q.query("ALTER TABLE `posts` ADD COLUMN `search_ft` text AS (REPLACE(CONCAT(' ', `search_text`), ' ', ' zz')) STORED")
    await q.query('ALTER TABLE `posts` ADD FULLTEXT INDEX `idx_posts_search` (`search_ft`)')
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE `posts` DROP INDEX `idx_posts_search`')
    await q.query('ALTER TABLE `posts` DROP COLUMN `search_ft`')
    await q.query("DELETE FROM `settings` WHERE `name` = 'search_tokenizer'")
  }
}

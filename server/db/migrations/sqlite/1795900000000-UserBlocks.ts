import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Blocks between members (拉黑, issue 18): one row per (blocker, blocked) pair, removed with either account.
 * The unique pair index serves the NOT EXISTS conditions of the lists (server/db/blocks.ts), the blocker
 * index the blacklist page, the blocked index the other direction.
 */
export class SqliteUserBlocks1795900000000 implements MigrationInterface {
  name = 'SqliteUserBlocks1795900000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "user_blocks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "blocker_id" integer NOT NULL, "blocked_id" integer NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_dfcd8a81016d1de587fbd2d70bf" FOREIGN KEY ("blocker_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_7a0806a54f0ad9ced3e247cacd1" FOREIGN KEY ("blocked_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`)
    await q.query(`CREATE INDEX "idx_user_blocks_blocked" ON "user_blocks" ("blocked_id", "blocker_id") `)
    await q.query(`CREATE INDEX "idx_user_blocks_blocker" ON "user_blocks" ("blocker_id", "created_at", "id") `)
    await q.query(`CREATE UNIQUE INDEX "uq_user_blocks_pair" ON "user_blocks" ("blocker_id", "blocked_id") `)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "uq_user_blocks_pair"`)
    await q.query(`DROP INDEX "idx_user_blocks_blocker"`)
    await q.query(`DROP INDEX "idx_user_blocks_blocked"`)
    await q.query(`DROP TABLE "user_blocks"`)
  }
}

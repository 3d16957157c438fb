import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * The 关注 timeline (issue 38, docs/discovery.md): timeline_marks keeps where each member's last visit ended
 * (one row per member, removed with the account); idx_posts_user_listed lets the timeline walk an author's
 * listed notes by date from the index alone; idx_posts_feed gains user_id so the walk over all listed notes by
 * date finds each note's author in the index (index-only on every engine).
 */
export class SqliteFollowingTimeline1797000000000 implements MigrationInterface {
  name = 'SqliteFollowingTimeline1797000000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "timeline_marks" ("user_id" integer PRIMARY KEY NOT NULL, "seen_created_at" datetime(3) NOT NULL, "seen_post_id" integer NOT NULL, CONSTRAINT "FK_b02cad1f58f54d2db64914e84bd" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`)
    await q.query(`CREATE INDEX "idx_posts_user_listed" ON "posts" ("user_id", "is_draft", "moderation", "created_at", "id") `)
    await q.query(`DROP INDEX "idx_posts_feed"`)
    await q.query(`CREATE INDEX "idx_posts_feed" ON "posts" ("is_draft", "moderation", "created_at", "id", "user_id") `)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_posts_feed"`)
    await q.query(`CREATE INDEX "idx_posts_feed" ON "posts" ("is_draft", "moderation", "created_at", "id") `)
    await q.query(`DROP INDEX "idx_posts_user_listed"`)
    await q.query(`DROP TABLE "timeline_marks"`)
  }
}

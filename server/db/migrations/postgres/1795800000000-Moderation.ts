import type { MigrationInterface, QueryRunner } from 'typeorm'

/** Moderation state of notes and comments (server/db/visibility.ts). */
export class PostgresModeration1795800000000 implements MigrationInterface {
  name = 'PostgresModeration1795800000000'

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['posts', 'comments']) {
      await q.query(`ALTER TABLE "${table}" ADD "moderation" smallint NOT NULL DEFAULT '0'`)
      await q.query(`ALTER TABLE "${table}" ADD "moderation_reason" character varying(200)`)
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['comments', 'posts']) {
      await q.query(`ALTER TABLE "${table}" DROP COLUMN "moderation_reason"`)
      await q.query(`ALTER TABLE "${table}" DROP COLUMN "moderation"`)
    }
  }
}

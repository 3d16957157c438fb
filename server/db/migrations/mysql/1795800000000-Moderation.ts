import type { MigrationInterface, QueryRunner } from 'typeorm'

/** Moderation state of notes and comments (server/db/visibility.ts). */
export class MysqlModeration1795800000000 implements MigrationInterface {
  name = 'MysqlModeration1795800000000'

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['posts', 'comments']) {
      await q.query(`ALTER TABLE \`${table}\` ADD \`moderation\` smallint NOT NULL DEFAULT '0'`)
      await q.query(`ALTER TABLE \`${table}\` ADD \`moderation_reason\` varchar(200) NULL`)
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['comments', 'posts']) {
      await q.query(`ALTER TABLE \`${table}\` DROP COLUMN \`moderation_reason\``)
      await q.query(`ALTER TABLE \`${table}\` DROP COLUMN \`moderation\``)
    }
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * The member's chosen language (issue 40): read by GET /api/auth/me, saved by PUT /api/users/{id}, and used
 * for the server's replies, notifications and mails to them. Null (every existing member): no choice, so
 * the request's Accept-Language decides, and with none the spec's Chinese.
 */
export class PostgresUserLocale1797300000040 implements MigrationInterface {
  name = 'PostgresUserLocale1797300000040'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "locale" character varying(16)`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "locale"`)
  }
}

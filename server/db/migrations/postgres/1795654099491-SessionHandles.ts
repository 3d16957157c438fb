import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Sessions are named by a random handle instead of their sequential id (refresh tokens carry the handle), and
 * no refresh secret is stored any more. Sessions from before have no token anyone holds: they are ended
 * (their members sign in again) and get a placeholder handle no token can name.
 */
export class PostgresSessionHandles1795654099491 implements MigrationInterface {
  name = 'PostgresSessionHandles1795654099491'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "sessions" DROP COLUMN "refresh_hash"`)
    await q.query(`ALTER TABLE "sessions" ADD "handle" character varying(32)`)
    await q.query(`UPDATE "sessions" SET "handle" = 'ended-' || "id", "is_active" = false`)
    await q.query(`ALTER TABLE "sessions" ALTER COLUMN "handle" SET NOT NULL`)
    await q.query(`CREATE UNIQUE INDEX "idx_sessions_handle" ON "sessions" ("handle") `)
    await q.query(`ALTER TABLE "admin_sessions" DROP COLUMN "refresh_hash"`)
    await q.query(`ALTER TABLE "admin_sessions" ADD "handle" character varying(32)`)
    await q.query(`UPDATE "admin_sessions" SET "handle" = 'ended-' || "id", "is_active" = false`)
    await q.query(`ALTER TABLE "admin_sessions" ALTER COLUMN "handle" SET NOT NULL`)
    await q.query(`CREATE UNIQUE INDEX "idx_admin_sessions_handle" ON "admin_sessions" ("handle") `)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."idx_sessions_handle"`)
    await q.query(`ALTER TABLE "sessions" DROP COLUMN "handle"`)
    await q.query(`ALTER TABLE "sessions" ADD "refresh_hash" character varying(128) NOT NULL DEFAULT ''`)
    await q.query(`ALTER TABLE "sessions" ALTER COLUMN "refresh_hash" DROP DEFAULT`)
    await q.query(`UPDATE "sessions" SET "is_active" = false`)
    await q.query(`DROP INDEX "public"."idx_admin_sessions_handle"`)
    await q.query(`ALTER TABLE "admin_sessions" DROP COLUMN "handle"`)
    await q.query(`ALTER TABLE "admin_sessions" ADD "refresh_hash" character varying(128) NOT NULL DEFAULT ''`)
    await q.query(`ALTER TABLE "admin_sessions" ALTER COLUMN "refresh_hash" DROP DEFAULT`)
    await q.query(`UPDATE "admin_sessions" SET "is_active" = false`)
  }
}

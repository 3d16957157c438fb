import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Sessions are named by a random handle instead of their sequential id (refresh tokens carry the handle), and
 * no refresh secret is stored any more. Sessions from before have no token anyone holds: they are ended
 * (their members sign in again) and get a placeholder handle no token can name.
 */
export class SqliteSessionHandles1795654099491 implements MigrationInterface {
  name = 'SqliteSessionHandles1795654099491'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_sessions_user"`)
    await q.query(`ALTER TABLE "sessions" RENAME TO "temporary_sessions"`)
    await q.query(`CREATE TABLE "sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "handle" varchar(32) NOT NULL, "generation" integer NOT NULL DEFAULT (0), "user_agent" varchar(500) NOT NULL DEFAULT (''), "ip" varchar(64) NOT NULL DEFAULT (''), "is_active" boolean NOT NULL DEFAULT (1), "expires_at" datetime NOT NULL, "last_activity" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "user_id" integer NOT NULL, CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`)
    await q.query(`INSERT INTO "sessions"("id", "handle", "generation", "user_agent", "ip", "is_active", "expires_at", "last_activity", "created_at", "user_id") SELECT "id", 'ended-' || "id", "generation", "user_agent", "ip", 0, "expires_at", "last_activity", "created_at", "user_id" FROM "temporary_sessions"`)
    await q.query(`DROP TABLE "temporary_sessions"`)
    await q.query(`CREATE INDEX "idx_sessions_user" ON "sessions" ("user_id", "is_active") `)
    await q.query(`CREATE UNIQUE INDEX "idx_sessions_handle" ON "sessions" ("handle") `)
    await q.query(`DROP INDEX "idx_admin_sessions_admin"`)
    await q.query(`ALTER TABLE "admin_sessions" RENAME TO "temporary_admin_sessions"`)
    await q.query(`CREATE TABLE "admin_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "handle" varchar(32) NOT NULL, "generation" integer NOT NULL DEFAULT (0), "user_agent" varchar(500) NOT NULL DEFAULT (''), "ip" varchar(64) NOT NULL DEFAULT (''), "is_active" boolean NOT NULL DEFAULT (1), "expires_at" datetime NOT NULL, "last_activity" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "admin_id" integer NOT NULL, CONSTRAINT "FK_52683d67b3d122a8867d745beb6" FOREIGN KEY ("admin_id") REFERENCES "admins" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`)
    await q.query(`INSERT INTO "admin_sessions"("id", "handle", "generation", "user_agent", "ip", "is_active", "expires_at", "last_activity", "created_at", "admin_id") SELECT "id", 'ended-' || "id", "generation", "user_agent", "ip", 0, "expires_at", "last_activity", "created_at", "admin_id" FROM "temporary_admin_sessions"`)
    await q.query(`DROP TABLE "temporary_admin_sessions"`)
    await q.query(`CREATE INDEX "idx_admin_sessions_admin" ON "admin_sessions" ("admin_id", "is_active") `)
    await q.query(`CREATE UNIQUE INDEX "idx_admin_sessions_handle" ON "admin_sessions" ("handle") `)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_sessions_handle"`)
    await q.query(`DROP INDEX "idx_sessions_user"`)
    await q.query(`ALTER TABLE "sessions" RENAME TO "temporary_sessions"`)
    await q.query(`CREATE TABLE "sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "refresh_hash" varchar(128) NOT NULL, "generation" integer NOT NULL DEFAULT (0), "user_agent" varchar(500) NOT NULL DEFAULT (''), "ip" varchar(64) NOT NULL DEFAULT (''), "is_active" boolean NOT NULL DEFAULT (1), "expires_at" datetime NOT NULL, "last_activity" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "user_id" integer NOT NULL, CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`)
    await q.query(`INSERT INTO "sessions"("id", "refresh_hash", "generation", "user_agent", "ip", "is_active", "expires_at", "last_activity", "created_at", "user_id") SELECT "id", '', "generation", "user_agent", "ip", 0, "expires_at", "last_activity", "created_at", "user_id" FROM "temporary_sessions"`)
    await q.query(`DROP TABLE "temporary_sessions"`)
    await q.query(`CREATE INDEX "idx_sessions_user" ON "sessions" ("user_id", "is_active") `)
    await q.query(`DROP INDEX "idx_admin_sessions_handle"`)
    await q.query(`DROP INDEX "idx_admin_sessions_admin"`)
    await q.query(`ALTER TABLE "admin_sessions" RENAME TO "temporary_admin_sessions"`)
    await q.query(`CREATE TABLE "admin_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "refresh_hash" varchar(128) NOT NULL, "generation" integer NOT NULL DEFAULT (0), "user_agent" varchar(500) NOT NULL DEFAULT (''), "ip" varchar(64) NOT NULL DEFAULT (''), "is_active" boolean NOT NULL DEFAULT (1), "expires_at" datetime NOT NULL, "last_activity" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "admin_id" integer NOT NULL, CONSTRAINT "FK_52683d67b3d122a8867d745beb6" FOREIGN KEY ("admin_id") REFERENCES "admins" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`)
    await q.query(`INSERT INTO "admin_sessions"("id", "refresh_hash", "generation", "user_agent", "ip", "is_active", "expires_at", "last_activity", "created_at", "admin_id") SELECT "id", '', "generation", "user_agent", "ip", 0, "expires_at", "last_activity", "created_at", "admin_id" FROM "temporary_admin_sessions"`)
    await q.query(`DROP TABLE "temporary_admin_sessions"`)
    await q.query(`CREATE INDEX "idx_admin_sessions_admin" ON "admin_sessions" ("admin_id", "is_active") `)
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm'

/** Email binding and password reset (issue 20): users.email (normalised, unique) and the email_codes table. */
export class PostgresEmailCodes1796100000000 implements MigrationInterface {
  name = 'PostgresEmailCodes1796100000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "email_codes" ("id" SERIAL NOT NULL, "email" character varying(254) NOT NULL, "purpose" character varying(16) NOT NULL, "code_hash" character varying(64) NOT NULL, "tries" integer NOT NULL DEFAULT '0', "used" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_6ed15013da989317f69306da6e3" PRIMARY KEY ("id"))`)
    await q.query(`CREATE INDEX "idx_email_codes_expires" ON "email_codes" ("expires_at") `)
    await q.query(`CREATE INDEX "idx_email_codes_lookup" ON "email_codes" ("email", "purpose", "id") `)
    await q.query(`ALTER TABLE "users" ADD "email" character varying(254)`)
    await q.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email") `)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."uq_users_email"`)
    await q.query(`ALTER TABLE "users" DROP COLUMN "email"`)
    await q.query(`DROP INDEX "public"."idx_email_codes_lookup"`)
    await q.query(`DROP INDEX "public"."idx_email_codes_expires"`)
    await q.query(`DROP TABLE "email_codes"`)
  }
}

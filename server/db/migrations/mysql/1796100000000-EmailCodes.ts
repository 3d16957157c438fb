import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Email binding and password reset (issue 20): users.email (normalised, unique) and the email_codes table.
 * Written from the generator's output by hand: MariaDB's introspection adds unrelated statements.
 */
export class MysqlEmailCodes1796100000000 implements MigrationInterface {
  name = 'MysqlEmailCodes1796100000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE \`email_codes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(254) NOT NULL, \`purpose\` varchar(16) NOT NULL, \`code_hash\` varchar(64) NOT NULL, \`tries\` int NOT NULL DEFAULT '0', \`used\` tinyint NOT NULL DEFAULT 0, \`expires_at\` datetime NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`idx_email_codes_expires\` (\`expires_at\`), INDEX \`idx_email_codes_lookup\` (\`email\`, \`purpose\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`)
    await q.query(`ALTER TABLE \`users\` ADD \`email\` varchar(254) NULL`)
    await q.query(`CREATE UNIQUE INDEX \`uq_users_email\` ON \`users\` (\`email\`)`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX \`uq_users_email\` ON \`users\``)
    await q.query(`ALTER TABLE \`users\` DROP COLUMN \`email\``)
    await q.query(`DROP TABLE \`email_codes\``)
  }
}

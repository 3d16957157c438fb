import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Written after TypeORM's mysql DDL for the entities (the generator's MariaDB run stopped on an unrelated
 * metadata query): members' identities at OpenID providers and the sign-in flows in progress (issue 39,
 * docs/identity.md).
 */
export class MysqlIdentities1797390000000 implements MigrationInterface {
  name = 'MysqlIdentities1797390000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE \`user_identities\` (\`id\` int NOT NULL AUTO_INCREMENT, \`user_id\` int NOT NULL, \`provider\` varchar(32) NOT NULL, \`subject\` varchar(255) NOT NULL, \`email\` varchar(254) NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`last_login_at\` datetime NULL, UNIQUE INDEX \`uq_user_identities_user\` (\`user_id\`, \`provider\`), UNIQUE INDEX \`uq_user_identities_subject\` (\`provider\`, \`subject\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`)
    await q.query(`CREATE TABLE \`sign_in_flows\` (\`id\` int NOT NULL AUTO_INCREMENT, \`state\` varchar(64) NOT NULL, \`provider\` varchar(32) NOT NULL, \`nonce\` varchar(64) NOT NULL, \`code_verifier\` varchar(128) NOT NULL, \`binding_hash\` varchar(64) NOT NULL, \`return_to\` varchar(500) NOT NULL, \`link_user_id\` int NULL, \`state_used\` tinyint NOT NULL DEFAULT 0, \`handoff_hash\` varchar(64) NULL, \`user_id\` int NULL, \`expires_at\` datetime NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`uq_sign_in_flows_state\` (\`state\`), UNIQUE INDEX \`uq_sign_in_flows_handoff\` (\`handoff_hash\`), INDEX \`idx_sign_in_flows_expires\` (\`expires_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`)
    await q.query(`ALTER TABLE \`user_identities\` ADD CONSTRAINT \`FK_bf5fe01eb8cad7114b4c371cdc7\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`user_identities\` DROP FOREIGN KEY \`FK_bf5fe01eb8cad7114b4c371cdc7\``)
    await q.query(`DROP TABLE \`sign_in_flows\``)
    await q.query(`DROP TABLE \`user_identities\``)
  }
}

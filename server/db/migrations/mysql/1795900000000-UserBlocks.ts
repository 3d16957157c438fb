import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Blocks between members (拉黑, issue 18): one row per (blocker, blocked) pair, removed with either account.
 * The unique pair index serves the NOT EXISTS conditions of the lists (server/db/blocks.ts), the blocker
 * index the blacklist page, the blocked index the other direction.
 */
export class MysqlUserBlocks1795900000000 implements MigrationInterface {
  name = 'MysqlUserBlocks1795900000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE \`user_blocks\` (\`id\` int NOT NULL AUTO_INCREMENT, \`blocker_id\` int NOT NULL, \`blocked_id\` int NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`idx_user_blocks_blocked\` (\`blocked_id\`, \`blocker_id\`), INDEX \`idx_user_blocks_blocker\` (\`blocker_id\`, \`created_at\`, \`id\`), UNIQUE INDEX \`uq_user_blocks_pair\` (\`blocker_id\`, \`blocked_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`)
    await q.query(`ALTER TABLE \`user_blocks\` ADD CONSTRAINT \`FK_dfcd8a81016d1de587fbd2d70bf\` FOREIGN KEY (\`blocker_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`)
    await q.query(`ALTER TABLE \`user_blocks\` ADD CONSTRAINT \`FK_7a0806a54f0ad9ced3e247cacd1\` FOREIGN KEY (\`blocked_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`user_blocks\` DROP FOREIGN KEY \`FK_7a0806a54f0ad9ced3e247cacd1\``)
    await q.query(`ALTER TABLE \`user_blocks\` DROP FOREIGN KEY \`FK_dfcd8a81016d1de587fbd2d70bf\``)
    await q.query(`DROP TABLE \`user_blocks\``)
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * The card-size rendition of an uploaded image (240 px WebP, issue 22 §2; server/media/images.ts): on a note's
 * images (served on cards as thumbnail_small) and in the media ledger (removed with its upload). Null for
 * images stored before it existed: their cards keep the feed thumbnail.
 */
export class SqliteSmallThumbnails1796300000000 implements MigrationInterface {
  name = 'SqliteSmallThumbnails1796300000000'

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "post_images" ADD COLUMN "small_thumbnail_url" varchar(500)`)
    await q.query(`ALTER TABLE "media_files" ADD COLUMN "small_thumbnail_url" varchar(300)`)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "media_files" DROP COLUMN "small_thumbnail_url"`)
    await q.query(`ALTER TABLE "post_images" DROP COLUMN "small_thumbnail_url"`)
  }
}

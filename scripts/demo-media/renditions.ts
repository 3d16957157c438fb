/**
 * The demo images' feed and card thumbnails, shipped in resources/demo/thumbs/ and resources/demo/small/ so a
 * demo start copies them instead of making them (server/seed/media.ts, which also makes any that is missing).
 * Made with the server's own functions, so a shipped thumbnail is the file a start would have made.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_IMAGES } from '../../server/seed/media-manifest';
import { renderSmallThumbnail, renderThumbnail, thumbName } from '../../server/seed/media';
import type { OutputLayout } from './paths';

/**
 * Writes both thumbnails of the demo images `files` in `out.images` (by default those the committed manifest
 * lists); returns how many images and the thumbnails' total size in bytes.
 */
export async function makeRenditions(out: OutputLayout, files: readonly string[] = DEMO_IMAGES.map((i) => i.file)): Promise<{ count: number; bytes: number }> {
  mkdirSync(out.thumbs, { recursive: true });
  mkdirSync(out.small, { recursive: true });
  let bytes = 0;
  for (const file of files) {
    const thumb = await renderThumbnail(readFileSync(path.join(out.images, file)));
    const small = await renderSmallThumbnail(thumb);
    writeFileSync(path.join(out.thumbs, thumbName(file)), thumb);
    writeFileSync(path.join(out.small, thumbName(file)), small);
    bytes += thumb.length + small.length;
  }
  return { count: files.length, bytes };
}

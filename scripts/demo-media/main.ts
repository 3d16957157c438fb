/**
 * Generates the Shiliu demo media (committed output, run once by hand):
 *
 *   resources/demo/images/*.webp    122 abstract campus illustrations with Chinese captions
 *   resources/demo/thumbs/, small/  their feed (480 px) and card (240 px) thumbnails, as a demo start makes them
 *   resources/demo/avatars/*.webp   48 avatars (256x256)
 *   resources/demo/videos/*         2 short silent videos (H.264 mp4 + VP9 webm) and WebP covers
 *   resources/default-avatar.webp, resources/placeholder.webp
 *   server/seed/media-manifest.ts   typed list of everything above
 *
 * Usage:  npx tsx scripts/demo-media/main.ts              everything (~8 min)
 *         npx tsx scripts/demo-media/main.ts --check      only validate server/seed/corpus limits
 *         npx tsx scripts/demo-media/main.ts --no-video   skip ffmpeg, keep the committed videos
 *         npx tsx scripts/demo-media/main.ts --renditions only the thumbnails of the committed images (~10 s)
 *         npx tsx scripts/demo-media/main.ts --out DIR    write under DIR (laid out like the repository:
 *                                                         DIR/resources/..., DIR/server/seed/media-manifest.ts)
 *
 * Requirements at generation time only: sharp (npm), fontconfig font family
 * 'Noto Sans CJK SC' (Debian fonts-noto-cjk) and ffmpeg/ffprobe (Debian ffmpeg).
 * Output is deterministic (seeded PRNG), so re-running gives the same files.
 * DEMO_SKIP_CHECK=1 generates even when the corpus check fails.
 *
 * Modules: catalog (captions per scene) -> scenes/* (drawings, from svg/shapes/color) ->
 * captions -> images / avatars / video/* (raster via sharp, ffmpeg) -> manifest.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { makeAvatars, makeDefaults } from './avatars';
import { checkCorpus } from './check-corpus';
import { makeImages } from './images';
import { writeManifest } from './manifest';
import { outputLayout, REPO_ROOT } from './paths';
import { makeRenditions } from './renditions';
import { makeVideos, reuseVideos } from './video/encode';

interface Options {
  check: boolean;
  noVideo: boolean;
  renditions: boolean;
  out: string;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { check: false, noVideo: false, renditions: false, out: REPO_ROOT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--check') o.check = true;
    else if (a === '--no-video') o.noVideo = true;
    else if (a === '--renditions') o.renditions = true;
    else if (a === '--out' && argv[i + 1]) o.out = path.resolve(argv[++i] ?? '');
    else if (a.startsWith('--out=')) o.out = path.resolve(a.slice('--out='.length));
    else throw new Error(`unknown argument ${a} (expected --check, --no-video, --renditions, --out DIR)`);
  }
  return o;
}

const kb = (bytes: number, digits = 0) => (bytes / 1024).toFixed(digits);

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const errs = checkCorpus();
  if (errs.length && !process.env.DEMO_SKIP_CHECK) {
    console.error(`corpus problems:\n  ${errs.join('\n  ')}`);
    process.exit(1);
  }
  if (opts.check) return;
  const out = outputLayout(opts.out);
  const renditions = async (files?: string[]) => {
    const made = await makeRenditions(out, files);
    console.log(`thumbnails: ${made.count} × 2, ${kb(made.bytes)} KB total`);
  };
  if (opts.renditions) return renditions();
  mkdirSync(out.demo, { recursive: true });
  mkdirSync(path.dirname(out.manifest), { recursive: true });
  const images = await makeImages(out.images);
  const sizes = images.map((i) => i.bytes);
  console.log(`images: ${images.length}, ${kb(sizes.reduce((s, b) => s + b, 0))} KB total, min ${kb(Math.min(...sizes), 1)} KB, max ${kb(Math.max(...sizes), 1)} KB`);
  const avatars = await makeAvatars(out.avatars);
  console.log(`avatars: ${avatars.length}, ${kb(avatars.reduce((s, a) => s + a.bytes, 0))} KB total`);
  await makeDefaults(out);
  const videos = opts.noVideo ? reuseVideos(out.videos, outputLayout(REPO_ROOT).videos) : await makeVideos(out.videos);
  for (const v of videos) console.log(`video ${v.file}: ${v.durationSec}s, mp4 ${kb(v.bytes)} KB, webm ${kb(v.webmBytes)} KB`);
  writeManifest(out.manifest, images, avatars, videos);
  await renditions(images.map((image) => image.file));
  console.log(`wrote ${out.manifest}; files in ${out.demo}: ${readdirSync(out.demo).join(', ')}`);
}

await main();

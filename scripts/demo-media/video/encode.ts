/** Encoding the clips with ffmpeg (H.264 mp4 + VP9 webm, no audio) and describing them for the manifest. */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { DemoVideo } from '../../../server/seed/media-types';
import { freshDir } from '../paths';
import { rgbPixels, writeWebp } from '../raster';
import { FPS, renderFrame, VIDEOS, type VideoSpec } from './clips';

/** A clip as the manifest lists it (server/seed/media-types.ts). */
export type VideoRecord = DemoVideo;

const files = (v: VideoSpec) => ({ mp4: `${v.name}.mp4`, webm: `${v.name}.webm`, cover: `${v.name}-cover.webp` });

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err.slice(-2000)}`))));
  });
}

function probeDuration(file: string): number {
  const res = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { encoding: 'utf8' });
  return Math.round(parseFloat(res.stdout.trim()) * 100) / 100;
}

/** The manifest entry for a clip whose files are in dir. */
function videoRecord(dir: string, v: VideoSpec): VideoRecord {
  const { mp4, webm, cover } = files(v);
  return {
    file: mp4,
    webm,
    cover,
    width: v.w,
    height: v.h,
    durationSec: probeDuration(path.join(dir, mp4)),
    bytes: statSync(path.join(dir, mp4)).size,
    webmBytes: statSync(path.join(dir, webm)).size,
    caption: v.caption,
    categories: v.categories,
  };
}

/** Renders every frame once to a raw RGB file, encodes it twice and writes the cover. */
export async function makeVideos(dir: string): Promise<VideoRecord[]> {
  freshDir(dir);
  for (const v of VIDEOS) {
    const { mp4, webm, cover } = files(v);
    const tmpRaw = path.join(dir, `${v.name}.rgb`);
    const frames: Buffer[] = [];
    for (let i = 0; i < v.seconds * FPS; i++) frames.push(await rgbPixels(renderFrame(v, i).toString()));
    writeFileSync(tmpRaw, Buffer.concat(frames));
    const input = ['-y', '-hide_banner', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${v.w}x${v.h}`, '-r', String(FPS), '-i', tmpRaw];
    await run('ffmpeg', [...input, '-an', '-c:v', 'libx264', '-preset', 'slow', '-crf', '26', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-metadata', `title=${v.caption}`, path.join(dir, mp4)]);
    await run('ffmpeg', [...input, '-an', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-pix_fmt', 'yuv420p', path.join(dir, webm)]);
    rmSync(tmpRaw);
    await writeWebp(renderFrame(v, FPS).toString(), path.join(dir, cover), 75);
  }
  return VIDEOS.map((v) => videoRecord(dir, v));
}

/** --no-video: keeps the clips in `from` (copied into dir when that is another directory). */
export function reuseVideos(dir: string, from: string): VideoRecord[] {
  if (path.resolve(dir) !== path.resolve(from)) {
    mkdirSync(dir, { recursive: true });
    for (const v of VIDEOS) for (const file of Object.values(files(v))) copyFileSync(path.join(from, file), path.join(dir, file));
  }
  return VIDEOS.map((v) => videoRecord(dir, v));
}

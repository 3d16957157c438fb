/**
 * The shapes and folders of the demo media (hand-written). scripts/demo-media/ generates the lists in
 * media-manifest.ts against these types; the seed reads both.
 */
import type { CategorySlug } from './corpus';

export interface DemoImage {
  /** File name inside DEMO_IMAGE_DIR. */
  file: string;
  width: number;
  height: number;
  /** '3:4' | '1:1' | '4:3' | '9:16' | '16:9' */
  ratio: string;
  bytes: number;
  /** Abstract scene drawn (sky, noodles, track, ...). */
  scene: string;
  /** Chinese caption rendered inside the image. */
  caption: string;
  /** Categories the picture fits; the first is the best fit. */
  categories: readonly CategorySlug[];
}

export interface DemoAvatar {
  file: string;
  width: number;
  height: number;
  bytes: number;
  kind: 'character' | 'face';
}

export interface DemoVideo {
  /** H.264 (yuv420p, faststart) mp4 inside DEMO_VIDEO_DIR. */
  file: string;
  /** Same clip as VP9 webm. */
  webm: string;
  /** WebP cover (frame at 1 s), same size as the video. */
  cover: string;
  width: number;
  height: number;
  durationSec: number;
  bytes: number;
  webmBytes: number;
  caption: string;
  categories: readonly CategorySlug[];
}

export const DEMO_IMAGE_DIR = 'resources/demo/images';
export const DEMO_AVATAR_DIR = 'resources/demo/avatars';
export const DEMO_VIDEO_DIR = 'resources/demo/videos';
export const DEFAULT_AVATAR_FILE = 'resources/default-avatar.webp';
export const PLACEHOLDER_IMAGE_FILE = 'resources/placeholder.webp';

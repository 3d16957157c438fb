/** The note images: every catalog caption drawn on its scene, encoded to WebP of a target size. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CategorySlug } from '../../server/seed/corpus';
import { addCaption, CaptionStyle, headlineBox } from './captions';
import { CATALOG } from './catalog';
import { palette } from './color';
import { freshDir } from './paths';
import { Rand } from './rand';
import { regionLuminance, webpBuffer } from './raster';
import { SCENES, type SceneName } from './scenes';
import { Svg } from './svg';

const RATIOS = [
  { ratio: '3:4', w: 720, h: 960 },
  { ratio: '1:1', w: 800, h: 800 },
  { ratio: '4:3', w: 880, h: 660 },
  { ratio: '9:16', w: 720, h: 1280 },
  { ratio: '16:9', w: 896, h: 504 },
] as const;
// weighted cycle: mostly portrait like a phone-first community
const RATIO_CYCLE = [0, 1, 2, 0, 3, 4, 0, 1, 2, 0, 4, 1, 3, 0, 2] as const;

/**
 * Paper grain (fractal noise as a faint dark or light speckle) so the flat vector art looks
 * printed rather than synthetic. Returns [defs, body] to append to the SVG.
 */
function grain(level: number, seed: number, light: boolean): [string, string] {
  const c = light ? 1 : 0;
  const m = `0 0 0 0 ${c}  0 0 0 0 ${c}  0 0 0 0 ${c}  0 0 0 ${-level} ${(level * 0.55).toFixed(3)}`;
  return [
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed % 997}"/><feColorMatrix type="matrix" values="${m}"/></filter>`,
    `<rect width="100%" height="100%" filter="url(#grain)"/>`,
  ];
}
/** Grain strengths tried in order until the file reaches MIN_BYTES (without passing MAX_BYTES). */
const GRAIN_LEVELS = [0.26, 0.28, 0.3, 0.32, 0.34];
const MIN_BYTES = 20 * 1024;
const MAX_BYTES = 60 * 1024;

export interface ImageRecord {
  file: string;
  width: number;
  height: number;
  ratio: string;
  bytes: number;
  scene: SceneName;
  caption: string;
  categories: CategorySlug[];
}

/** Image number n (0-based), the k-th caption of its scene: the full picture, without grain. */
async function drawImage(n: number, k: number, scene: SceneName, caption: string) {
  const seed = 1000 + n * 7919;
  const r = new Rand(seed);
  const rt = RATIOS[RATIO_CYCLE[n % RATIO_CYCLE.length] ?? 0] ?? RATIOS[0];
  const p = palette(n * 7 + k);
  const svg = new Svg(rt.w, rt.h);
  SCENES[scene]({ svg, r, p, v: k, t: 0 });
  const style = ((n + k) % 3) as CaptionStyle;
  let darkText = false;
  if (style === CaptionStyle.Headline) {
    const b = headlineBox(rt.w, rt.h, caption);
    darkText = (await regionLuminance(svg.toString(), b.x, b.y - b.fs, Math.min(b.width, rt.w - b.x), b.fs * 1.2)) > 0.5;
  }
  addCaption(svg, caption, r, p, style, darkText);
  return { svg, seed, rt };
}

/** Adds grain to light-weight pictures until they land between MIN_BYTES and MAX_BYTES. */
async function encodeWithGrain(svg: Svg, seed: number): Promise<Buffer> {
  let buf = await webpBuffer(svg.toString());
  const light = buf.length < MIN_BYTES && (await regionLuminance(svg.toString(), 0, 0, svg.w, svg.h)) < 0.45;
  for (const level of GRAIN_LEVELS) {
    if (buf.length >= MIN_BYTES) break;
    const next = await webpBuffer(svg.toString(...grain(level, seed, light)));
    if (next.length > MAX_BYTES) break;
    buf = next;
  }
  return buf;
}

export async function makeImages(dir: string): Promise<ImageRecord[]> {
  freshDir(dir);
  const records: ImageRecord[] = [];
  let n = 0;
  for (const scene of Object.keys(CATALOG) as SceneName[]) {
    const { captions, categories } = CATALOG[scene];
    for (let k = 0; k < captions.length; k++) {
      const caption = captions[k] ?? '';
      const { svg, seed, rt } = await drawImage(n, k, scene, caption);
      n += 1;
      const file = `${String(n).padStart(3, '0')}-${scene}.webp`;
      const buf = await encodeWithGrain(svg, seed);
      writeFileSync(path.join(dir, file), buf);
      records.push({ file, width: rt.w, height: rt.h, ratio: rt.ratio, bytes: buf.length, scene, caption, categories });
    }
  }
  return records;
}

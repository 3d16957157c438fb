/** Avatars (a nickname character or a drawn face), the default avatar and the placeholder image. */
import path from 'node:path';
import { USERS } from '../../server/seed/corpus';
import { luminance, palette, shade } from './color';
import { freshDir, type OutputLayout } from './paths';
import { Rand } from './rand';
import { writeWebp } from './raster';
import { boldCentered, circle, Svg } from './svg';

const AVATAR_COUNT = 48;
const S = 256;

export interface AvatarRecord {
  file: string;
  width: number;
  height: number;
  bytes: number;
  kind: 'character' | 'face';
}

function face(svg: Svg, r: Rand, shirt: string): void {
  const skin = r.pick(['#FFE0BD', '#F1C27D', '#FFCD94', '#EAC086', '#FFDBAC']);
  const hair = r.pick(['#2B2B2B', '#4A3728', '#6B4E3D', '#1F1F2E', '#8D5524']);
  svg.add(`<path d="M40,256 Q40,180 128,176 Q216,180 216,256 Z" fill="${shirt}"/>`);
  svg.add(`<rect x="112" y="150" width="32" height="34" rx="10" fill="${shade(skin, -0.08)}"/>`);
  const longHair = r.chance(0.5);
  if (longHair) svg.add(`<path d="M70,120 Q66,60 128,52 Q190,60 186,120 L192,196 Q160,184 160,150 L96,150 Q96,184 64,196 Z" fill="${hair}"/>`);
  svg.add(`<ellipse cx="128" cy="118" rx="52" ry="58" fill="${skin}"/>`);
  svg.add(longHair ? `<path d="M76,108 Q80,58 128,56 Q178,58 180,108 Q150,90 128,76 Q104,96 76,108 Z" fill="${hair}"/>` : `<path d="M74,110 Q70,54 128,50 Q188,54 182,110 Q172,80 128,78 Q90,80 74,110 Z" fill="${hair}"/>`);
  const eyeY = 122;
  const closed = r.chance(0.35);
  for (const ex of [106, 150]) {
    svg.add(closed ? `<path d="M${ex - 7},${eyeY} q7,6 14,0" stroke="#2B2B2B" stroke-width="4" fill="none" stroke-linecap="round"/>` : `<circle cx="${ex}" cy="${eyeY}" r="5.5" fill="#2B2B2B"/>`);
  }
  svg.add(`<circle cx="94" cy="140" r="8" fill="#FF8FA3" opacity="0.45"/><circle cx="162" cy="140" r="8" fill="#FF8FA3" opacity="0.45"/>`);
  svg.add(`<path d="M116,146 q12,10 24,0" stroke="#B5495B" stroke-width="4" fill="none" stroke-linecap="round"/>`);
  // glasses
  if (r.chance(0.3)) svg.add(`<circle cx="106" cy="122" r="16" fill="none" stroke="#333" stroke-width="3.5"/><circle cx="150" cy="122" r="16" fill="none" stroke="#333" stroke-width="3.5"/><line x1="122" y1="122" x2="134" y2="122" stroke="#333" stroke-width="3.5"/>`);
}

/** Avatar number k (0-based): a big character ch on a gradient, or a drawn face when ch is null. */
function avatarSvg(k: number, ch: string | null): Svg {
  const svg = new Svg(S, S);
  const r = new Rand(50000 + k * 104729);
  const p = palette(k);
  const c1 = p.accents[k % 4] ?? '#ccc';
  const c2 = p.accents[(k + 1) % 4] ?? '#eee';
  svg.fill(svg.diagonal([shade(c1, 0.25), shade(c2, 0.1)]));
  svg.add(circle(r.f(0, S), r.f(0, S), r.f(60, 110), { fill: '#FFFFFF', opacity: 0.15 }));
  if (ch) svg.add(boldCentered(128, 128 + 110 * 0.36, 110, luminance(shade(c1, 0.25)) > 0.72 ? p.ink : '#FFFFFF', ch));
  else face(svg, r, p.accents[(k + 2) % 4] ?? '#888');
  return svg;
}

const avatarFile = (k: number): string => `avatar-${String(k + 1).padStart(2, '0')}.webp`;

/** Odd-numbered avatars show the first character of the owning user's nickname, even ones a face. */
function avatarChar(k: number): string | null {
  if (k % 2 !== 0) return null;
  const user = USERS.find((u) => u.avatar === avatarFile(k));
  return user ? ([...user.nickname][0] ?? '石') : '石';
}

export async function makeAvatars(dir: string): Promise<AvatarRecord[]> {
  freshDir(dir);
  const out: AvatarRecord[] = [];
  for (let k = 0; k < AVATAR_COUNT; k++) {
    const file = avatarFile(k);
    const ch = avatarChar(k);
    const bytes = await writeWebp(avatarSvg(k, ch).toString(), path.join(dir, file), 75);
    out.push({ file, width: S, height: S, bytes, kind: ch ? 'character' : 'face' });
  }
  return out;
}

/** Neutral default avatar (grey silhouette) and the placeholder for missing or loading images (no text). */
export async function makeDefaults(out: OutputLayout): Promise<void> {
  const a = new Svg(256, 256);
  a.add(`<rect width="256" height="256" fill="#E9ECEF"/><circle cx="128" cy="104" r="46" fill="#BFC5CC"/><path d="M48,240 Q52,164 128,160 Q204,164 208,240 Z" fill="#BFC5CC"/>`);
  await writeWebp(a.toString(), out.defaultAvatar, 80);
  // 3:4, soft grey, picture glyph, tiny pomegranate
  const p = new Svg(720, 960);
  p.add(`<rect width="720" height="960" fill="${p.linear(['#F5F6F8', '#E9ECF1'])}"/>`);
  p.add(`<rect x="240" y="350" width="240" height="190" rx="22" fill="none" stroke="#C3C9D2" stroke-width="12"/><circle cx="310" cy="410" r="22" fill="#C3C9D2"/><path d="M252,528 L340,450 L400,500 L430,475 L470,528 Z" fill="#C3C9D2"/>`);
  p.add(`<circle cx="360" cy="640" r="26" fill="#FF2442" opacity="0.55"/><path d="M350,612 l10,-12 l10,12 Z" fill="#FF2442" opacity="0.55"/>`);
  await writeWebp(p.toString(), out.placeholder, 75);
}

/**
 * Generates the Shiliu demo media (committed output, run once by hand):
 *
 *   resources/demo/images/*.webp    ~120 abstract campus illustrations with Chinese captions
 *   resources/demo/avatars/*.webp   48 avatars (256x256)
 *   resources/demo/videos/*         2 short silent videos (H.264 mp4 + VP9 webm) and WebP covers
 *   resources/default-avatar.webp, resources/placeholder.webp
 *   server/seed/media-manifest.ts   typed list of everything above
 *
 * Usage:  npx tsx scripts/make-demo-media.ts            (everything)
 *         npx tsx scripts/make-demo-media.ts --check    (only validate server/seed/corpus.ts limits)
 *         npx tsx scripts/make-demo-media.ts --no-video (skip the ffmpeg step, keep existing videos)
 *
 * Requirements at generation time only: sharp (npm), fontconfig font family
 * 'Noto Sans CJK SC' (Debian fonts-noto-cjk) and ffmpeg/ffprobe (Debian ffmpeg).
 * Output is deterministic (seeded PRNG), so re-running gives the same files.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import * as corpus from '../server/seed/corpus';
import type { CategorySlug } from '../server/seed/corpus';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'resources');
const DEMO = path.join(OUT, 'demo');
const FONT = "'Noto Sans CJK SC', 'Noto Sans CJK', sans-serif";
const WEBP_QUALITY = 70;

// ---------------------------------------------------------------------------
// Deterministic randomness

class Rand {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    // mulberry32
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  f(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  i(a: number, b: number): number {
    return Math.floor(this.f(a, b + 1));
  }
  pick<T>(arr: readonly T[]): T {
    const v = arr[Math.floor(this.next() * arr.length)];
    if (v === undefined) throw new Error('pick from empty array');
    return v;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(arr: readonly T[]): T[] {
    const a = [...arr];
    for (let k = a.length - 1; k > 0; k--) {
      const j = Math.floor(this.next() * (k + 1));
      [a[k], a[j]] = [a[j] as T, a[k] as T];
    }
    return a;
  }
}

// ---------------------------------------------------------------------------
// Colour helpers

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
/** amt > 0 lightens towards white, amt < 0 darkens towards black. */
function shade(hex: string, amt: number): string {
  const [r, g, b] = hexToRgb(hex);
  const t = amt < 0 ? 0 : 255;
  const p = Math.abs(amt);
  return rgbToHex(r + (t - r) * p, g + (t - g) * p, b + (t - b) * p);
}
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}
function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

interface Palette {
  name: string;
  bg: [string, string];
  accents: [string, string, string, string];
  ink: string;
}

const PALETTES: readonly Palette[] = [
  { name: 'peach', bg: ['#FFE5D9', '#FFCAD4'], accents: ['#F4978E', '#F8AD9D', '#84A59D', '#F6BD60'], ink: '#5A3E36' },
  { name: 'mint', bg: ['#E0F4EC', '#B8E0D2'], accents: ['#52B69A', '#F9C74F', '#FF8C61', '#3D5A80'], ink: '#234B42' },
  { name: 'lavender', bg: ['#EDE7F6', '#D1C4E9'], accents: ['#9575CD', '#F48FB1', '#FFD54F', '#4DB6AC'], ink: '#3E2F5B' },
  { name: 'sky', bg: ['#E3F2FD', '#BBDEFB'], accents: ['#1E88E5', '#FFB74D', '#EF5350', '#66BB6A'], ink: '#1F3A5A' },
  { name: 'cream', bg: ['#FFF8E7', '#F5E6CA'], accents: ['#D4A373', '#CCD5AE', '#E76F51', '#2A9D8F'], ink: '#4A3B2A' },
  { name: 'matcha', bg: ['#EEF3E2', '#D3E4CD'], accents: ['#7FA15A', '#E9C46A', '#D4776B', '#5C7457'], ink: '#33402B' },
  { name: 'coral', bg: ['#FFF1EC', '#FFD6C9'], accents: ['#FF6B6B', '#4ECDC4', '#FFE66D', '#1A535C'], ink: '#4A2424' },
  { name: 'ocean', bg: ['#DFF6F7', '#A8DADC'], accents: ['#457B9D', '#E63946', '#F1FAEE', '#1D3557'], ink: '#1D3557' },
  { name: 'dusk', bg: ['#FDE2E4', '#C5CAE9'], accents: ['#7986CB', '#F06292', '#FFB74D', '#4DD0E1'], ink: '#37325A' },
  { name: 'lemon', bg: ['#FFFBE0', '#FFF1A8'], accents: ['#F9A825', '#26A69A', '#EC407A', '#5C6BC0'], ink: '#4D4218' },
  { name: 'rose', bg: ['#FCE4EC', '#F8BBD0'], accents: ['#D81B60', '#8E24AA', '#FFA726', '#26C6DA'], ink: '#5B1F37' },
  { name: 'sand', bg: ['#F6EFE6', '#E8D8C4'], accents: ['#B5838D', '#6D6875', '#E5989B', '#FFB4A2'], ink: '#463B3F' },
  { name: 'forest', bg: ['#E8F5E9', '#C8E6C9'], accents: ['#2E7D32', '#A1887F', '#FFCA28', '#EF6C00'], ink: '#1F3D22' },
  { name: 'berry', bg: ['#F3E5F5', '#E1BEE7'], accents: ['#6A1B9A', '#EC407A', '#26A69A', '#FFCA28'], ink: '#3F1651' },
  { name: 'pomegranate', bg: ['#FFEBEE', '#FFCDD2'], accents: ['#FF2442', '#C62839', '#FFB300', '#43A047'], ink: '#5A1620' },
];

// ---------------------------------------------------------------------------
// SVG helpers

class Svg {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  private n = 0;
  constructor(readonly w: number, readonly h: number) {}
  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
  add(s: string): void {
    this.body.push(s);
  }
  linear(stops: readonly string[], vertical = true, angle?: { x1: number; y1: number; x2: number; y2: number }): string {
    const id = this.id('lg');
    const a = angle ?? (vertical ? { x1: 0, y1: 0, x2: 0, y2: 1 } : { x1: 0, y1: 0, x2: 1, y2: 0 });
    const st = stops.map((c, k) => `<stop offset="${(k / Math.max(1, stops.length - 1)).toFixed(3)}" stop-color="${c}"/>`).join('');
    this.defs.push(`<linearGradient id="${id}" x1="${a.x1}" y1="${a.y1}" x2="${a.x2}" y2="${a.y2}">${st}</linearGradient>`);
    return `url(#${id})`;
  }
  radial(inner: string, outer: string, innerOpacity = 1, outerOpacity = 0): string {
    const id = this.id('rg');
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="1" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`,
    );
    return `url(#${id})`;
  }
  clipCircle(cx: number, cy: number, r: number): string {
    const id = this.id('cp');
    this.defs.push(`<clipPath id="${id}"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/></clipPath>`);
    return `url(#${id})`;
  }
  toString(extraDefs = '', extraBody = ''): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}${extraDefs}</defs>${this.body.join('')}${extraBody}</svg>`;
  }
}

function f(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}
function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
/** Approximate advance width of a string in em (CJK full width, Latin about half). */
function textEm(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x2e80 || (c >= 0xff00 && c <= 0xffef)) w += 1;
    else if (ch === ' ') w += 0.3;
    else w += 0.58;
  }
  return w;
}

// Reusable shapes --------------------------------------------------------------

function cloud(x: number, y: number, s: number, fill: string, opacity: number): string {
  return `<g fill="${fill}" opacity="${opacity}"><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s * 1.6)}" ry="${f(s * 0.55)}"/><circle cx="${f(x - s * 0.6)}" cy="${f(y - s * 0.25)}" r="${f(s * 0.55)}"/><circle cx="${f(x + s * 0.2)}" cy="${f(y - s * 0.45)}" r="${f(s * 0.75)}"/><circle cx="${f(x + s * 0.9)}" cy="${f(y - s * 0.15)}" r="${f(s * 0.5)}"/></g>`;
}

function hillPath(w: number, h: number, base: number, amp: number, r: Rand): string {
  const ph1 = r.f(0, Math.PI * 2);
  const ph2 = r.f(0, Math.PI * 2);
  const fr1 = r.f(1.2, 2.4);
  const fr2 = r.f(3, 5.5);
  const pts: string[] = [];
  const n = 36;
  for (let k = 0; k <= n; k++) {
    const x = (w * k) / n;
    const y = base + amp * Math.sin((k / n) * Math.PI * fr1 + ph1) + amp * 0.35 * Math.sin((k / n) * Math.PI * fr2 + ph2);
    pts.push(`${f(x)},${f(y)}`);
  }
  return `M0,${h} L${pts.join(' L')} L${w},${h} Z`;
}

function tree(x: number, groundY: number, s: number, canopy: string, trunk: string, r: Rand): string {
  const th = s * 1.3;
  const parts = [`<rect x="${f(x - s * 0.09)}" y="${f(groundY - th)}" width="${f(s * 0.18)}" height="${f(th)}" rx="${f(s * 0.05)}" fill="${trunk}"/>`];
  const cy = groundY - th - s * 0.35;
  const blobs = [
    [0, 0, 0.75],
    [-0.45, 0.25, 0.5],
    [0.45, 0.22, 0.52],
    [0, -0.45, 0.5],
  ] as const;
  blobs.forEach(([dx, dy, rr], k) => {
    const c = k === 3 ? shade(canopy, 0.12) : k === 0 ? canopy : shade(canopy, -0.06 + r.f(0, 0.1));
    parts.push(`<circle cx="${f(x + dx * s)}" cy="${f(cy + dy * s)}" r="${f(rr * s)}" fill="${c}"/>`);
  });
  return parts.join('');
}

function pencil(cx: number, cy: number, len: number, angle: number, color: string): string {
  const t = len * 0.075;
  const body = len * 0.72;
  const x0 = -len / 2;
  return `<g transform="translate(${f(cx)},${f(cy)}) rotate(${f(angle)})"><rect x="${f(x0)}" y="${f(-t / 2)}" width="${f(len * 0.08)}" height="${f(t)}" rx="${f(t * 0.25)}" fill="#F7A7B5"/><rect x="${f(x0 + len * 0.08)}" y="${f(-t / 2)}" width="${f(len * 0.05)}" height="${f(t)}" fill="#C9CED6"/><rect x="${f(x0 + len * 0.13)}" y="${f(-t / 2)}" width="${f(body)}" height="${f(t)}" fill="${color}"/><rect x="${f(x0 + len * 0.13)}" y="${f(-t / 2)}" width="${f(body)}" height="${f(t / 3)}" fill="#fff" opacity="0.25"/><path d="M${f(x0 + len * 0.85)},${f(-t / 2)} L${f(len / 2)},0 L${f(x0 + len * 0.85)},${f(t / 2)} Z" fill="#F3D3A4"/><path d="M${f(len / 2 - len * 0.045)},${f(-t * 0.18)} L${f(len / 2)},0 L${f(len / 2 - len * 0.045)},${f(t * 0.18)} Z" fill="#3A3A3A"/></g>`;
}

function mug(x: number, y: number, s: number, color: string, drink: string, steam: boolean): string {
  const parts: string[] = [];
  if (steam) {
    for (let k = 0; k < 3; k++) {
      const sx = x - s * 0.25 + k * s * 0.25;
      parts.push(
        `<path d="M${f(sx)},${f(y - s * 0.1)} q${f(s * 0.12)},${f(-s * 0.18)} 0,${f(-s * 0.35)} q${f(-s * 0.12)},${f(-s * 0.18)} 0,${f(-s * 0.35)}" stroke="#fff" stroke-width="${f(s * 0.05)}" fill="none" stroke-linecap="round" opacity="0.8"/>`,
      );
    }
  }
  parts.push(`<path d="M${f(x + s * 0.42)},${f(y + s * 0.2)} a${f(s * 0.22)},${f(s * 0.22)} 0 1 1 0,${f(s * 0.44)}" stroke="${shade(color, -0.15)}" stroke-width="${f(s * 0.09)}" fill="none"/>`);
  parts.push(`<rect x="${f(x - s * 0.45)}" y="${f(y)}" width="${f(s * 0.9)}" height="${f(s)}" rx="${f(s * 0.14)}" fill="${color}"/>`);
  parts.push(`<ellipse cx="${f(x)}" cy="${f(y + s * 0.04)}" rx="${f(s * 0.4)}" ry="${f(s * 0.07)}" fill="${drink}"/>`);
  parts.push(`<rect x="${f(x - s * 0.3)}" y="${f(y + s * 0.15)}" width="${f(s * 0.12)}" height="${f(s * 0.7)}" rx="${f(s * 0.06)}" fill="#fff" opacity="0.22"/>`);
  return parts.join('');
}

function plant(x: number, y: number, s: number, pot: string, leaf: string): string {
  const parts: string[] = [];
  const leaves: [number, number][] = [
    [-40, 0.8],
    [-15, 1],
    [10, 0.95],
    [35, 0.75],
    [-70, 0.6],
    [65, 0.6],
  ];
  for (const [a, l] of leaves) {
    parts.push(`<ellipse cx="0" cy="${f(-s * 0.45 * l)}" rx="${f(s * 0.14)}" ry="${f(s * 0.45 * l)}" fill="${a % 2 === 0 ? leaf : shade(leaf, -0.12)}" transform="translate(${f(x)},${f(y)}) rotate(${a})"/>`);
  }
  parts.push(`<path d="M${f(x - s * 0.35)},${f(y)} L${f(x + s * 0.35)},${f(y)} L${f(x + s * 0.27)},${f(y + s * 0.55)} L${f(x - s * 0.27)},${f(y + s * 0.55)} Z" fill="${pot}"/>`);
  parts.push(`<rect x="${f(x - s * 0.39)}" y="${f(y - s * 0.04)}" width="${f(s * 0.78)}" height="${f(s * 0.12)}" rx="${f(s * 0.04)}" fill="${shade(pot, -0.12)}"/>`);
  return parts.join('');
}

function dotsPattern(svg: Svg, color: string, spacing: number, r: number, opacity: number): string {
  const id = svg.id('pt');
  svg.defs.push(
    `<pattern id="${id}" width="${f(spacing)}" height="${f(spacing)}" patternUnits="userSpaceOnUse"><circle cx="${f(spacing / 2)}" cy="${f(spacing / 2)}" r="${f(r)}" fill="${color}" opacity="${opacity}"/></pattern>`,
  );
  return `url(#${id})`;
}

function gridPattern(svg: Svg, color: string, spacing: number, opacity: number): string {
  const id = svg.id('pt');
  svg.defs.push(
    `<pattern id="${id}" width="${f(spacing)}" height="${f(spacing)}" patternUnits="userSpaceOnUse"><path d="M${f(spacing)},0 L0,0 L0,${f(spacing)}" stroke="${color}" stroke-width="1.2" fill="none" opacity="${opacity}"/></pattern>`,
  );
  return `url(#${id})`;
}

function bgGradient(svg: Svg, p: Palette, r: Rand): void {
  const diag = r.chance(0.5);
  const fill = svg.linear([p.bg[0], p.bg[1]], true, diag ? { x1: 0, y1: 0, x2: 1, y2: 1 } : undefined);
  svg.add(`<rect width="${svg.w}" height="${svg.h}" fill="${fill}"/>`);
}

function bokeh(svg: Svg, r: Rand, colors: readonly string[], n: number, maxR: number): void {
  for (let k = 0; k < n; k++) {
    svg.add(`<circle cx="${f(r.f(0, svg.w))}" cy="${f(r.f(0, svg.h))}" r="${f(r.f(maxR * 0.3, maxR))}" fill="${r.pick(colors)}" opacity="${r.f(0.12, 0.35).toFixed(2)}"/>`);
  }
}

// ---------------------------------------------------------------------------
// Scenes. Each draws the full frame; the caption is added afterwards.

interface SceneCtx {
  svg: Svg;
  r: Rand;
  p: Palette;
  v: number;
  /** animation time in seconds (videos only) */
  t: number;
}

type SceneName =
  | 'sky' | 'buildings' | 'books' | 'noodles' | 'trees' | 'track' | 'court'
  | 'stationery' | 'drinks' | 'tech' | 'music' | 'fashion' | 'mountains'
  | 'camera' | 'clubs' | 'market' | 'countdown' | 'seaside';

function sceneSky({ svg, r, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const mode = v % 3;
  const top = mode === 0 ? r.pick(['#6EC1E4', '#7FB8F0', '#8FD3F4']) : mode === 1 ? r.pick(['#FF9A8B', '#F78CA0', '#FDA085']) : r.pick(['#141E46', '#1B2A49', '#23155B']);
  const bottom = mode === 0 ? '#EAF8FF' : mode === 1 ? '#FFE2A8' : '#5B5F97';
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear([top, mix(top, bottom, 0.55), bottom])}"/>`);
  if (mode === 2) {
    for (let k = 0; k < 70; k++) {
      svg.add(`<circle cx="${f(r.f(0, w))}" cy="${f(r.f(0, h * 0.65))}" r="${f(r.f(0.15, 0.5) * u)}" fill="#FFFFFF" opacity="${r.f(0.4, 1).toFixed(2)}"/>`);
    }
    const mx = r.f(0.2, 0.8) * w;
    const my = r.f(0.12, 0.3) * h;
    const mr = u * r.f(7, 10);
    svg.add(`<circle cx="${f(mx)}" cy="${f(my)}" r="${f(mr * 2.6)}" fill="${svg.radial('#FFF6D5', '#FFF6D5', 0.35, 0)}"/>`);
    svg.add(`<circle cx="${f(mx)}" cy="${f(my)}" r="${f(mr)}" fill="#FFF3C4"/>`);
    svg.add(`<circle cx="${f(mx + mr * 0.45)}" cy="${f(my - mr * 0.25)}" r="${f(mr * 0.85)}" fill="${mix(top, bottom, (my / h) * 1.2)}"/>`);
  } else {
    const sx = r.f(0.2, 0.8) * w;
    const sy = mode === 0 ? r.f(0.12, 0.3) * h : r.f(0.45, 0.58) * h;
    const sr = u * (mode === 0 ? r.f(7, 10) : r.f(12, 17));
    const sc = mode === 0 ? '#FFF1A6' : '#FF7B54';
    svg.add(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr * 3)}" fill="${svg.radial(sc, sc, 0.45, 0)}"/>`);
    svg.add(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr)}" fill="${sc}"/>`);
  }
  const nc = r.i(3, 6);
  for (let k = 0; k < nc; k++) {
    const cc = mode === 0 ? '#FFFFFF' : mode === 1 ? '#FFE9E3' : '#9AA5D1';
    svg.add(cloud(r.f(-0.05, 1.05) * w, r.f(0.08, 0.5) * h, u * r.f(5, 11), cc, mode === 2 ? 0.25 : r.f(0.7, 0.95)));
  }
  const hillBase = [0.68, 0.76, 0.85];
  const hillCol = mode === 0 ? ['#A8D5BA', '#7DBE9C', '#4F9D7A'] : mode === 1 ? ['#C97B84', '#A05A75', '#6E3B5C'] : ['#3A3F74', '#2A2D5C', '#1A1B3F'];
  hillBase.forEach((b, k) => svg.add(`<path d="${hillPath(w, h, h * b, h * 0.04, r)}" fill="${hillCol[k]}"/>`));
  // a few campus roof silhouettes on the last ridge
  const roofCol = hillCol[2] ?? '#333';
  const bx = r.f(0.1, 0.6) * w;
  for (let k = 0; k < 3; k++) {
    const bw = u * r.f(8, 14);
    const bh = u * r.f(8, 18);
    const x = bx + k * u * 12;
    svg.add(`<rect x="${f(x)}" y="${f(h * 0.86 - bh)}" width="${f(bw)}" height="${f(bh + h * 0.2)}" fill="${shade(roofCol, -0.1)}"/>`);
  }
  if (mode !== 2) {
    for (let k = 0; k < r.i(2, 5); k++) {
      const bx2 = r.f(0.1, 0.9) * w;
      const by = r.f(0.15, 0.4) * h;
      const bs = u * r.f(1.2, 2.2);
      svg.add(`<path d="M${f(bx2 - bs)},${f(by)} q${f(bs * 0.5)},${f(-bs * 0.6)} ${f(bs)},0 q${f(bs * 0.5)},${f(-bs * 0.6)} ${f(bs)},0" stroke="#3B3B58" stroke-width="${f(u * 0.35)}" fill="none" stroke-linecap="round" opacity="0.7"/>`);
    }
  }
}

function building(svg: Svg, x: number, groundY: number, bw: number, bh: number, color: string, winColor: string, r: Rand, litP: number): void {
  const u = Math.min(svg.w, svg.h) / 100;
  svg.add(`<rect x="${f(x)}" y="${f(groundY - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${color}"/>`);
  svg.add(`<rect x="${f(x - u * 0.6)}" y="${f(groundY - bh - u * 1.2)}" width="${f(bw + u * 1.2)}" height="${f(u * 1.6)}" fill="${shade(color, -0.15)}"/>`);
  const ww = u * 2.2;
  const wh = u * 3;
  const gap = u * 1.6;
  const cols = Math.max(1, Math.floor((bw - gap) / (ww + gap)));
  const rows = Math.max(1, Math.floor((bh - gap * 2) / (wh + gap)));
  const ox = x + (bw - (cols * (ww + gap) - gap)) / 2;
  for (let rr = 0; rr < rows; rr++) {
    for (let cc = 0; cc < cols; cc++) {
      const lit = r.chance(litP);
      svg.add(`<rect x="${f(ox + cc * (ww + gap))}" y="${f(groundY - bh + gap * 1.5 + rr * (wh + gap))}" width="${f(ww)}" height="${f(wh)}" rx="${f(u * 0.3)}" fill="${lit ? '#FFE08A' : winColor}"/>`);
    }
  }
}

function sceneBuildings({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const evening = v % 3 === 2;
  const skyTop = evening ? '#F6A192' : r.pick(['#A7D8F0', '#BDE0FE', '#CDE7F0']);
  const skyBottom = evening ? '#FFE0B5' : '#F7FBFF';
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear([skyTop, skyBottom])}"/>`);
  for (let k = 0; k < 3; k++) svg.add(cloud(r.f(0, w), r.f(0.08, 0.3) * h, u * r.f(5, 9), '#FFFFFF', 0.8));
  const groundY = h * r.f(0.74, 0.8);
  const cols = [p.accents[0], p.accents[3], '#C9B8A8', '#E2C2A3', '#B7C4CF', p.accents[1]].map((c) => mix(c, '#FFFFFF', 0.15));
  // tower in the middle
  const tx = w * r.f(0.35, 0.55);
  const tw = u * 14;
  const th = h * r.f(0.45, 0.55);
  let x = -u * 4;
  while (x < w) {
    const bw = u * r.f(16, 28);
    const bh = h * r.f(0.18, 0.36);
    if (!(x + bw > tx - u * 2 && x < tx + tw + u * 2)) building(svg, x, groundY, bw, bh, r.pick(cols), '#EAF2F8', r, evening ? 0.5 : 0.12);
    x += bw + u * r.f(1, 4);
  }
  const towerCol = mix(p.accents[0], '#B5563E', 0.5);
  building(svg, tx, groundY, tw, th, towerCol, '#F3E9DD', r, evening ? 0.6 : 0.1);
  svg.add(`<path d="M${f(tx - u * 2)},${f(groundY - th)} L${f(tx + tw / 2)},${f(groundY - th - u * 12)} L${f(tx + tw + u * 2)},${f(groundY - th)} Z" fill="${shade(towerCol, -0.25)}"/>`);
  const ccx = tx + tw / 2;
  const ccy = groundY - th + u * 6;
  svg.add(`<circle cx="${f(ccx)}" cy="${f(ccy)}" r="${f(u * 4.2)}" fill="#FFFDF5" stroke="${shade(towerCol, -0.3)}" stroke-width="${f(u * 0.8)}"/>`);
  svg.add(`<path d="M${f(ccx)},${f(ccy)} L${f(ccx)},${f(ccy - u * 3)} M${f(ccx)},${f(ccy)} L${f(ccx + u * 2.2)},${f(ccy + u * 0.8)}" stroke="#333" stroke-width="${f(u * 0.5)}" stroke-linecap="round"/>`);
  // ground, path, bushes, lamps
  svg.add(`<rect x="0" y="${f(groundY)}" width="${w}" height="${f(h - groundY)}" fill="${evening ? '#8FB996' : '#A9D18E'}"/>`);
  svg.add(`<path d="M${f(w * 0.42)},${f(groundY)} L${f(w * 0.58)},${f(groundY)} L${f(w * 0.75)},${h} L${f(w * 0.25)},${h} Z" fill="#EFE6DA"/>`);
  for (let k = 0; k < 14; k++) {
    const bx = (w / 13) * k + r.f(-u * 2, u * 2);
    svg.add(`<circle cx="${f(bx)}" cy="${f(groundY + u)}" r="${f(u * r.f(3, 5))}" fill="${r.pick(['#5E9C5A', '#6FAE64', '#4C8A4E'])}"/>`);
  }
  for (const lx of [w * 0.3, w * 0.7]) {
    svg.add(`<rect x="${f(lx - u * 0.4)}" y="${f(groundY - u * 14)}" width="${f(u * 0.8)}" height="${f(u * 20)}" fill="#4A4A5A"/>`);
    svg.add(`<circle cx="${f(lx)}" cy="${f(groundY - u * 14.5)}" r="${f(u * 1.8)}" fill="${evening ? '#FFE08A' : '#F4F1E8'}"/>`);
    if (evening) svg.add(`<circle cx="${f(lx)}" cy="${f(groundY - u * 14.5)}" r="${f(u * 6)}" fill="${svg.radial('#FFE08A', '#FFE08A', 0.5, 0)}"/>`);
  }
}

function bookSpine(x: number, baseY: number, bw: number, bh: number, color: string, tilt: number): string {
  const bands = `<rect x="${f(x)}" y="${f(baseY - bh * 0.88)}" width="${f(bw)}" height="${f(bh * 0.05)}" fill="#fff" opacity="0.45"/><rect x="${f(x)}" y="${f(baseY - bh * 0.2)}" width="${f(bw)}" height="${f(bh * 0.04)}" fill="#fff" opacity="0.35"/><rect x="${f(x + bw * 0.3)}" y="${f(baseY - bh * 0.7)}" width="${f(bw * 0.4)}" height="${f(bh * 0.3)}" rx="${f(bw * 0.1)}" fill="#fff" opacity="0.25"/>`;
  const body = `<rect x="${f(x)}" y="${f(baseY - bh)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bw * 0.08)}" fill="${color}"/>`;
  if (tilt === 0) return body + bands;
  return `<g transform="rotate(${f(tilt)} ${f(x + (tilt > 0 ? bw : 0))} ${f(baseY)})">${body}${bands}</g>`;
}

function sceneBooks({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  bgGradient(svg, p, r);
  const colors = [...p.accents, shade(p.accents[0], -0.2), shade(p.accents[1], -0.15), '#6D597A', '#355070', '#E56B6F', '#EAAC8B'];
  if (v % 2 === 0) {
    // bookshelf
    const margin = w * 0.08;
    const shelves = h > w * 1.2 ? 4 : 3;
    const top = h * 0.1;
    const gapY = (h * 0.85 - top) / shelves;
    svg.add(`<rect x="${f(margin - u * 2)}" y="${f(top - u * 2)}" width="${f(w - 2 * margin + u * 4)}" height="${f(gapY * shelves + u * 4)}" rx="${f(u * 2)}" fill="${shade(p.bg[1], -0.12)}"/>`);
    for (let s = 0; s < shelves; s++) {
      const baseY = top + gapY * (s + 1);
      svg.add(`<rect x="${f(margin)}" y="${f(baseY - gapY + u)}" width="${f(w - 2 * margin)}" height="${f(gapY - u)}" fill="${shade(p.bg[1], -0.05)}"/>`);
      let x = margin + u * 2;
      const end = w - margin - u * 2;
      const plantAt = r.chance(0.5) ? r.f(0.3, 0.7) * w : -1;
      while (x < end - u * 4) {
        if (plantAt > 0 && Math.abs(x - plantAt) < u * 3) {
          svg.add(plant(x + u * 6, baseY - gapY * 0.32, gapY * 0.55, p.accents[2], '#6BAA75'));
          x += u * 13;
          continue;
        }
        const bw = u * r.f(3.5, 7);
        if (x + bw > end) break;
        const bh = gapY * r.f(0.55, 0.85);
        const tilt = r.chance(0.08) ? r.pick([-12, 12]) : 0;
        svg.add(bookSpine(x, baseY, bw, bh, r.pick(colors), tilt));
        x += bw + u * r.f(0.3, 1) + (tilt ? u * 3 : 0);
      }
      svg.add(`<rect x="${f(margin - u * 2)}" y="${f(baseY)}" width="${f(w - 2 * margin + u * 4)}" height="${f(u * 2.4)}" fill="${shade(p.bg[1], -0.3)}"/>`);
    }
  } else {
    // stack of books with a mug or an apple
    svg.add(`<rect width="${w}" height="${h}" fill="${dotsPattern(svg, p.ink, u * 6, u * 0.5, 0.12)}"/>`);
    const tableY = h * 0.78;
    svg.add(`<rect x="0" y="${f(tableY)}" width="${w}" height="${f(h - tableY)}" fill="${shade(p.accents[0], 0.35)}"/>`);
    let y = tableY;
    const n = r.i(5, 8);
    const cx = w * r.f(0.42, 0.55);
    for (let k = 0; k < n; k++) {
      const bw = w * r.f(0.38, 0.55) * (h > w ? 1.2 : 1);
      const bh = u * r.f(4.5, 7.5);
      const x = cx - bw / 2 + r.f(-u * 4, u * 4);
      const c = r.pick(colors);
      svg.add(`<rect x="${f(x)}" y="${f(y - bh)}" width="${f(bw)}" height="${f(bh)}" rx="${f(u * 0.8)}" fill="${c}"/>`);
      svg.add(`<rect x="${f(x + bw - u * 3)}" y="${f(y - bh + u * 0.8)}" width="${f(u * 2.4)}" height="${f(bh - u * 1.6)}" fill="#FFF9EE"/>`);
      svg.add(`<rect x="${f(x + u * 3)}" y="${f(y - bh * 0.62)}" width="${f(bw * 0.35)}" height="${f(bh * 0.24)}" rx="${f(u * 0.4)}" fill="#fff" opacity="0.4"/>`);
      y -= bh;
    }
    if (r.chance(0.5)) {
      svg.add(mug(cx + w * 0.3 > w - u * 8 ? cx - w * 0.3 : cx + w * 0.3, tableY - u * 14, u * 14, p.accents[1], '#6F4E37', true));
    } else {
      const ax = cx;
      const ay = y - u * 6;
      svg.add(`<circle cx="${f(ax - u * 2.5)}" cy="${f(ay)}" r="${f(u * 5.5)}" fill="#E63946"/><circle cx="${f(ax + u * 2.5)}" cy="${f(ay)}" r="${f(u * 5.5)}" fill="#D62839"/><rect x="${f(ax - u * 0.4)}" y="${f(ay - u * 9)}" width="${f(u * 0.8)}" height="${f(u * 4)}" fill="#6B4226"/><ellipse cx="${f(ax + u * 2.5)}" cy="${f(ay - u * 7.5)}" rx="${f(u * 2.6)}" ry="${f(u * 1.1)}" fill="#52B69A"/>`);
    }
  }
}

function sceneNoodles({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const mode = v % 3;
  // table: wood or checked cloth
  if (r.chance(0.5)) {
    const wood = r.pick(['#D9B38C', '#C99E73', '#E2C29F']);
    svg.add(`<rect width="${w}" height="${h}" fill="${wood}"/>`);
    for (let y = 0; y < h; y += u * r.f(6, 12)) svg.add(`<rect x="0" y="${f(y)}" width="${w}" height="${f(u * 0.4)}" fill="${shade(wood, -0.12)}" opacity="0.6"/>`);
  } else {
    const id = svg.id('chk');
    const c = r.pick(['#F28482', '#84A59D', '#5FA8D3', '#F6BD60']);
    const s = u * 8;
    svg.defs.push(`<pattern id="${id}" width="${f(s * 2)}" height="${f(s * 2)}" patternUnits="userSpaceOnUse"><rect width="${f(s * 2)}" height="${f(s * 2)}" fill="#FFFDF7"/><rect width="${f(s)}" height="${f(s * 2)}" fill="${c}" opacity="0.35"/><rect width="${f(s * 2)}" height="${f(s)}" fill="${c}" opacity="0.35"/></pattern>`);
    svg.add(`<rect width="${w}" height="${h}" fill="url(#${id})"/>`);
  }
  const cx = w / 2 + r.f(-u * 5, u * 5);
  const cy = h / 2 + r.f(-u * 5, u * 5);
  const R = Math.min(w, h) * 0.33;
  if (mode === 0) {
    // noodle bowl seen from above
    const rim = r.pick(['#FFFFFF', '#F2F4F7', '#E8EEF6']);
    svg.add(`<circle cx="${f(cx + u)}" cy="${f(cy + u * 1.5)}" r="${f(R * 1.04)}" fill="#000" opacity="0.12"/>`);
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="${rim}"/>`);
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.93)}" fill="none" stroke="${p.accents[3]}" stroke-width="${f(u * 0.8)}" stroke-dasharray="${f(u * 2)} ${f(u * 2)}" opacity="0.6"/>`);
    const broth = r.pick(['#E9A65B', '#D9823B', '#F3C77A', '#C8553D']);
    const inner = R * 0.82;
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(inner)}" fill="${broth}"/>`);
    const clip = svg.clipCircle(cx, cy, inner);
    const noodles: string[] = [];
    for (let k = 0; k < 14; k++) {
      const y0 = cy - inner + (k + 0.5) * ((inner * 2) / 14);
      const amp = u * r.f(1, 2.2);
      let d = `M${f(cx - inner)},${f(y0)}`;
      for (let x = -inner; x <= inner; x += u * 4) d += ` q${f(u * 2)},${f(k % 2 ? amp : -amp)} ${f(u * 4)},0`;
      noodles.push(`<path d="${d}" stroke="#FBE7B5" stroke-width="${f(u * 1.3)}" fill="none" opacity="0.95"/>`);
    }
    svg.add(`<g clip-path="${clip}">${noodles.join('')}</g>`);
    // toppings
    const eggA = r.f(0, Math.PI * 2);
    for (let k = 0; k < 2; k++) {
      const ex = cx + Math.cos(eggA + k * 0.9) * inner * 0.45;
      const ey = cy + Math.sin(eggA + k * 0.9) * inner * 0.45;
      svg.add(`<ellipse cx="${f(ex)}" cy="${f(ey)}" rx="${f(u * 7)}" ry="${f(u * 5.5)}" fill="#FFFDF7"/><circle cx="${f(ex)}" cy="${f(ey)}" r="${f(u * 3.2)}" fill="#F9A826"/>`);
    }
    for (let k = 0; k < 3; k++) {
      const a = eggA + Math.PI + k * 0.5;
      svg.add(`<rect x="${f(cx + Math.cos(a) * inner * 0.5 - u * 5)}" y="${f(cy + Math.sin(a) * inner * 0.5 - u * 3)}" width="${f(u * 10)}" height="${f(u * 6)}" rx="${f(u * 1.5)}" fill="#A0522D" transform="rotate(${f(r.f(-30, 30))} ${f(cx + Math.cos(a) * inner * 0.5)} ${f(cy + Math.sin(a) * inner * 0.5)})"/>`);
    }
    for (let k = 0; k < 18; k++) {
      const a = r.f(0, Math.PI * 2);
      const d = r.f(0, inner * 0.8);
      svg.add(`<circle cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d)}" r="${f(u * r.f(0.8, 1.4))}" fill="#5DA45A" stroke="#CDEAC0" stroke-width="${f(u * 0.3)}"/>`);
    }
    for (let k = 0; k < 3; k++) {
      const a = r.f(0, Math.PI * 2);
      svg.add(`<ellipse cx="${f(cx + Math.cos(a) * inner * 0.2)}" cy="${f(cy + Math.sin(a) * inner * 0.2)}" rx="${f(u * 5)}" ry="${f(u * 2)}" fill="#3E8E41" transform="rotate(${f(r.f(0, 180))} ${f(cx + Math.cos(a) * inner * 0.2)} ${f(cy + Math.sin(a) * inner * 0.2)})"/>`);
    }
    // chopsticks
    const ang = r.f(-35, -15);
    svg.add(`<g transform="rotate(${f(ang)} ${f(cx)} ${f(cy)})"><rect x="${f(cx - R * 0.2)}" y="${f(cy - R * 1.18)}" width="${f(R * 1.7)}" height="${f(u * 1.6)}" rx="${f(u * 0.8)}" fill="#7B4B2A"/><rect x="${f(cx - R * 0.2)}" y="${f(cy - R * 1.1)}" width="${f(R * 1.7)}" height="${f(u * 1.6)}" rx="${f(u * 0.8)}" fill="#8C5A33"/></g>`);
  } else if (mode === 1) {
    // canteen tray: rice + three dishes + soup
    const tw = Math.min(w * 0.86, h * 1.2);
    const thh = Math.min(h * 0.7, tw * 0.72);
    const tx = (w - tw) / 2;
    const ty = (h - thh) / 2;
    const tray = r.pick(['#9FB8C8', '#B8C4A4', '#E0B4A0', '#C9C3DE']);
    svg.add(`<rect x="${f(tx + u)}" y="${f(ty + u * 1.5)}" width="${f(tw)}" height="${f(thh)}" rx="${f(u * 4)}" fill="#000" opacity="0.12"/>`);
    svg.add(`<rect x="${f(tx)}" y="${f(ty)}" width="${f(tw)}" height="${f(thh)}" rx="${f(u * 4)}" fill="${tray}"/>`);
    const pad = u * 3;
    const cellW = (tw - pad * 4) / 3;
    const cellH = (thh - pad * 3) / 2;
    const dishes = ['#E07A5F', '#81B29A', '#F2CC8F', '#A0522D', '#E9C46A', '#6A994E'];
    for (let k = 0; k < 3; k++) {
      const x = tx + pad + k * (cellW + pad);
      const y = ty + pad;
      svg.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(cellW)}" height="${f(cellH)}" rx="${f(u * 2.5)}" fill="${shade(tray, -0.12)}"/>`);
      const dc = r.pick(dishes);
      for (let m = 0; m < 9; m++) {
        svg.add(`<rect x="${f(x + r.f(u, cellW - u * 6))}" y="${f(y + r.f(u, cellH - u * 5))}" width="${f(u * r.f(3, 6))}" height="${f(u * r.f(2.5, 4))}" rx="${f(u)}" fill="${m % 3 === 0 ? shade(dc, 0.2) : dc}"/>`);
      }
    }
    const rx = tx + pad;
    const ry = ty + pad * 2 + cellH;
    const riceW = cellW * 2 + pad;
    svg.add(`<rect x="${f(rx)}" y="${f(ry)}" width="${f(riceW)}" height="${f(cellH)}" rx="${f(u * 2.5)}" fill="${shade(tray, -0.12)}"/>`);
    svg.add(`<ellipse cx="${f(rx + riceW / 2)}" cy="${f(ry + cellH / 2)}" rx="${f(riceW * 0.42)}" ry="${f(cellH * 0.38)}" fill="#FFFDF5"/>`);
    for (let m = 0; m < 30; m++) {
      svg.add(`<ellipse cx="${f(rx + riceW / 2 + r.f(-riceW * 0.35, riceW * 0.35))}" cy="${f(ry + cellH / 2 + r.f(-cellH * 0.28, cellH * 0.28))}" rx="${f(u * 0.9)}" ry="${f(u * 0.45)}" fill="#EFE8D8" transform="rotate(${f(r.f(0, 180))} ${f(rx + riceW / 2)} ${f(ry + cellH / 2)})"/>`);
    }
    const sx = tx + pad * 3 + cellW * 2.5;
    const sy = ry + cellH / 2;
    const sr = Math.min(cellW, cellH) * 0.45;
    svg.add(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr)}" fill="#FFFFFF"/><circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr * 0.8)}" fill="#F4D58D"/><circle cx="${f(sx - sr * 0.2)}" cy="${f(sy - sr * 0.1)}" r="${f(sr * 0.18)}" fill="#E76F51"/><circle cx="${f(sx + sr * 0.25)}" cy="${f(sy + sr * 0.15)}" r="${f(sr * 0.14)}" fill="#81B29A"/>`);
  } else {
    // dumplings plate + dipping sauce
    svg.add(`<circle cx="${f(cx + u)}" cy="${f(cy + u * 1.5)}" r="${f(R * 1.02)}" fill="#000" opacity="0.1"/>`);
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="#FFFFFF"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.88)}" fill="none" stroke="${p.accents[0]}" stroke-width="${f(u * 0.7)}" opacity="0.5"/>`);
    const n = 7;
    for (let k = 0; k < n; k++) {
      const a = (k / n) * Math.PI * 2 + r.f(-0.1, 0.1);
      const dx = cx + Math.cos(a) * R * 0.52;
      const dy = cy + Math.sin(a) * R * 0.52;
      const s = u * 7;
      svg.add(`<g transform="translate(${f(dx)},${f(dy)}) rotate(${f((a * 180) / Math.PI + 90)})"><path d="M${f(-s)},0 Q${f(-s)},${f(-s * 1.1)} 0,${f(-s * 1.1)} Q${f(s)},${f(-s * 1.1)} ${f(s)},0 Z" fill="#FBF3E4"/><path d="M${f(-s * 0.6)},${f(-s * 0.9)} q${f(s * 0.3)},${f(s * 0.3)} ${f(s * 0.6)},0 q${f(s * 0.3)},${f(s * 0.3)} ${f(s * 0.6)},0" stroke="#E8D8BC" stroke-width="${f(u * 0.5)}" fill="none"/><rect x="${f(-s)}" y="${f(-u * 0.5)}" width="${f(s * 2)}" height="${f(u * 1.6)}" rx="${f(u * 0.8)}" fill="#D9A066"/></g>`);
    }
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.2)}" fill="#F1F1F1"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.15)}" fill="#5B2C1E"/><circle cx="${f(cx - R * 0.04)}" cy="${f(cy - R * 0.03)}" r="${f(R * 0.03)}" fill="#C0392B"/>`);
  }
}

function sceneTrees({ svg, r, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const seasons = [
    { sky: ['#FDE2E4', '#FFF5F7'], canopy: ['#F4A6B7', '#F7C4D2', '#EE8FA8'], ground: '#C7E3B5', leaf: '#F7C4D2' },
    { sky: ['#BDE4F4', '#F2FBFF'], canopy: ['#6AB04C', '#7BC96F', '#4E9F3D'], ground: '#A6D98B', leaf: '#7BC96F' },
    { sky: ['#FFE7C2', '#FFF8EC'], canopy: ['#F4B942', '#F7C948', '#E8A33D'], ground: '#E9D8A6', leaf: '#F7C948' },
    { sky: ['#F9D5BB', '#FFF1E6'], canopy: ['#E76F51', '#F4A261', '#D1495B'], ground: '#DDB892', leaf: '#F4A261' },
  ] as const;
  const s = seasons[v % seasons.length] ?? seasons[0];
  const horizon = h * 0.5;
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear([s.sky[0], s.sky[1]])}"/>`);
  svg.add(`<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${s.ground}"/>`);
  const vx = w * r.f(0.45, 0.55);
  svg.add(`<path d="M${f(vx - u)},${f(horizon)} L${f(vx + u)},${f(horizon)} L${f(w * 0.78)},${h} L${f(w * 0.22)},${h} Z" fill="#F3EBDD"/>`);
  for (let k = 0; k < 12; k++) {
    const t = k / 12;
    const y = horizon + (h - horizon) * (0.05 + t * 0.9);
    svg.add(`<rect x="${f(vx - (w * 0.28) * t - u * 0.2)}" y="${f(y)}" width="${f((w * 0.56) * t + u * 0.4)}" height="${f(u * 0.4)}" fill="#E2D5C0" opacity="0.7"/>`);
  }
  const n = 7;
  for (let k = n - 1; k >= 0; k--) {
    const t = k / (n - 1); // 0 near, 1 far
    const scale = 1 - t * 0.82;
    const gy = horizon + (h - horizon) * (1 - t) * 0.92 + u;
    const off = (w * 0.36) * scale + u * 6 * scale;
    const size = u * 18 * scale * (h > w ? 1.3 : 1);
    for (const side of [-1, 1]) {
      svg.add(tree(vx + side * off, gy, size, r.pick(s.canopy), '#7A5C45', r));
    }
  }
  for (let k = 0; k < 26; k++) {
    const lx = r.f(0, w);
    const ly = r.f(0, h);
    svg.add(`<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(u * 1.1)}" ry="${f(u * 0.6)}" fill="${s.leaf}" opacity="0.85" transform="rotate(${f(r.f(0, 180))} ${f(lx)} ${f(ly)})"/>`);
  }
}

function sceneTrack({ svg, r, t }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  svg.add(`<rect width="${w}" height="${h}" fill="#6FAF5C"/>`);
  const vertical = h > w;
  const m = u * 7;
  const tw = w - 2 * m;
  const th = h - 2 * m;
  const rad = Math.min(tw, th) / 2;
  const track = r.pick(['#C8553D', '#B74C3A', '#D26A4C', '#3F7CAC']);
  svg.add(`<rect x="${f(m)}" y="${f(m)}" width="${f(tw)}" height="${f(th)}" rx="${f(rad)}" fill="${track}"/>`);
  const lanes = 6;
  const lw = u * 2.2;
  for (let k = 0; k <= lanes; k++) {
    const o = k * lw;
    svg.add(`<rect x="${f(m + o)}" y="${f(m + o)}" width="${f(tw - 2 * o)}" height="${f(th - 2 * o)}" rx="${f(Math.max(0, rad - o))}" fill="none" stroke="#FFFFFF" stroke-width="${f(u * 0.35)}" opacity="0.85"/>`);
  }
  const io = lanes * lw + u * 0.5;
  const fx = m + io;
  const fy = m + io;
  const fw = tw - 2 * io;
  const fh = th - 2 * io;
  const frad = Math.max(0, rad - io);
  const id = svg.id('fd');
  const stripe = u * 6;
  svg.defs.push(`<clipPath id="${id}"><rect x="${f(fx)}" y="${f(fy)}" width="${f(fw)}" height="${f(fh)}" rx="${f(frad)}"/></clipPath>`);
  const stripes: string[] = [`<rect x="${f(fx)}" y="${f(fy)}" width="${f(fw)}" height="${f(fh)}" fill="#5EA94B"/>`];
  if (vertical) for (let y = fy; y < fy + fh; y += stripe * 2) stripes.push(`<rect x="${f(fx)}" y="${f(y)}" width="${f(fw)}" height="${f(stripe)}" fill="#6DBA58"/>`);
  else for (let x = fx; x < fx + fw; x += stripe * 2) stripes.push(`<rect x="${f(x)}" y="${f(fy)}" width="${f(stripe)}" height="${f(fh)}" fill="#6DBA58"/>`);
  // football pitch lines
  const px = fx + (vertical ? fw * 0.12 : frad * 0.55);
  const py = fy + (vertical ? frad * 0.55 : fh * 0.12);
  const pw = fx + fw - px - (px - fx);
  const ph = fy + fh - py - (py - fy);
  stripes.push(`<rect x="${f(px)}" y="${f(py)}" width="${f(pw)}" height="${f(ph)}" fill="none" stroke="#fff" stroke-width="${f(u * 0.4)}" opacity="0.9"/>`);
  stripes.push(vertical ? `<line x1="${f(px)}" y1="${f(py + ph / 2)}" x2="${f(px + pw)}" y2="${f(py + ph / 2)}" stroke="#fff" stroke-width="${f(u * 0.4)}"/>` : `<line x1="${f(px + pw / 2)}" y1="${f(py)}" x2="${f(px + pw / 2)}" y2="${f(py + ph)}" stroke="#fff" stroke-width="${f(u * 0.4)}"/>`);
  stripes.push(`<circle cx="${f(px + pw / 2)}" cy="${f(py + ph / 2)}" r="${f(u * 7)}" fill="none" stroke="#fff" stroke-width="${f(u * 0.4)}"/>`);
  svg.add(`<g clip-path="url(#${id})">${stripes.join('')}</g>`);
  // runners on the lanes (animated in videos)
  const runnerColors = ['#FFFFFF', '#FFD166', '#06D6A0', '#118AB2', '#EF476F', '#F9F871'];
  const perim = (o: number) => {
    const a = tw - 2 * o;
    const b = th - 2 * o;
    const rr = Math.max(0, rad - o);
    const straightA = a - 2 * rr;
    const straightB = b - 2 * rr;
    return { a, b, rr, straightA, straightB, len: 2 * straightA + 2 * straightB + 2 * Math.PI * rr };
  };
  const pointAt = (o: number, d: number): [number, number] => {
    const { rr, straightA, straightB, len } = perim(o);
    let s = ((d % len) + len) % len;
    const x0 = m + o;
    const y0 = m + o;
    const segs: Array<[number, (q: number) => [number, number]]> = [
      [straightA, (q) => [x0 + rr + q, y0]],
      [(Math.PI * rr) / 2, (q) => { const a = -Math.PI / 2 + q / rr; return [x0 + rr + straightA + rr * Math.cos(a), y0 + rr + rr * Math.sin(a)]; }],
      [straightB, (q) => [x0 + 2 * rr + straightA, y0 + rr + q]],
      [(Math.PI * rr) / 2, (q) => { const a = q / rr; return [x0 + rr + straightA + rr * Math.cos(a), y0 + rr + straightB + rr * Math.sin(a)]; }],
      [straightA, (q) => [x0 + rr + straightA - q, y0 + 2 * rr + straightB]],
      [(Math.PI * rr) / 2, (q) => { const a = Math.PI / 2 + q / rr; return [x0 + rr + rr * Math.cos(a), y0 + rr + straightB + rr * Math.sin(a)]; }],
      [straightB, (q) => [x0, y0 + rr + straightB - q]],
      [(Math.PI * rr) / 2, (q) => { const a = Math.PI + q / rr; return [x0 + rr + rr * Math.cos(a), y0 + rr + rr * Math.sin(a)]; }],
    ];
    for (const [l, fn] of segs) {
      if (s <= l) return fn(s);
      s -= l;
    }
    return [x0 + rr, y0];
  };
  const nr = r.i(3, 6);
  for (let k = 0; k < nr; k++) {
    const lane = r.i(0, lanes - 1);
    const o = lane * lw + lw / 2;
    const speed = u * r.f(28, 42);
    const d0 = r.f(0, perim(o).len);
    const [x, y] = pointAt(o, d0 + speed * t);
    const c = runnerColors[k % runnerColors.length] ?? '#fff';
    svg.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(u * 3.2)}" fill="${svg.radial(c, c, 0.55, 0)}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(u * 1.5)}" fill="${c}" stroke="#333" stroke-width="${f(u * 0.25)}"/>`);
  }
}

function sceneCourt({ svg, r }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const vertical = h > w;
  const floor = r.pick(['#E9A863', '#E0A96D', '#5B8DB8', '#6FA287']);
  svg.add(`<rect width="${w}" height="${h}" fill="${shade(floor, -0.15)}"/>`);
  const m = u * 8;
  const cw = w - 2 * m;
  const ch = h - 2 * m;
  svg.add(`<rect x="${f(m)}" y="${f(m)}" width="${f(cw)}" height="${f(ch)}" fill="${floor}"/>`);
  const planks = vertical ? cw : ch;
  for (let k = 0; k < planks; k += u * 3.5) {
    svg.add(vertical ? `<rect x="${f(m + k)}" y="${f(m)}" width="${f(u * 0.25)}" height="${f(ch)}" fill="${shade(floor, -0.08)}"/>` : `<rect x="${f(m)}" y="${f(m + k)}" width="${f(cw)}" height="${f(u * 0.25)}" fill="${shade(floor, -0.08)}"/>`);
  }
  const line = `stroke="#FFFFFF" stroke-width="${f(u * 0.6)}" fill="none"`;
  svg.add(`<rect x="${f(m)}" y="${f(m)}" width="${f(cw)}" height="${f(ch)}" ${line}/>`);
  const cx = w / 2;
  const cy = h / 2;
  const keyColor = shade(floor, -0.25);
  if (vertical) {
    svg.add(`<line x1="${f(m)}" y1="${f(cy)}" x2="${f(m + cw)}" y2="${f(cy)}" ${line}/>`);
    for (const end of [0, 1]) {
      const y = end === 0 ? m : m + ch;
      const dir = end === 0 ? 1 : -1;
      svg.add(`<rect x="${f(cx - cw * 0.17)}" y="${f(end === 0 ? y : y - ch * 0.2)}" width="${f(cw * 0.34)}" height="${f(ch * 0.2)}" fill="${keyColor}" stroke="#fff" stroke-width="${f(u * 0.6)}"/>`);
      svg.add(`<path d="M${f(m + cw * 0.06)},${f(y)} L${f(m + cw * 0.06)},${f(y + dir * ch * 0.1)} A${f(cw * 0.44)},${f(cw * 0.44)} 0 0 ${end === 0 ? 0 : 1} ${f(m + cw * 0.94)},${f(y + dir * ch * 0.1)} L${f(m + cw * 0.94)},${f(y)}" ${line}/>`);
    }
  } else {
    svg.add(`<line x1="${f(cx)}" y1="${f(m)}" x2="${f(cx)}" y2="${f(m + ch)}" ${line}/>`);
    for (const end of [0, 1]) {
      const x = end === 0 ? m : m + cw;
      const dir = end === 0 ? 1 : -1;
      svg.add(`<rect x="${f(end === 0 ? x : x - cw * 0.2)}" y="${f(cy - ch * 0.17)}" width="${f(cw * 0.2)}" height="${f(ch * 0.34)}" fill="${keyColor}" stroke="#fff" stroke-width="${f(u * 0.6)}"/>`);
      svg.add(`<path d="M${f(x)},${f(m + ch * 0.06)} L${f(x + dir * cw * 0.1)},${f(m + ch * 0.06)} A${f(ch * 0.44)},${f(ch * 0.44)} 0 0 ${end === 0 ? 1 : 0} ${f(x + dir * cw * 0.1)},${f(m + ch * 0.94)} L${f(x)},${f(m + ch * 0.94)}" ${line}/>`);
    }
  }
  svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(u * 9)}" fill="${keyColor}" stroke="#fff" stroke-width="${f(u * 0.6)}"/>`);
  // ball
  const bx = cx + r.f(-cw * 0.25, cw * 0.25);
  const by = cy + r.f(-ch * 0.25, ch * 0.25);
  const br = u * 6;
  svg.add(`<circle cx="${f(bx + u)}" cy="${f(by + u * 1.2)}" r="${f(br)}" fill="#000" opacity="0.18"/><circle cx="${f(bx)}" cy="${f(by)}" r="${f(br)}" fill="#F28C28"/><path d="M${f(bx - br)},${f(by)} L${f(bx + br)},${f(by)} M${f(bx)},${f(by - br)} L${f(bx)},${f(by + br)} M${f(bx - br * 0.7)},${f(by - br * 0.7)} Q${f(bx - br * 0.2)},${f(by)} ${f(bx - br * 0.7)},${f(by + br * 0.7)} M${f(bx + br * 0.7)},${f(by - br * 0.7)} Q${f(bx + br * 0.2)},${f(by)} ${f(bx + br * 0.7)},${f(by + br * 0.7)}" stroke="#3A2A1A" stroke-width="${f(u * 0.45)}" fill="none"/>`);
}

function sceneStationery({ svg, r, p }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  bgGradient(svg, p, r);
  svg.add(`<rect width="${w}" height="${h}" fill="${gridPattern(svg, p.ink, u * 5, 0.08)}"/>`);
  // open notebook
  const nw = w * 0.62;
  const nh = h * (h > w ? 0.42 : 0.6);
  const nx = (w - nw) / 2 + r.f(-u * 4, u * 4);
  const ny = (h - nh) / 2 + r.f(-u * 4, u * 4);
  const ang = r.f(-8, 8);
  const lines: string[] = [];
  for (let y = ny + u * 8; y < ny + nh - u * 4; y += u * 4.2) {
    lines.push(`<line x1="${f(nx + u * 4)}" y1="${f(y)}" x2="${f(nx + nw / 2 - u * 3)}" y2="${f(y)}" stroke="#A7C4E0" stroke-width="${f(u * 0.3)}"/><line x1="${f(nx + nw / 2 + u * 3)}" y1="${f(y)}" x2="${f(nx + nw - u * 4)}" y2="${f(y)}" stroke="#A7C4E0" stroke-width="${f(u * 0.3)}"/>`);
  }
  const scribbles: string[] = [];
  for (let k = 0; k < 5; k++) {
    const y = ny + u * 8 + k * u * 4.2 - u * 1.2;
    const x0 = nx + u * 5;
    const len = (nw / 2 - u * 10) * r.f(0.5, 1);
    scribbles.push(`<rect x="${f(x0)}" y="${f(y)}" width="${f(len)}" height="${f(u * 1)}" rx="${f(u * 0.5)}" fill="${k === 0 ? p.accents[0] : '#5A6270'}" opacity="${k === 0 ? 0.85 : 0.45}"/>`);
  }
  scribbles.push(`<rect x="${f(nx + nw / 2 + u * 5)}" y="${f(ny + u * 10)}" width="${f(nw * 0.3)}" height="${f(nh * 0.3)}" rx="${f(u)}" fill="${p.accents[3]}" opacity="0.35"/>`);
  const rings: string[] = [];
  for (let y = ny + u * 4; y < ny + nh - u * 2; y += u * 5) {
    rings.push(`<ellipse cx="${f(nx + nw / 2)}" cy="${f(y)}" rx="${f(u * 1.8)}" ry="${f(u * 1)}" fill="none" stroke="#8A8F98" stroke-width="${f(u * 0.6)}"/>`);
  }
  svg.add(`<g transform="rotate(${f(ang)} ${f(w / 2)} ${f(h / 2)})"><rect x="${f(nx - u * 1.5 + u)}" y="${f(ny - u * 1.5 + u * 1.5)}" width="${f(nw + u * 3)}" height="${f(nh + u * 3)}" rx="${f(u * 2)}" fill="#000" opacity="0.12"/><rect x="${f(nx - u * 1.5)}" y="${f(ny - u * 1.5)}" width="${f(nw + u * 3)}" height="${f(nh + u * 3)}" rx="${f(u * 2)}" fill="${p.accents[1]}"/><rect x="${f(nx)}" y="${f(ny)}" width="${f(nw)}" height="${f(nh)}" rx="${f(u)}" fill="#FFFDF8"/>${lines.join('')}${scribbles.join('')}${rings.join('')}</g>`);
  // pencils, ruler, sticky notes
  const pc = [p.accents[0], p.accents[2], p.accents[3], '#F6BD60', '#5FA8D3'];
  for (let k = 0; k < 3; k++) {
    svg.add(pencil(w * r.f(0.2, 0.8), k === 0 ? h * r.f(0.08, 0.16) : h * r.f(0.82, 0.92), w * r.f(0.35, 0.5), r.f(-25, 25), r.pick(pc)));
  }
  const rx = w * r.f(0.75, 0.88);
  const ticks: string[] = [];
  for (let k = 0; k < 20; k++) ticks.push(`<rect x="${f(k * u * 2.5 + u)}" y="0" width="${f(u * 0.3)}" height="${f(k % 5 === 0 ? u * 2.5 : u * 1.4)}" fill="#6B5B3E"/>`);
  svg.add(`<g transform="translate(${f(rx)},${f(h * 0.2)}) rotate(${f(r.f(70, 100))})"><rect width="${f(u * 52)}" height="${f(u * 6)}" rx="${f(u * 0.6)}" fill="#F9E79F" opacity="0.9"/>${ticks.join('')}</g>`);
  for (let k = 0; k < 2; k++) {
    const sx = k === 0 ? w * r.f(0.04, 0.14) : w * r.f(0.66, 0.78);
    const sy = k === 0 ? h * r.f(0.55, 0.7) : h * r.f(0.6, 0.72);
    const ss = u * r.f(14, 18);
    const sc = r.pick(['#FFF59D', '#F8BBD0', '#B2EBF2', '#C5E1A5']);
    svg.add(`<g transform="rotate(${f(r.f(-12, 12))} ${f(sx + ss / 2)} ${f(sy + ss / 2)})"><rect x="${f(sx)}" y="${f(sy)}" width="${f(ss)}" height="${f(ss)}" fill="${sc}"/><rect x="${f(sx)}" y="${f(sy)}" width="${f(ss)}" height="${f(ss * 0.16)}" fill="${shade(sc, -0.08)}"/><rect x="${f(sx + ss * 0.15)}" y="${f(sy + ss * 0.35)}" width="${f(ss * 0.6)}" height="${f(u * 0.8)}" rx="${f(u * 0.4)}" fill="#555" opacity="0.45"/><rect x="${f(sx + ss * 0.15)}" y="${f(sy + ss * 0.55)}" width="${f(ss * 0.45)}" height="${f(u * 0.8)}" rx="${f(u * 0.4)}" fill="#555" opacity="0.45"/></g>`);
  }
}

function sceneDrinks({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  bgGradient(svg, p, r);
  bokeh(svg, r, [p.accents[0], p.accents[1], '#FFFFFF'], 14, u * 12);
  const mode = v % 3;
  const cx = w / 2;
  if (mode === 0) {
    // milk tea with pearls
    const ch = Math.min(h * 0.55, w * 0.9);
    const top = h / 2 - ch / 2 + u * 4;
    const tw = ch * 0.45;
    const bw = ch * 0.34;
    const tea = r.pick(['#D8A47F', '#C69C72', '#E7C6A5', '#B5838D', '#9CCC65']);
    svg.add(`<rect x="${f(cx + tw * 0.05)}" y="${f(top - ch * 0.28)}" width="${f(u * 3)}" height="${f(ch * 0.7)}" rx="${f(u * 1.5)}" fill="${p.accents[0]}" transform="rotate(12 ${f(cx)} ${f(top)})"/>`);
    svg.add(`<path d="M${f(cx - tw / 2)},${f(top)} L${f(cx + tw / 2)},${f(top)} L${f(cx + bw / 2)},${f(top + ch)} L${f(cx - bw / 2)},${f(top + ch)} Z" fill="#FFFFFF" opacity="0.55"/>`);
    svg.add(`<path d="M${f(cx - tw / 2 + u)},${f(top + ch * 0.12)} L${f(cx + tw / 2 - u)},${f(top + ch * 0.12)} L${f(cx + bw / 2 - u * 0.5)},${f(top + ch - u)} L${f(cx - bw / 2 + u * 0.5)},${f(top + ch - u)} Z" fill="${svg.linear([shade(tea, 0.25), tea])}"/>`);
    for (let k = 0; k < 26; k++) {
      const py = top + ch - u * r.f(2.5, 12);
      const spread = (bw / 2 - u * 2.5) * (1 + (top + ch - py) / ch * 0.3);
      svg.add(`<circle cx="${f(cx + r.f(-spread, spread))}" cy="${f(py)}" r="${f(u * 1.8)}" fill="#3B2418"/>`);
    }
    svg.add(`<path d="M${f(cx - tw / 2 - u)},${f(top)} Q${f(cx)},${f(top - ch * 0.14)} ${f(cx + tw / 2 + u)},${f(top)} Z" fill="#FFFFFF" opacity="0.8"/>`);
    svg.add(`<rect x="${f(cx - tw / 2 - u * 1.2)}" y="${f(top - u * 1.2)}" width="${f(tw + u * 2.4)}" height="${f(u * 2.4)}" rx="${f(u * 1.2)}" fill="#FFFFFF"/>`);
    svg.add(`<rect x="${f(cx - tw * 0.3)}" y="${f(top + ch * 0.45)}" width="${f(tw * 0.6)}" height="${f(ch * 0.14)}" rx="${f(u * 1.5)}" fill="#FFFFFF" opacity="0.85"/><circle cx="${f(cx)}" cy="${f(top + ch * 0.52)}" r="${f(ch * 0.04)}" fill="${p.accents[0]}"/>`);
  } else if (mode === 1) {
    // latte from above
    const cy = h / 2;
    const R = Math.min(w, h) * 0.3;
    svg.add(`<circle cx="${f(cx + u)}" cy="${f(cy + u * 1.5)}" r="${f(R * 1.35)}" fill="#000" opacity="0.08"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 1.35)}" fill="#FFFFFF"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 1.05)}" fill="${shade(p.accents[3], 0.5)}"/>`);
    svg.add(`<path d="M${f(cx + R * 1.0)},${f(cy - R * 0.2)} h${f(R * 0.45)} a${f(R * 0.2)},${f(R * 0.2)} 0 0 1 0,${f(R * 0.4)} h${f(-R * 0.45)} Z" fill="${shade(p.accents[3], 0.5)}"/>`);
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.9)}" fill="#8B5A3C"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.78)}" fill="#A9714B"/>`);
    const s = R * 0.5;
    svg.add(`<path d="M${f(cx)},${f(cy + s * 0.8)} C${f(cx - s * 1.4)},${f(cy - s * 0.1)} ${f(cx - s * 0.7)},${f(cy - s * 1.1)} ${f(cx)},${f(cy - s * 0.4)} C${f(cx + s * 0.7)},${f(cy - s * 1.1)} ${f(cx + s * 1.4)},${f(cy - s * 0.1)} ${f(cx)},${f(cy + s * 0.8)} Z" fill="#F6E7D8"/>`);
    for (let k = 0; k < 9; k++) {
      const bx = r.f(u * 5, w - u * 5);
      const by = r.f(u * 5, h - u * 5);
      if (Math.hypot(bx - cx, by - cy) < R * 1.5) continue;
      svg.add(`<g transform="rotate(${f(r.f(0, 180))} ${f(bx)} ${f(by)})"><ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(u * 2.6)}" ry="${f(u * 1.8)}" fill="#5B3A29"/><path d="M${f(bx - u * 2.2)},${f(by)} q${f(u * 2.2)},${f(-u)} ${f(u * 4.4)},0" stroke="#3A2418" stroke-width="${f(u * 0.4)}" fill="none"/></g>`);
    }
  } else {
    // mug with steam + cookies
    const s = Math.min(w, h) * 0.4;
    svg.add(mug(cx - s * 0.1, h / 2 - s * 0.35, s, p.accents[r.i(0, 3)] ?? '#ccc', '#6F4E37', true));
    for (let k = 0; k < 3; k++) {
      const kx = cx + s * 0.55 + k * u * 4;
      const ky = h / 2 + s * 0.58 - k * u * 2;
      svg.add(`<circle cx="${f(kx)}" cy="${f(ky)}" r="${f(s * 0.16)}" fill="#D9A066"/>`);
      for (let m = 0; m < 4; m++) svg.add(`<circle cx="${f(kx + r.f(-s * 0.09, s * 0.09))}" cy="${f(ky + r.f(-s * 0.09, s * 0.09))}" r="${f(u * 0.9)}" fill="#4A2C1A"/>`);
    }
    svg.add(`<rect x="0" y="${f(h / 2 + s * 0.68)}" width="${w}" height="${f(h)}" fill="${shade(p.bg[1], -0.1)}"/>`);
  }
}

function sceneTech({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const dark = v % 2 === 0;
  svg.add(`<rect width="${w}" height="${h}" fill="${dark ? svg.linear(['#2B2D42', '#3D405B']) : svg.linear([p.bg[0], p.bg[1]])}"/>`);
  if (dark) bokeh(svg, r, [p.accents[0], p.accents[1], '#8D99AE'], 10, u * 10);
  // laptop
  const lw = Math.min(w * 0.7, h * 0.95);
  const lh = lw * 0.62;
  const lx = (w - lw) / 2;
  const ly = h * 0.5 - lh * 0.6;
  svg.add(`<rect x="${f(lx)}" y="${f(ly)}" width="${f(lw)}" height="${f(lh)}" rx="${f(u * 2)}" fill="#C9CDD4"/>`);
  svg.add(`<rect x="${f(lx + u * 1.6)}" y="${f(ly + u * 1.6)}" width="${f(lw - u * 3.2)}" height="${f(lh - u * 3.2)}" rx="${f(u)}" fill="#1E1F29"/>`);
  const codeColors = ['#FF79C6', '#8BE9FD', '#50FA7B', '#F1FA8C', '#BD93F9', '#FFB86C'];
  let y = ly + u * 5;
  while (y < ly + lh - u * 5) {
    let x = lx + u * 5 + r.i(0, 3) * u * 3;
    const parts = r.i(1, 4);
    for (let k = 0; k < parts; k++) {
      const seg = u * r.f(4, 14);
      if (x + seg > lx + lw - u * 5) break;
      svg.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(seg)}" height="${f(u * 1.4)}" rx="${f(u * 0.7)}" fill="${r.pick(codeColors)}" opacity="0.9"/>`);
      x += seg + u * 1.5;
    }
    y += u * 3.4;
  }
  svg.add(`<path d="M${f(lx - u * 5)},${f(ly + lh + u * 3)} L${f(lx + lw + u * 5)},${f(ly + lh + u * 3)} L${f(lx + lw)},${f(ly + lh)} L${f(lx)},${f(ly + lh)} Z" fill="#AEB3BC"/>`);
  svg.add(`<rect x="${f(lx - u * 5)}" y="${f(ly + lh + u * 3)}" width="${f(lw + u * 10)}" height="${f(u * 1.2)}" rx="${f(u * 0.6)}" fill="#8E939C"/>`);
  // phone + earbuds
  const pw = u * 14;
  const ph = u * 28;
  const px = Math.min(w - pw - u * 4, lx + lw - pw * 0.4);
  const py = Math.min(h - ph - u * 2, ly + lh + u * 8);
  svg.add(`<g transform="rotate(${f(r.f(-14, 14))} ${f(px + pw / 2)} ${f(py + ph / 2)})"><rect x="${f(px)}" y="${f(py)}" width="${f(pw)}" height="${f(ph)}" rx="${f(u * 2.4)}" fill="#1C1C1E"/><rect x="${f(px + u)}" y="${f(py + u)}" width="${f(pw - u * 2)}" height="${f(ph - u * 2)}" rx="${f(u * 1.6)}" fill="${svg.linear([p.accents[0], p.accents[1]])}"/><circle cx="${f(px + pw / 2)}" cy="${f(py + ph * 0.35)}" r="${f(pw * 0.22)}" fill="#fff" opacity="0.7"/></g>`);
  const ex = Math.max(u * 8, lx - u * 2);
  const ey = Math.min(h - u * 10, ly + lh + u * 12);
  for (const dx of [0, u * 7]) {
    svg.add(`<circle cx="${f(ex + dx)}" cy="${f(ey)}" r="${f(u * 2.8)}" fill="#F5F5F7"/><rect x="${f(ex + dx - u * 0.9)}" y="${f(ey)}" width="${f(u * 1.8)}" height="${f(u * 6)}" rx="${f(u * 0.9)}" fill="#F5F5F7"/>`);
  }
  svg.add(`<path d="M${f(w * 0.08)},${f(h * 0.08)} q${f(w * 0.1)},${f(h * 0.05)} ${f(w * 0.2)},0" stroke="${p.accents[2]}" stroke-width="${f(u * 0.8)}" fill="none" opacity="0.5"/>`);
}

function musicNote(x: number, y: number, s: number, color: string, double: boolean): string {
  const a = `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s * 0.32)}" ry="${f(s * 0.24)}" fill="${color}" transform="rotate(-20 ${f(x)} ${f(y)})"/><rect x="${f(x + s * 0.26)}" y="${f(y - s * 1.1)}" width="${f(s * 0.08)}" height="${f(s * 1.1)}" fill="${color}"/>`;
  if (!double) return `${a}<path d="M${f(x + s * 0.3)},${f(y - s * 1.1)} q${f(s * 0.4)},${f(s * 0.2)} ${f(s * 0.35)},${f(s * 0.6)}" stroke="${color}" stroke-width="${f(s * 0.1)}" fill="none"/>`;
  const x2 = x + s * 0.8;
  return `${a}<ellipse cx="${f(x2)}" cy="${f(y - s * 0.15)}" rx="${f(s * 0.32)}" ry="${f(s * 0.24)}" fill="${color}" transform="rotate(-20 ${f(x2)} ${f(y - s * 0.15)})"/><rect x="${f(x2 + s * 0.26)}" y="${f(y - s * 1.25)}" width="${f(s * 0.08)}" height="${f(s * 1.1)}" fill="${color}"/><path d="M${f(x + s * 0.3)},${f(y - s * 1.1)} L${f(x2 + s * 0.34)},${f(y - s * 1.25)}" stroke="${color}" stroke-width="${f(s * 0.18)}"/>`;
}

function sceneMusic({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const mode = v % 3;
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear([mix(p.accents[3], '#1A1A2E', 0.55), mix(p.accents[0], '#1A1A2E', 0.35)], true, { x1: 0, y1: 0, x2: 1, y2: 1 })}"/>`);
  bokeh(svg, r, [p.accents[1], p.accents[2], '#FFFFFF'], 12, u * 9);
  const cx = w / 2;
  const cy = h / 2;
  if (mode === 0) {
    const R = Math.min(w, h) * 0.32;
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="#161616"/>`);
    for (let k = 1; k < 9; k++) svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * (0.4 + k * 0.065))}" fill="none" stroke="#2E2E2E" stroke-width="${f(u * 0.35)}"/>`);
    svg.add(`<path d="M${f(cx - R * 0.7)},${f(cy - R * 0.5)} A${f(R * 0.86)},${f(R * 0.86)} 0 0 1 ${f(cx + R * 0.1)},${f(cy - R * 0.85)}" stroke="#FFFFFF" stroke-width="${f(u * 1.2)}" fill="none" opacity="0.18"/>`);
    svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.32)}" fill="${p.accents[0]}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.04)}" fill="#EEE"/>`);
    svg.add(`<path d="M${f(cx + R * 1.05)},${f(cy - R * 0.95)} L${f(cx + R * 0.9)},${f(cy - R * 0.1)} L${f(cx + R * 0.45)},${f(cy + R * 0.2)}" stroke="#D9D9D9" stroke-width="${f(u * 1.4)}" fill="none" stroke-linecap="round"/><circle cx="${f(cx + R * 1.05)}" cy="${f(cy - R * 0.95)}" r="${f(u * 3)}" fill="#BDBDBD"/>`);
  } else if (mode === 1) {
    // guitar
    const s = Math.min(w, h) * 0.22;
    const body = p.accents[r.i(0, 2)] ?? '#D4A373';
    svg.add(`<g transform="rotate(-35 ${f(cx)} ${f(cy)})"><rect x="${f(cx - s * 0.12)}" y="${f(cy - s * 2.6)}" width="${f(s * 0.24)}" height="${f(s * 2.2)}" fill="#6B4226"/><rect x="${f(cx - s * 0.2)}" y="${f(cy - s * 3)}" width="${f(s * 0.4)}" height="${f(s * 0.5)}" rx="${f(s * 0.08)}" fill="#4A2C1A"/><circle cx="${f(cx)}" cy="${f(cy + s * 0.15)}" r="${f(s * 0.72)}" fill="${body}"/><circle cx="${f(cx)}" cy="${f(cy + s * 0.95)}" r="${f(s * 0.9)}" fill="${body}"/><circle cx="${f(cx)}" cy="${f(cy + s * 0.45)}" r="${f(s * 0.26)}" fill="#2B1B12"/><rect x="${f(cx - s * 0.3)}" y="${f(cy + s * 1.2)}" width="${f(s * 0.6)}" height="${f(s * 0.1)}" fill="#2B1B12"/>${[-0.08, -0.03, 0.02, 0.07].map((d) => `<line x1="${f(cx + d * s)}" y1="${f(cy - s * 2.6)}" x2="${f(cx + d * s)}" y2="${f(cy + s * 1.25)}" stroke="#EEE" stroke-width="${f(u * 0.2)}"/>`).join('')}</g>`);
  } else {
    // headphones + equaliser
    const bars = 16;
    const bw = (w * 0.8) / bars;
    for (let k = 0; k < bars; k++) {
      const bh = h * r.f(0.08, 0.35);
      svg.add(`<rect x="${f(w * 0.1 + k * bw + bw * 0.15)}" y="${f(h * 0.88 - bh)}" width="${f(bw * 0.7)}" height="${f(bh)}" rx="${f(bw * 0.2)}" fill="${k % 2 ? p.accents[1] : p.accents[2]}" opacity="0.8"/>`);
    }
    const R = Math.min(w, h) * 0.26;
    const hy = h * 0.42;
    svg.add(`<path d="M${f(cx - R)},${f(hy + R * 0.2)} A${f(R)},${f(R)} 0 0 1 ${f(cx + R)},${f(hy + R * 0.2)}" stroke="#F5F5F5" stroke-width="${f(u * 3)}" fill="none" stroke-linecap="round"/>`);
    for (const side of [-1, 1]) {
      svg.add(`<rect x="${f(cx + side * R - R * 0.22)}" y="${f(hy)}" width="${f(R * 0.44)}" height="${f(R * 0.7)}" rx="${f(R * 0.2)}" fill="${p.accents[0]}"/><rect x="${f(cx + side * R - R * 0.12 + side * R * 0.12)}" y="${f(hy + R * 0.1)}" width="${f(R * 0.12)}" height="${f(R * 0.5)}" rx="${f(R * 0.06)}" fill="#FFFFFF" opacity="0.35"/>`);
    }
  }
  for (let k = 0; k < 4; k++) svg.add(musicNote(r.f(0.1, 0.85) * w, r.f(0.15, 0.85) * h, u * r.f(6, 10), r.pick(['#FFFFFF', p.accents[1], p.accents[2]]), r.chance(0.5)));
}

function tshirt(cx: number, cy: number, s: number, color: string): string {
  return `<path d="M${f(cx - s * 0.25)},${f(cy - s * 0.5)} Q${f(cx)},${f(cy - s * 0.35)} ${f(cx + s * 0.25)},${f(cy - s * 0.5)} L${f(cx + s * 0.62)},${f(cy - s * 0.3)} L${f(cx + s * 0.5)},${f(cy - s * 0.05)} L${f(cx + s * 0.38)},${f(cy - s * 0.12)} L${f(cx + s * 0.38)},${f(cy + s * 0.5)} L${f(cx - s * 0.38)},${f(cy + s * 0.5)} L${f(cx - s * 0.38)},${f(cy - s * 0.12)} L${f(cx - s * 0.5)},${f(cy - s * 0.05)} L${f(cx - s * 0.62)},${f(cy - s * 0.3)} Z" fill="${color}"/>`;
}
function dress(cx: number, cy: number, s: number, color: string): string {
  return `<path d="M${f(cx - s * 0.18)},${f(cy - s * 0.5)} L${f(cx + s * 0.18)},${f(cy - s * 0.5)} L${f(cx + s * 0.22)},${f(cy - s * 0.1)} L${f(cx + s * 0.5)},${f(cy + s * 0.6)} L${f(cx - s * 0.5)},${f(cy + s * 0.6)} L${f(cx - s * 0.22)},${f(cy - s * 0.1)} Z" fill="${color}"/><rect x="${f(cx - s * 0.23)}" y="${f(cy - s * 0.12)}" width="${f(s * 0.46)}" height="${f(s * 0.07)}" fill="${shade(color, -0.2)}"/>`;
}
function pants(cx: number, cy: number, s: number, color: string): string {
  return `<path d="M${f(cx - s * 0.3)},${f(cy - s * 0.5)} L${f(cx + s * 0.3)},${f(cy - s * 0.5)} L${f(cx + s * 0.36)},${f(cy + s * 0.6)} L${f(cx + s * 0.06)},${f(cy + s * 0.6)} L${f(cx)},${f(cy - s * 0.1)} L${f(cx - s * 0.06)},${f(cy + s * 0.6)} L${f(cx - s * 0.36)},${f(cy + s * 0.6)} Z" fill="${color}"/><line x1="${f(cx - s * 0.3)}" y1="${f(cy - s * 0.4)}" x2="${f(cx + s * 0.3)}" y2="${f(cy - s * 0.4)}" stroke="${shade(color, -0.2)}" stroke-width="${f(s * 0.03)}"/>`;
}
function sneaker(x: number, y: number, s: number, color: string): string {
  return `<path d="M${f(x)},${f(y)} L${f(x)},${f(y - s * 0.35)} Q${f(x + s * 0.1)},${f(y - s * 0.5)} ${f(x + s * 0.3)},${f(y - s * 0.4)} L${f(x + s * 0.55)},${f(y - s * 0.2)} Q${f(x + s)},${f(y - s * 0.2)} ${f(x + s)},${f(y)} Z" fill="${color}"/><rect x="${f(x - s * 0.02)}" y="${f(y - s * 0.06)}" width="${f(s * 1.04)}" height="${f(s * 0.12)}" rx="${f(s * 0.05)}" fill="#FFFFFF"/><path d="M${f(x + s * 0.3)},${f(y - s * 0.35)} l${f(s * 0.1)},${f(s * 0.1)} M${f(x + s * 0.4)},${f(y - s * 0.3)} l${f(s * 0.1)},${f(s * 0.1)}" stroke="#FFF" stroke-width="${f(s * 0.03)}"/>`;
}

function sceneFashion({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  bgGradient(svg, p, r);
  const cols = [p.accents[0], p.accents[1], p.accents[2], p.accents[3], '#F1FAEE', '#264653', '#E9C46A'];
  if (v % 2 === 0) {
    // clothes rack
    const barY = h * 0.22;
    svg.add(`<rect x="${f(w * 0.06)}" y="${f(barY - u)}" width="${f(w * 0.88)}" height="${f(u * 1.6)}" rx="${f(u * 0.8)}" fill="#6D6875"/>`);
    svg.add(`<rect x="${f(w * 0.08)}" y="${f(barY)}" width="${f(u * 1.4)}" height="${f(h * 0.72)}" fill="#6D6875"/><rect x="${f(w * 0.92 - u * 1.4)}" y="${f(barY)}" width="${f(u * 1.4)}" height="${f(h * 0.72)}" fill="#6D6875"/>`);
    const n = w > h ? 5 : 4;
    const gap = (w * 0.76) / n;
    for (let k = 0; k < n; k++) {
      const cx = w * 0.12 + gap * (k + 0.5);
      const s = Math.min(gap * 1.15, h * 0.38);
      svg.add(`<path d="M${f(cx)},${f(barY)} q${f(u * 2)},${f(-u * 2)} 0,${f(-u * 3)}" stroke="#555" stroke-width="${f(u * 0.5)}" fill="none"/><path d="M${f(cx - s * 0.35)},${f(barY + s * 0.15)} L${f(cx)},${f(barY + u)} L${f(cx + s * 0.35)},${f(barY + s * 0.15)}" stroke="#555" stroke-width="${f(u * 0.6)}" fill="none"/>`);
      const c = r.pick(cols);
      const kind = r.i(0, 2);
      const y = barY + s * 0.62;
      svg.add(kind === 0 ? tshirt(cx, y, s, c) : kind === 1 ? dress(cx, y, s, c) : pants(cx, y + s * 0.05, s * 0.95, c));
    }
    for (let k = 0; k < 2; k++) svg.add(sneaker(w * (0.25 + k * 0.35), h * 0.93, u * 16, r.pick(cols)));
  } else {
    // flat lay
    svg.add(`<rect width="${w}" height="${h}" fill="${dotsPattern(svg, p.ink, u * 7, u * 0.6, 0.1)}"/>`);
    const s = Math.min(w, h) * 0.5;
    svg.add(tshirt(w * 0.38, h * 0.36, s, r.pick(cols)));
    svg.add(pants(w * 0.68, h * 0.6, s * 0.9, r.pick(['#3D5A80', '#5C677D', '#A3B18A', '#D4A373'])));
    svg.add(sneaker(w * 0.18, h * 0.86, s * 0.36, r.pick(cols)));
    svg.add(sneaker(w * 0.34, h * 0.9, s * 0.36, r.pick(cols)));
    // sunglasses
    const gx = w * 0.72;
    const gy = h * 0.18;
    svg.add(`<circle cx="${f(gx - u * 5)}" cy="${f(gy)}" r="${f(u * 4)}" fill="#2B2D42"/><circle cx="${f(gx + u * 5)}" cy="${f(gy)}" r="${f(u * 4)}" fill="#2B2D42"/><path d="M${f(gx - u * 1.2)},${f(gy - u * 0.5)} q${f(u * 1.2)},${f(-u * 1.2)} ${f(u * 2.4)},0" stroke="#2B2D42" stroke-width="${f(u * 0.8)}" fill="none"/>`);
    // cap
    const kx = w * 0.2;
    const ky = h * 0.2;
    const capColor = r.pick(cols);
    svg.add(`<path d="M${f(kx - u * 9)},${f(ky + u * 3)} A${f(u * 9)},${f(u * 8)} 0 0 1 ${f(kx + u * 9)},${f(ky + u * 3)} Z" fill="${capColor}"/><ellipse cx="${f(kx + u * 9)}" cy="${f(ky + u * 3)}" rx="${f(u * 7)}" ry="${f(u * 1.6)}" fill="${shade(capColor, -0.2)}"/>`);
  }
}

function sceneMountains({ svg, r, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const warm = v % 2 === 1;
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear(warm ? ['#FFB88C', '#FFD6A5', '#FFF1D0'] : ['#89C2D9', '#CAE9FF', '#F1FAFF'])}"/>`);
  const sx = r.f(0.2, 0.8) * w;
  svg.add(`<circle cx="${f(sx)}" cy="${f(h * 0.22)}" r="${f(u * 8)}" fill="${warm ? '#FFF3B0' : '#FFFFFF'}" opacity="0.9"/>`);
  const lake = h * 0.66;
  const ranges = [
    { col: warm ? '#C98B9B' : '#8FA8C8', peak: 0.28, n: 3 },
    { col: warm ? '#9C6B8E' : '#5E7FA6', peak: 0.38, n: 4 },
    { col: warm ? '#6B4E71' : '#3E5C76', peak: 0.48, n: 5 },
  ];
  for (const rg of ranges) {
    let d = `M0,${f(lake)}`;
    const step = w / rg.n;
    for (let k = 0; k < rg.n; k++) {
      const px = step * k + step * r.f(0.3, 0.7);
      const py = h * (rg.peak + r.f(-0.06, 0.06));
      d += ` L${f(px)},${f(py)} L${f(step * (k + 1))},${f(lake - h * r.f(0.02, 0.1))}`;
    }
    d += ` L${w},${f(lake)} Z`;
    svg.add(`<path d="${d}" fill="${rg.col}"/>`);
  }
  // pines on the shore
  for (let k = 0; k < 16; k++) {
    const px = r.f(0, w);
    const ps = u * r.f(3, 6);
    svg.add(`<path d="M${f(px)},${f(lake - ps * 3)} L${f(px + ps)},${f(lake)} L${f(px - ps)},${f(lake)} Z" fill="${warm ? '#4A3552' : '#24483E'}"/>`);
  }
  svg.add(`<rect x="0" y="${f(lake)}" width="${w}" height="${f(h - lake)}" fill="${svg.linear(warm ? ['#B57C94', '#F2C6A0'] : ['#4F7CAC', '#A9D6E5'])}"/>`);
  for (let k = 0; k < 14; k++) {
    const ly = lake + r.f(u * 2, h - lake - u);
    const lx = r.f(0, w * 0.85);
    svg.add(`<rect x="${f(lx)}" y="${f(ly)}" width="${f(u * r.f(6, 18))}" height="${f(u * 0.5)}" rx="${f(u * 0.25)}" fill="#FFFFFF" opacity="0.45"/>`);
  }
  // little boat
  const bx = r.f(0.2, 0.7) * w;
  const by = lake + (h - lake) * 0.45;
  svg.add(`<path d="M${f(bx - u * 7)},${f(by)} L${f(bx + u * 7)},${f(by)} L${f(bx + u * 5)},${f(by + u * 2.5)} L${f(bx - u * 5)},${f(by + u * 2.5)} Z" fill="#6D4C41"/><path d="M${f(bx)},${f(by - u * 9)} L${f(bx)},${f(by)} L${f(bx + u * 5)},${f(by - u * 1)} Z" fill="#FFFFFF"/>`);
}

function sceneSeaside({ svg, r, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const sunset = v % 2 === 1;
  const horizon = h * 0.52;
  svg.add(`<rect width="${w}" height="${f(horizon)}" fill="${svg.linear(sunset ? ['#5F4B8B', '#E69A8D', '#FFD59E'] : ['#74C0FC', '#D0EBFF'])}"/>`);
  const sx = r.f(0.25, 0.75) * w;
  svg.add(`<circle cx="${f(sx)}" cy="${f(horizon - u * 4)}" r="${f(u * 11)}" fill="${sunset ? '#FFB347' : '#FFF8C4'}"/>`);
  for (let k = 0; k < 3; k++) svg.add(cloud(r.f(0, w), r.f(0.1, 0.3) * h, u * r.f(4, 8), '#FFFFFF', sunset ? 0.35 : 0.85));
  svg.add(`<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h * 0.28)}" fill="${svg.linear(sunset ? ['#C0698C', '#6D597A'] : ['#3A86FF', '#4CC9F0'])}"/>`);
  for (let k = 0; k < 12; k++) svg.add(`<rect x="${f(sx - u * r.f(2, 12))}" y="${f(horizon + u * 2 + k * u * 2.2)}" width="${f(u * r.f(4, 24))}" height="${f(u * 0.6)}" rx="${f(u * 0.3)}" fill="${sunset ? '#FFD59E' : '#FFFFFF'}" opacity="0.5"/>`);
  const sandY = horizon + h * 0.28;
  svg.add(`<path d="M0,${f(sandY)} Q${f(w * 0.3)},${f(sandY - u * 4)} ${f(w * 0.6)},${f(sandY)} T${w},${f(sandY)} L${w},${h} L0,${h} Z" fill="#F4D6A0"/>`);
  svg.add(`<path d="M0,${f(sandY + u)} Q${f(w * 0.3)},${f(sandY - u * 3)} ${f(w * 0.6)},${f(sandY + u)} T${w},${f(sandY + u)}" stroke="#FFFFFF" stroke-width="${f(u * 1.2)}" fill="none" opacity="0.8"/>`);
  // umbrella + shells
  const ux = w * r.f(0.6, 0.8);
  const uy = sandY + (h - sandY) * 0.55;
  svg.add(`<rect x="${f(ux - u * 0.5)}" y="${f(uy - u * 22)}" width="${f(u)}" height="${f(u * 22)}" fill="#6D4C41" transform="rotate(-10 ${f(ux)} ${f(uy)})"/>`);
  const us = u * 16;
  svg.add(`<g transform="rotate(-10 ${f(ux)} ${f(uy)})"><path d="M${f(ux - us)},${f(uy - u * 20)} A${f(us)},${f(us * 0.6)} 0 0 1 ${f(ux + us)},${f(uy - u * 20)} Z" fill="#EF476F"/><path d="M${f(ux - us * 0.35)},${f(uy - u * 20)} A${f(us * 0.4)},${f(us * 0.6)} 0 0 1 ${f(ux + us * 0.35)},${f(uy - u * 20)} Z" fill="#FFFFFF"/></g>`);
  for (let k = 0; k < 4; k++) {
    const shx = r.f(0.05, 0.5) * w;
    const shy = sandY + r.f(0.2, 0.85) * (h - sandY);
    svg.add(`<path d="M${f(shx - u * 2)},${f(shy)} A${f(u * 2)},${f(u * 2)} 0 0 1 ${f(shx + u * 2)},${f(shy)} Z" fill="${r.pick(['#FFADAD', '#FFD6A5', '#FDFFB6'])}"/>`);
  }
}

function sceneCamera({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear([shade(p.accents[3], -0.2), shade(p.accents[0], -0.05)], true, { x1: 0, y1: 0, x2: 1, y2: 1 })}"/>`);
  bokeh(svg, r, ['#FFFFFF', p.accents[1], p.accents[2]], 22, u * 10);
  if (v % 2 === 0) {
    const bw = Math.min(w * 0.7, h * 0.9);
    const bh = bw * 0.62;
    const bx = (w - bw) / 2;
    const by = (h - bh) / 2 + u * 3;
    const body = r.pick(['#2B2D42', '#3A3A3A', '#ECE6DA']);
    const trim = body === '#ECE6DA' ? '#3A3A3A' : '#C9CDD4';
    svg.add(`<rect x="${f(bx + bw * 0.15)}" y="${f(by - bh * 0.16)}" width="${f(bw * 0.3)}" height="${f(bh * 0.2)}" rx="${f(u * 1.5)}" fill="${body}"/>`);
    svg.add(`<rect x="${f(bx + bw * 0.72)}" y="${f(by - bh * 0.1)}" width="${f(bw * 0.12)}" height="${f(bh * 0.12)}" rx="${f(u)}" fill="${p.accents[0]}"/>`);
    svg.add(`<rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(bh)}" rx="${f(u * 4)}" fill="${body}"/>`);
    svg.add(`<rect x="${f(bx)}" y="${f(by + bh * 0.18)}" width="${f(bw)}" height="${f(bh * 0.64)}" fill="${shade(body, body === '#ECE6DA' ? -0.1 : 0.08)}"/>`);
    const lx = bx + bw / 2;
    const ly = by + bh / 2;
    const lr = bh * 0.4;
    svg.add(`<circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr)}" fill="${trim}"/><circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr * 0.8)}" fill="#1B1B1B"/><circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr * 0.6)}" fill="${svg.radial('#3A86FF', '#0B132B', 0.9, 1)}"/><circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr * 0.28)}" fill="#0B0B12"/><circle cx="${f(lx - lr * 0.22)}" cy="${f(ly - lr * 0.22)}" r="${f(lr * 0.1)}" fill="#FFFFFF" opacity="0.8"/>`);
    svg.add(`<rect x="${f(bx + bw * 0.06)}" y="${f(by + bh * 0.05)}" width="${f(bw * 0.12)}" height="${f(bh * 0.08)}" rx="${f(u * 0.6)}" fill="#FFFFFF" opacity="0.8"/>`);
  } else {
    // polaroids
    const n = 3;
    for (let k = 0; k < n; k++) {
      const pw = Math.min(w, h) * 0.42;
      const ph = pw * 1.2;
      const px = w * (0.28 + k * 0.22) - pw / 2;
      const py = h * (0.38 + (k % 2) * 0.16) - ph / 2;
      const a = r.f(-14, 14);
      const sky = r.pick([['#FFAFCC', '#FFC8DD'], ['#A2D2FF', '#BDE0FE'], ['#FFD6A5', '#FDFFB6'], ['#CAFFBF', '#9BF6FF']] as const);
      svg.add(`<g transform="rotate(${f(a)} ${f(px + pw / 2)} ${f(py + ph / 2)})"><rect x="${f(px + u)}" y="${f(py + u * 1.5)}" width="${f(pw)}" height="${f(ph)}" fill="#000" opacity="0.15"/><rect x="${f(px)}" y="${f(py)}" width="${f(pw)}" height="${f(ph)}" fill="#FFFEFA"/><rect x="${f(px + pw * 0.07)}" y="${f(py + pw * 0.07)}" width="${f(pw * 0.86)}" height="${f(pw * 0.86)}" fill="${svg.linear([sky[0], sky[1]])}"/><circle cx="${f(px + pw * 0.65)}" cy="${f(py + pw * 0.35)}" r="${f(pw * 0.1)}" fill="#FFF"/><path d="M${f(px + pw * 0.07)},${f(py + pw * 0.93)} L${f(px + pw * 0.35)},${f(py + pw * 0.55)} L${f(px + pw * 0.55)},${f(py + pw * 0.75)} L${f(px + pw * 0.7)},${f(py + pw * 0.6)} L${f(px + pw * 0.93)},${f(py + pw * 0.93)} Z" fill="${shade(sky[0], -0.35)}"/></g>`);
    }
  }
}

function sceneClubs({ svg, r, p, v }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const night = v % 2 === 1;
  svg.add(`<rect width="${w}" height="${h}" fill="${night ? svg.linear(['#22223B', '#4A4E69']) : svg.linear([p.bg[0], p.bg[1]])}"/>`);
  if (night) {
    for (let k = 0; k < 3; k++) {
      const lx = w * (0.2 + k * 0.3);
      const c = [p.accents[0], p.accents[1], p.accents[2]][k] ?? '#fff';
      svg.add(`<path d="M${f(lx)},0 L${f(lx + w * 0.18 * (k - 1) + w * 0.14)},${f(h * 0.8)} L${f(lx + w * 0.18 * (k - 1) - w * 0.14)},${f(h * 0.8)} Z" fill="${svg.linear([c, c])}" opacity="0.22"/>`);
    }
    svg.add(`<rect x="0" y="${f(h * 0.8)}" width="${w}" height="${f(h * 0.2)}" fill="#2B2B40"/>`);
    for (let k = 0; k < 18; k++) {
      const hx = r.f(0, w);
      const hy = h * r.f(0.86, 0.98);
      svg.add(`<circle cx="${f(hx)}" cy="${f(hy)}" r="${f(u * r.f(3, 4.5))}" fill="#151525"/>`);
    }
  }
  // bunting
  for (let row = 0; row < 2; row++) {
    const y0 = h * (0.1 + row * 0.13);
    const sag = u * 8;
    svg.add(`<path d="M0,${f(y0)} Q${f(w / 2)},${f(y0 + sag * 2)} ${w},${f(y0)}" stroke="#555" stroke-width="${f(u * 0.3)}" fill="none"/>`);
    const n = 11;
    for (let k = 0; k < n; k++) {
      const t = (k + 0.5) / n;
      const x = w * t;
      const y = y0 + sag * 2 * 2 * t * (1 - t);
      svg.add(`<path d="M${f(x - u * 3)},${f(y)} L${f(x + u * 3)},${f(y)} L${f(x)},${f(y + u * 7)} Z" fill="${p.accents[(k + row) % 4]}"/>`);
    }
  }
  // balloons
  for (let k = 0; k < 5; k++) {
    const bx = r.f(0.1, 0.9) * w;
    const by = r.f(0.38, 0.6) * h;
    const c = r.pick([...p.accents]);
    svg.add(`<path d="M${f(bx)},${f(by + u * 7)} q${f(u * 2)},${f(u * 8)} ${f(-u)},${f(u * 16)}" stroke="#777" stroke-width="${f(u * 0.3)}" fill="none"/><ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(u * 5.5)}" ry="${f(u * 7)}" fill="${c}"/><ellipse cx="${f(bx - u * 1.8)}" cy="${f(by - u * 2.5)}" rx="${f(u * 1.2)}" ry="${f(u * 2)}" fill="#fff" opacity="0.5"/>`);
  }
  if (!night) {
    // booth tables
    const ty = h * 0.78;
    svg.add(`<rect x="${f(w * 0.08)}" y="${f(ty)}" width="${f(w * 0.84)}" height="${f(h * 0.12)}" rx="${f(u)}" fill="${p.accents[3]}"/>`);
    svg.add(`<rect x="${f(w * 0.08)}" y="${f(ty)}" width="${f(w * 0.84)}" height="${f(u * 2)}" fill="${shade(p.accents[3], -0.2)}"/>`);
    for (let k = 0; k < 3; k++) svg.add(`<rect x="${f(w * (0.15 + k * 0.25))}" y="${f(ty - h * 0.12)}" width="${f(w * 0.16)}" height="${f(h * 0.12)}" rx="${f(u)}" fill="#FFFFFF" stroke="${p.accents[k]}" stroke-width="${f(u * 0.8)}"/>`);
  }
}

function sceneMarket({ svg, r, p }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  bgGradient(svg, p, r);
  const floorY = h * 0.78;
  svg.add(`<rect x="0" y="${f(floorY)}" width="${w}" height="${f(h - floorY)}" fill="${shade(p.bg[1], -0.12)}"/>`);
  const box = (x: number, y: number, bw: number, bh: number) => {
    const d = bw * 0.25;
    return `<path d="M${f(x)},${f(y - bh)} L${f(x + d)},${f(y - bh - d * 0.6)} L${f(x + bw + d)},${f(y - bh - d * 0.6)} L${f(x + bw)},${f(y - bh)} Z" fill="#E0B987"/><path d="M${f(x + bw)},${f(y)} L${f(x + bw)},${f(y - bh)} L${f(x + bw + d)},${f(y - bh - d * 0.6)} L${f(x + bw + d)},${f(y - d * 0.6)} Z" fill="#B98B58"/><rect x="${f(x)}" y="${f(y - bh)}" width="${f(bw)}" height="${f(bh)}" fill="#D4A373"/><rect x="${f(x + bw * 0.42)}" y="${f(y - bh)}" width="${f(bw * 0.16)}" height="${f(bh * 0.4)}" fill="#F1E3C6" opacity="0.8"/>`;
  };
  const bw = Math.min(w, h) * 0.3;
  svg.add(box(w * 0.1, floorY + u * 3, bw, bw * 0.8));
  svg.add(box(w * 0.1 + bw * 0.15, floorY + u * 3 - bw * 0.8 - bw * 0.15, bw * 0.75, bw * 0.6));
  svg.add(box(w * 0.5, floorY + u * 5, bw * 0.9, bw * 0.7));
  // desk lamp on the right box
  const lx = w * 0.5 + bw * 0.45;
  const ly = floorY + u * 5 - bw * 0.7 - bw * 0.18;
  svg.add(`<rect x="${f(lx - u * 5)}" y="${f(ly - u * 1.2)}" width="${f(u * 10)}" height="${f(u * 2)}" rx="${f(u)}" fill="#555"/><path d="M${f(lx)},${f(ly)} L${f(lx + u * 6)},${f(ly - u * 14)} L${f(lx - u * 2)},${f(ly - u * 22)}" stroke="#555" stroke-width="${f(u * 1.2)}" fill="none"/><path d="M${f(lx - u * 2)},${f(ly - u * 22)} l${f(-u * 7)},${f(u * 2)} l${f(u * 4)},${f(u * 7)} Z" fill="${p.accents[0]}"/>`);
  // price tags
  for (let k = 0; k < 2; k++) {
    const tx = k === 0 ? w * 0.62 : w * 0.18;
    const ty = k === 0 ? h * 0.22 : h * 0.3;
    const tw = u * 22;
    const th = u * 11;
    const price = r.pick(['¥15', '¥20', '¥35', '¥50', '¥9.9', '¥68', '¥120', '¥5']);
    svg.add(`<g transform="rotate(${f(r.f(-15, 15))} ${f(tx)} ${f(ty)})"><path d="M${f(tx)},${f(ty)} L${f(tx + th * 0.4)},${f(ty - th / 2)} L${f(tx + tw)},${f(ty - th / 2)} L${f(tx + tw)},${f(ty + th / 2)} L${f(tx + th * 0.4)},${f(ty + th / 2)} Z" fill="${k === 0 ? '#FF2442' : p.accents[2]}"/><circle cx="${f(tx + th * 0.45)}" cy="${f(ty)}" r="${f(u * 1.1)}" fill="#FFFFFF"/><text x="${f(tx + tw * 0.62)}" y="${f(ty + th * 0.22)}" font-family="${FONT}" font-weight="700" font-size="${f(th * 0.55)}" fill="#FFFFFF" text-anchor="middle">${esc(price)}</text></g>`);
  }
  svg.add(plant(w * 0.86, floorY - u * 8, u * 16, p.accents[1], '#6BAA75'));
}

function sceneCountdown({ svg, r, p }: SceneCtx): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear(['#2D3142', '#4F5D75'])}"/>`);
  const deskY = h * 0.74;
  // lamp light
  const lx = w * 0.22;
  svg.add(`<path d="M${f(lx + u * 8)},${f(h * 0.2)} L${f(w * 0.95)},${f(deskY)} L${f(lx - u * 6)},${f(deskY)} Z" fill="${svg.linear(['#FFE8A3', '#FFE8A3'])}" opacity="0.18"/>`);
  svg.add(`<rect x="0" y="${f(deskY)}" width="${w}" height="${f(h - deskY)}" fill="#A47551"/><rect x="0" y="${f(deskY)}" width="${w}" height="${f(u * 1.5)}" fill="#C08A5E"/>`);
  svg.add(`<rect x="${f(lx - u * 7)}" y="${f(deskY - u * 2)}" width="${f(u * 14)}" height="${f(u * 2)}" rx="${f(u)}" fill="#E5E5E5"/><path d="M${f(lx)},${f(deskY - u * 2)} L${f(lx - u * 4)},${f(h * 0.35)} L${f(lx + u * 6)},${f(h * 0.22)}" stroke="#E5E5E5" stroke-width="${f(u * 1.4)}" fill="none"/><path d="M${f(lx + u * 2)},${f(h * 0.18)} l${f(u * 12)},${f(u * 2)} l${f(-u * 4)},${f(u * 8)} Z" fill="${p.accents[0]}"/>`);
  // calendar
  const cw = Math.min(w * 0.38, h * 0.4);
  const ch = cw * 1.05;
  const cx = w * 0.62 - cw / 2;
  const cy = deskY - ch - u * 2;
  const days = r.i(12, 180);
  svg.add(`<rect x="${f(cx)}" y="${f(cy)}" width="${f(cw)}" height="${f(ch)}" rx="${f(u * 1.5)}" fill="#FFFFFF"/><rect x="${f(cx)}" y="${f(cy)}" width="${f(cw)}" height="${f(ch * 0.24)}" rx="${f(u * 1.5)}" fill="#FF2442"/>`);
  svg.add(`<text x="${f(cx + cw / 2)}" y="${f(cy + ch * 0.17)}" font-family="${FONT}" font-size="${f(ch * 0.1)}" font-weight="700" fill="#FFFFFF" text-anchor="middle">倒计时</text>`);
  svg.add(`<text x="${f(cx + cw / 2)}" y="${f(cy + ch * 0.72)}" font-family="${FONT}" font-size="${f(ch * 0.42)}" font-weight="700" fill="#2D3142" text-anchor="middle">${days}</text>`);
  svg.add(`<text x="${f(cx + cw / 2)}" y="${f(cy + ch * 0.9)}" font-family="${FONT}" font-size="${f(ch * 0.09)}" fill="#6C757D" text-anchor="middle">天</text>`);
  for (let k = 0; k < 2; k++) svg.add(`<rect x="${f(cx + cw * (0.25 + k * 0.45))}" y="${f(cy - u * 2)}" width="${f(u * 1.4)}" height="${f(u * 4)}" rx="${f(u * 0.7)}" fill="#999"/>`);
  // paper stack + mug
  const px = w * 0.06;
  for (let k = 0; k < 6; k++) svg.add(`<rect x="${f(px + r.f(-u, u))}" y="${f(deskY - u * (k + 1) * 1.2)}" width="${f(w * 0.26)}" height="${f(u * 1.2)}" fill="${k % 2 ? '#F8F9FA' : '#E9ECEF'}"/>`);
  svg.add(mug(w * 0.9 > w - u * 8 ? w * 0.88 : w * 0.9, deskY - u * 12, u * 11, p.accents[1], '#6F4E37', true));
}

const SCENES: Record<SceneName, (c: SceneCtx) => void> = {
  sky: sceneSky,
  buildings: sceneBuildings,
  books: sceneBooks,
  noodles: sceneNoodles,
  trees: sceneTrees,
  track: sceneTrack,
  court: sceneCourt,
  stationery: sceneStationery,
  drinks: sceneDrinks,
  tech: sceneTech,
  music: sceneMusic,
  fashion: sceneFashion,
  mountains: sceneMountains,
  camera: sceneCamera,
  clubs: sceneClubs,
  market: sceneMarket,
  countdown: sceneCountdown,
  seaside: sceneSeaside,
};

/** Which categories a scene fits (first entry = primary). */
const SCENE_CATEGORIES: Record<SceneName, CategorySlug[]> = {
  sky: ['campus', 'photography', 'travel'],
  buildings: ['campus', 'photography', 'study'],
  books: ['study', 'exam', 'market'],
  noodles: ['food', 'campus'],
  trees: ['campus', 'photography', 'travel'],
  track: ['sports', 'campus'],
  court: ['sports', 'clubs'],
  stationery: ['study', 'exam', 'market'],
  drinks: ['food', 'study'],
  tech: ['tech', 'study', 'market'],
  music: ['music', 'clubs'],
  fashion: ['fashion', 'market'],
  mountains: ['travel', 'photography'],
  camera: ['photography', 'tech', 'clubs'],
  clubs: ['clubs', 'campus', 'music'],
  market: ['market'],
  countdown: ['exam', 'study'],
  seaside: ['travel', 'photography'],
};

/** Captions: each scene's list gives the images of that scene (one image per caption). */
const CAPTIONS: Record<SceneName, string[]> = {
  // variants cycle day / sunset / night
  sky: ['今天的天空好温柔', '晚霞承包了整个校园', '夜空下的自习归途', '抬头就是好心情', '宿舍阳台看日落', '晚自习后的月亮', '雨后初晴', '下课路上的粉色天空'],
  // variants cycle day / day / evening
  buildings: ['图书馆的清晨', '教学楼的钟声', '夕阳下的老校区', '开学第一天', '行政楼前的小路', '晚自习下课啦', '钟楼下的草坪'],
  books: ['本月读完的书', '图书馆三楼靠窗位', '专业课教材整理', '期末复习书单', '睡前读几页', '借书卡快满了', '文学课必读清单'],
  noodles: ['二食堂牛肉面', '食堂新窗口测评', '一人食午饭', '宿舍煮面之夜', '今天的套餐十五块', '北门饺子馆', '深夜的一碗热汤面', '食堂阿姨手不抖'],
  // variants cycle spring / summer / ginkgo / autumn
  trees: ['樱花大道开了', '夏天的梧桐路', '银杏黄了', '秋天的第一片红叶', '春日校园漫步', '林荫道散步', '落叶铺满小径'],
  track: ['东区操场夜跑', '今日配速五分半', '体测八百米加油', '晨跑打卡第三十天', '操场上的风', '运动会彩排'],
  court: ['篮球场约球', '三对三斗牛', '体育馆的下午', '院队训练日', '投篮一百个', '周末球局'],
  stationery: ['期末笔记整理', '手账本新页', '文具开箱', '错题本的力量', '康奈尔笔记法', '今日待办清单', '考前重点归纳'],
  // variants cycle milk tea / latte / mug
  drinks: ['自习室续命奶茶', '早八必备咖啡', '宿舍手冲时间', '新品奶茶测评', '图书馆门口的咖啡', '一杯热可可', '下午茶时光'],
  tech: ['宿舍桌面改造', '写代码的夜晚', '新电脑到手', '效率工具推荐', '大学生数码装备', '课程项目上线啦', '二手平板真香'],
  // variants cycle vinyl / guitar / headphones
  music: ['宿舍黑胶时间', '吉他入门第一周', '耳机里的世界', '今日单曲循环', '乐队排练日', '通勤路上听什么', '黑胶唱片分享'],
  fashion: ['一周上课穿搭', '小个子通勤风', '宿舍衣柜整理', '春季穿搭灵感', '学生党平价好物', '毕业照穿什么', '运动风也很好看'],
  mountains: ['周末爬山去', '湖边露营', '学生党穷游', '山顶看日出', '秋游计划', '骑行到郊外'],
  camera: ['胶片相机入门', '摄影社外拍', '校园一角', '拍立得记录日常', '扫街小记', '人像练习', '新镜头试拍'],
  // variants cycle daytime booths / evening stage
  clubs: ['社团招新啦', '迎新晚会', '百团大战', '周五晚会彩排', '志愿者集合', '社团之夜', '辩论赛决赛'],
  market: ['毕业清仓', '闲置好物转让', '教材低价出', '宿舍小家电', '二手台灯', '搬家大甩卖', '九成新出'],
  countdown: ['考研倒计时', '四六级冲刺', '期末周加油', '上岸倒计时', '每日打卡', '模考复盘'],
  // variants cycle day / sunset
  seaside: ['假期去看海', '海边看日落', '毕业旅行', '海风与晚霞', '暑假的海岛'],
};

// ---------------------------------------------------------------------------
// Caption overlay

function headlineBox(w: number, h: number, text: string): { x: number; y: number; fs: number; width: number } {
  const u = Math.min(w, h) / 100;
  const fs = Math.min(u * 9, (w * 0.84) / textEm(text));
  return { x: u * 7, y: u * 7 + fs, fs, width: textEm(text) * fs };
}

/** Mean luminance (0..1) of a region of a rendered SVG. */
async function regionLuminance(svgText: string, left: number, top: number, width: number, height: number): Promise<number> {
  const st = await sharp(Buffer.from(svgText)).extract({ left: Math.round(left), top: Math.round(top), width: Math.round(width), height: Math.round(height) }).stats();
  const [rc, gc, bc] = st.channels;
  return ((rc?.mean ?? 0) * 0.299 + (gc?.mean ?? 0) * 0.587 + (bc?.mean ?? 0) * 0.114) / 255;
}

/** style 0 bottom pill, 1 headline (darkText for light backgrounds), 2 tilted sticker. */
function addCaption(svg: Svg, text: string, r: Rand, p: Palette, style: number, darkText = false): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const em = textEm(text);
  if (style === 0) {
    // bottom frosted pill
    const fs = Math.min(u * 6.4, (w * 0.8) / em);
    const pw = em * fs + fs * 1.6;
    const ph = fs * 1.9;
    const x = (w - pw) / 2;
    const y = h - ph - u * 6;
    svg.add(`<rect x="${f(x)}" y="${f(y + u * 0.6)}" width="${f(pw)}" height="${f(ph)}" rx="${f(ph / 2)}" fill="#000" opacity="0.12"/><rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(ph)}" rx="${f(ph / 2)}" fill="#FFFFFF" opacity="0.9"/>`);
    svg.add(`<text x="${f(w / 2)}" y="${f(y + ph / 2 + fs * 0.36)}" font-family="${FONT}" font-weight="700" font-size="${f(fs)}" fill="${p.ink}" text-anchor="middle">${esc(text)}</text>`);
  } else if (style === 1) {
    // large headline at the top-left with a soft shadow
    const { x, y, fs } = headlineBox(w, h, text);
    svg.add(`<text x="${f(x + fs * 0.05)}" y="${f(y + fs * 0.06)}" font-family="${FONT}" font-weight="900" font-size="${f(fs)}" fill="${darkText ? '#FFFFFF' : '#000000'}" opacity="${darkText ? 0.6 : 0.25}">${esc(text)}</text>`);
    svg.add(`<text x="${f(x)}" y="${f(y)}" font-family="${FONT}" font-weight="900" font-size="${f(fs)}" fill="${darkText ? p.ink : '#FFFFFF'}">${esc(text)}</text>`);
    svg.add(`<rect x="${f(x)}" y="${f(y + fs * 0.35)}" width="${f(fs * 1.6)}" height="${f(fs * 0.14)}" rx="${f(fs * 0.07)}" fill="${p.accents[0]}"/>`);
  } else {
    // tilted sticker label
    const fs = Math.min(u * 6, (w * 0.7) / em);
    const pw = em * fs + fs * 1.4;
    const ph = fs * 1.8;
    const x = r.chance(0.5) ? u * 6 : w - pw - u * 6;
    const y = r.chance(0.5) ? u * 8 : h - ph - u * 10;
    const bg = luminance(p.accents[0]) > 0.7 ? p.ink : p.accents[0];
    svg.add(`<g transform="rotate(${f(r.f(-5, 5))} ${f(x + pw / 2)} ${f(y + ph / 2)})"><rect x="${f(x + u * 0.8)}" y="${f(y + u * 0.8)}" width="${f(pw)}" height="${f(ph)}" rx="${f(u * 1.5)}" fill="#000" opacity="0.18"/><rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(ph)}" rx="${f(u * 1.5)}" fill="${bg}"/><text x="${f(x + pw / 2)}" y="${f(y + ph / 2 + fs * 0.36)}" font-family="${FONT}" font-weight="700" font-size="${f(fs)}" fill="#FFFFFF" text-anchor="middle">${esc(text)}</text></g>`);
  }
}

/**
 * Paper grain (fractal noise as a faint dark speckle) so the flat vector art
 * looks printed rather than synthetic. Returns [defs, body] to append.
 */
function grain(level: number, seed: number, light: boolean): [string, string] {
  const c = light ? 1 : 0;
  const m = `0 0 0 0 ${c}  0 0 0 0 ${c}  0 0 0 0 ${c}  0 0 0 ${-level} ${(level * 0.55).toFixed(3)}`;
  return [
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed % 997}"/><feColorMatrix type="matrix" values="${m}"/></filter>`,
    `<rect width="100%" height="100%" filter="url(#grain)"/>`,
  ];
}
/** Grain strengths tried in order; the first one giving >= MIN_BYTES is kept. */
const GRAIN_LEVELS = [0.26, 0.28, 0.3, 0.32, 0.34];
const MIN_BYTES = 20 * 1024;
const MAX_BYTES = 60 * 1024;

// ---------------------------------------------------------------------------
// Image list

const RATIOS = [
  { ratio: '3:4', w: 720, h: 960 },
  { ratio: '1:1', w: 800, h: 800 },
  { ratio: '4:3', w: 880, h: 660 },
  { ratio: '9:16', w: 720, h: 1280 },
  { ratio: '16:9', w: 896, h: 504 },
] as const;
// weighted cycle: mostly portrait like a phone-first community
const RATIO_CYCLE = [0, 1, 2, 0, 3, 4, 0, 1, 2, 0, 4, 1, 3, 0, 2] as const;

interface ImageRecord {
  file: string;
  width: number;
  height: number;
  ratio: string;
  bytes: number;
  scene: SceneName;
  caption: string;
  categories: CategorySlug[];
}

async function toWebp(svgText: string, file: string, quality = WEBP_QUALITY): Promise<number> {
  const info = await sharp(Buffer.from(svgText)).webp({ quality, effort: 6, smartSubsample: true }).toFile(file);
  return info.size;
}

function webpBuffer(svgText: string, quality = WEBP_QUALITY): Promise<Buffer> {
  return sharp(Buffer.from(svgText)).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
}

async function makeImages(): Promise<ImageRecord[]> {
  const dir = path.join(DEMO, 'images');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const records: ImageRecord[] = [];
  let n = 0;
  const names = Object.keys(CAPTIONS) as SceneName[];
  for (const scene of names) {
    const caps = CAPTIONS[scene];
    for (let k = 0; k < caps.length; k++) {
      const caption = caps[k] ?? '';
      const seed = 1000 + n * 7919;
      const r = new Rand(seed);
      const rt = RATIOS[RATIO_CYCLE[n % RATIO_CYCLE.length] ?? 0] ?? RATIOS[0];
      const p = PALETTES[(n * 7 + k) % PALETTES.length] ?? PALETTES[0];
      const svg = new Svg(rt.w, rt.h);
      SCENES[scene]({ svg, r, p, v: k, t: 0 });
      const style = (n + k) % 3;
      let darkText = false;
      if (style === 1) {
        const b = headlineBox(rt.w, rt.h, caption);
        darkText = (await regionLuminance(svg.toString(), b.x, b.y - b.fs, Math.min(b.width, rt.w - b.x), b.fs * 1.2)) > 0.5;
      }
      addCaption(svg, caption, r, p, style, darkText);
      n += 1;
      const file = `${String(n).padStart(3, '0')}-${scene}.webp`;
      let buf = await webpBuffer(svg.toString());
      const light = buf.length < MIN_BYTES && (await regionLuminance(svg.toString(), 0, 0, rt.w, rt.h)) < 0.45;
      for (const level of GRAIN_LEVELS) {
        if (buf.length >= MIN_BYTES) break;
        const next = await webpBuffer(svg.toString(...grain(level, seed, light)));
        if (next.length > MAX_BYTES) break;
        buf = next;
      }
      writeFileSync(path.join(dir, file), buf);
      const bytes = buf.length;
      records.push({ file, width: rt.w, height: rt.h, ratio: rt.ratio, bytes, scene, caption, categories: SCENE_CATEGORIES[scene] });
    }
  }
  return records;
}

// ---------------------------------------------------------------------------
// Avatars

interface AvatarRecord {
  file: string;
  width: number;
  height: number;
  bytes: number;
  kind: 'character' | 'face';
}

function avatarSvg(k: number, ch: string | null): Svg {
  const S = 256;
  const svg = new Svg(S, S);
  const r = new Rand(50000 + k * 104729);
  const p = PALETTES[k % PALETTES.length] ?? PALETTES[0];
  const c1 = p.accents[k % 4] ?? '#ccc';
  const c2 = p.accents[(k + 1) % 4] ?? '#eee';
  svg.add(`<rect width="${S}" height="${S}" fill="${svg.linear([shade(c1, 0.25), shade(c2, 0.1)], true, { x1: 0, y1: 0, x2: 1, y2: 1 })}"/>`);
  svg.add(`<circle cx="${f(r.f(0, S))}" cy="${f(r.f(0, S))}" r="${f(r.f(60, 110))}" fill="#FFFFFF" opacity="0.15"/>`);
  if (ch) {
    const ink = luminance(shade(c1, 0.25)) > 0.72 ? p.ink : '#FFFFFF';
    svg.add(`<text x="128" y="${f(128 + 110 * 0.36)}" font-family="${FONT}" font-weight="700" font-size="110" fill="${ink}" text-anchor="middle">${esc(ch)}</text>`);
  } else {
    const skin = r.pick(['#FFE0BD', '#F1C27D', '#FFCD94', '#EAC086', '#FFDBAC']);
    const hair = r.pick(['#2B2B2B', '#4A3728', '#6B4E3D', '#1F1F2E', '#8D5524']);
    const shirt = p.accents[(k + 2) % 4] ?? '#888';
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
    if (r.chance(0.3)) svg.add(`<circle cx="106" cy="122" r="16" fill="none" stroke="#333" stroke-width="3.5"/><circle cx="150" cy="122" r="16" fill="none" stroke="#333" stroke-width="3.5"/><line x1="122" y1="122" x2="134" y2="122" stroke="#333" stroke-width="3.5"/>`);
  }
  return svg;
}

async function makeAvatars(): Promise<AvatarRecord[]> {
  const dir = path.join(DEMO, 'avatars');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const out: AvatarRecord[] = [];
  for (let k = 0; k < 48; k++) {
    const file = `avatar-${String(k + 1).padStart(2, '0')}.webp`;
    const user = corpus.USERS.find((u) => u.avatar === file);
    // odd positions use the first character of the owner's nickname, even ones a drawn face
    const ch = k % 2 === 0 ? (user ? [...user.nickname][0] ?? '石' : '石') : null;
    const svg = avatarSvg(k, ch);
    const bytes = await toWebp(svg.toString(), path.join(dir, file), 75);
    out.push({ file, width: 256, height: 256, bytes, kind: ch ? 'character' : 'face' });
  }
  return out;
}

async function makeDefaults(): Promise<void> {
  // neutral default avatar: grey silhouette
  const a = new Svg(256, 256);
  a.add(`<rect width="256" height="256" fill="#E9ECEF"/><circle cx="128" cy="104" r="46" fill="#BFC5CC"/><path d="M48,240 Q52,164 128,160 Q204,164 208,240 Z" fill="#BFC5CC"/>`);
  await toWebp(a.toString(), path.join(OUT, 'default-avatar.webp'), 80);
  // placeholder image (3:4, no text: used for missing as well as loading images): soft grey, picture glyph, tiny pomegranate
  const p = new Svg(720, 960);
  p.add(`<rect width="720" height="960" fill="${p.linear(['#F5F6F8', '#E9ECF1'])}"/>`);
  p.add(`<rect x="240" y="350" width="240" height="190" rx="22" fill="none" stroke="#C3C9D2" stroke-width="12"/><circle cx="310" cy="410" r="22" fill="#C3C9D2"/><path d="M252,528 L340,450 L400,500 L430,475 L470,528 Z" fill="#C3C9D2"/>`);
  p.add(`<circle cx="360" cy="640" r="26" fill="#FF2442" opacity="0.55"/><path d="M350,612 l10,-12 l10,12 Z" fill="#FF2442" opacity="0.55"/>`);
  await toWebp(p.toString(), path.join(OUT, 'placeholder.webp'), 75);
}

// ---------------------------------------------------------------------------
// Videos (frames rendered from SVG with sharp, encoded with ffmpeg)

interface VideoRecord {
  file: string;
  webm: string;
  cover: string;
  width: number;
  height: number;
  durationSec: number;
  bytes: number;
  webmBytes: number;
  caption: string;
  categories: CategorySlug[];
}

interface VideoSpec {
  name: string;
  w: number;
  h: number;
  seconds: number;
  caption: string;
  categories: CategorySlug[];
  frame: (svg: Svg, t: number) => void;
}

const FPS = 24;

function libraryMorning(svg: Svg, t: number): void {
  const { w, h } = svg;
  const u = Math.min(w, h) / 100;
  const k = t / 7; // 0..1 over the clip
  const top = mix('#F7A399', '#8FD3F4', k);
  const bottom = mix('#FFE5B4', '#EAF8FF', k);
  svg.add(`<rect width="${w}" height="${h}" fill="${svg.linear([top, bottom])}"/>`);
  const sy = h * (0.7 - 0.45 * k);
  svg.add(`<circle cx="${f(w * 0.75)}" cy="${f(sy)}" r="${f(u * 30)}" fill="${svg.radial('#FFF1A6', '#FFF1A6', 0.5, 0)}"/><circle cx="${f(w * 0.75)}" cy="${f(sy)}" r="${f(u * 10)}" fill="${mix('#FF9F68', '#FFF1A6', k)}"/>`);
  const r = new Rand(77);
  for (let c = 0; c < 4; c++) {
    const speed = u * r.f(4, 9);
    const x0 = r.f(0, w);
    const x = ((x0 + speed * t) % (w + u * 40)) - u * 20;
    svg.add(cloud(x, r.f(0.1, 0.35) * h, u * r.f(6, 10), '#FFFFFF', 0.85));
  }
  const groundY = h * 0.8;
  const lr = new Rand(5);
  // library: wide building with columns and a dome
  const bw = w * 0.56;
  const bx = (w - bw) / 2;
  const bh = h * 0.36;
  svg.add(`<rect x="${f(bx)}" y="${f(groundY - bh)}" width="${f(bw)}" height="${f(bh)}" fill="#E7D7C1"/>`);
  svg.add(`<path d="M${f(bx - u * 2)},${f(groundY - bh)} L${f(w / 2)},${f(groundY - bh - u * 14)} L${f(bx + bw + u * 2)},${f(groundY - bh)} Z" fill="#A68A64"/>`);
  svg.add(`<path d="M${f(w / 2 - u * 9)},${f(groundY - bh - u * 10)} A${f(u * 9)},${f(u * 9)} 0 0 1 ${f(w / 2 + u * 9)},${f(groundY - bh - u * 10)} Z" fill="#7F9C96"/>`);
  const cols = 7;
  for (let c = 0; c < cols; c++) {
    const cx = bx + u * 4 + c * ((bw - u * 8) / (cols - 1));
    svg.add(`<rect x="${f(cx - u * 1.3)}" y="${f(groundY - bh + u * 3)}" width="${f(u * 2.6)}" height="${f(bh - u * 3)}" fill="#F7EFE3"/>`);
  }
  for (let c = 0; c < cols - 1; c++) {
    for (let row = 0; row < 3; row++) {
      const cx = bx + u * 4 + c * ((bw - u * 8) / (cols - 1)) + (bw - u * 8) / (cols - 1) / 2;
      const wy = groundY - bh + u * 6 + row * (bh / 3.3);
      const litAt = lr.f(0.5, 6.5);
      const lit = t > litAt;
      svg.add(`<rect x="${f(cx - u * 2.2)}" y="${f(wy)}" width="${f(u * 4.4)}" height="${f(u * 6)}" rx="${f(u * 0.6)}" fill="${lit ? '#FFD166' : '#8A9BA8'}"/>`);
    }
  }
  svg.add(`<rect x="0" y="${f(groundY)}" width="${w}" height="${f(h - groundY)}" fill="#9BC58A"/><path d="M${f(w * 0.45)},${f(groundY)} L${f(w * 0.55)},${f(groundY)} L${f(w * 0.62)},${h} L${f(w * 0.38)},${h} Z" fill="#EFE6DA"/>`);
  for (const tx of [w * 0.1, w * 0.9]) svg.add(tree(tx, groundY + u * 2, u * 14, '#5E9C5A', '#6D4C41', new Rand(Math.round(tx))));
  const birdX = ((t * u * 18) % (w + u * 20)) - u * 10;
  svg.add(`<path d="M${f(birdX)},${f(h * 0.3)} q${f(u * 1.5)},${f(-u * 1.5)} ${f(u * 3)},0 q${f(u * 1.5)},${f(-u * 1.5)} ${f(u * 3)},0" stroke="#3B3B58" stroke-width="${f(u * 0.5)}" fill="none"/>`);
}

function nightRun(svg: Svg, t: number): void {
  const { w, h } = svg;
  sceneTrack({ svg, r: new Rand(4242), p: PALETTES[0] ?? (PALETTES[1] as Palette), v: 0, t });
  // evening tint + floodlight glow
  svg.add(`<rect width="${w}" height="${h}" fill="#0B1D3A" opacity="0.35"/>`);
  for (const [x, y] of [[0, 0], [w, 0], [0, h], [w, h]] as const) svg.add(`<circle cx="${x}" cy="${y}" r="${f(w * 0.55)}" fill="${svg.radial('#FFF3C4', '#FFF3C4', 0.35, 0)}"/>`);
  // running timer pill
  const secs = 24 * 60 + 51 + Math.floor(t);
  const label = `用时 ${String(Math.floor(secs / 60)).padStart(2, '0')}:${String(secs % 60).padStart(2, '0')}`;
  const fs = w * 0.05;
  const pw = textEm(label) * fs + fs * 1.6;
  svg.add(`<rect x="${f((w - pw) / 2)}" y="${f(h * 0.05)}" width="${f(pw)}" height="${f(fs * 1.8)}" rx="${f(fs * 0.9)}" fill="#0B1D3A" opacity="0.7"/><text x="${f(w / 2)}" y="${f(h * 0.05 + fs * 0.9 + fs * 0.36)}" font-family="${FONT}" font-weight="700" font-size="${f(fs)}" fill="#FFFFFF" text-anchor="middle">${label}</text>`);
}

const VIDEOS: VideoSpec[] = [
  { name: 'night-run', w: 480, h: 854, seconds: 6, caption: '东区操场夜跑 · 第三圈', categories: ['sports', 'campus'], frame: nightRun },
  { name: 'library-morning', w: 640, h: 360, seconds: 7, caption: '图书馆的清晨', categories: ['campus', 'study'], frame: libraryMorning },
];

function run(cmd: string, args: string[], input?: AsyncIterable<Buffer>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err.slice(-2000)}`))));
    if (input && child.stdin) {
      const stdin = child.stdin;
      (async () => {
        for await (const chunk of input) {
          if (!stdin.write(chunk)) await new Promise((res) => stdin.once('drain', res));
        }
        stdin.end();
      })().catch(reject);
    }
  });
}

function probeDuration(file: string): number {
  const res = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { encoding: 'utf8' });
  return Math.round(parseFloat(res.stdout.trim()) * 100) / 100;
}

async function makeVideos(): Promise<VideoRecord[]> {
  const dir = path.join(DEMO, 'videos');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const out: VideoRecord[] = [];
  for (const v of VIDEOS) {
    const frames = v.seconds * FPS;
    const render = (i: number) => {
      const t = i / FPS;
      const svg = new Svg(v.w, v.h);
      v.frame(svg, t);
      addCaption(svg, v.caption, new Rand(1), PALETTES[14] ?? (PALETTES[0] as Palette), 0);
      return svg;
    };
    // raw frames: render once to a temp y4m-free raw stream, feed both encoders
    const tmpRaw = path.join(dir, `${v.name}.rgb`);
    const chunks: Buffer[] = [];
    for (let i = 0; i < frames; i++) {
      chunks.push(await sharp(Buffer.from(render(i).toString())).removeAlpha().raw().toBuffer());
    }
    writeFileSync(tmpRaw, Buffer.concat(chunks));
    const inArgs = ['-y', '-hide_banner', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${v.w}x${v.h}`, '-r', String(FPS), '-i', tmpRaw];
    const mp4 = `${v.name}.mp4`;
    const webm = `${v.name}.webm`;
    await run('ffmpeg', [...inArgs, '-an', '-c:v', 'libx264', '-preset', 'slow', '-crf', '26', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-metadata', `title=${v.caption}`, path.join(dir, mp4)]);
    await run('ffmpeg', [...inArgs, '-an', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-pix_fmt', 'yuv420p', path.join(dir, webm)]);
    rmSync(tmpRaw);
    const cover = `${v.name}-cover.webp`;
    await toWebp(render(FPS).toString(), path.join(dir, cover), 75);
    out.push({
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
    });
  }
  return out;
}

function existingVideos(): VideoRecord[] {
  const dir = path.join(DEMO, 'videos');
  return VIDEOS.map((v) => ({
    file: `${v.name}.mp4`,
    webm: `${v.name}.webm`,
    cover: `${v.name}-cover.webp`,
    width: v.w,
    height: v.h,
    durationSec: probeDuration(path.join(dir, `${v.name}.mp4`)),
    bytes: statSync(path.join(dir, `${v.name}.mp4`)).size,
    webmBytes: statSync(path.join(dir, `${v.name}.webm`)).size,
    caption: v.caption,
    categories: v.categories,
  }));
}

// ---------------------------------------------------------------------------
// Manifest

function writeManifest(images: ImageRecord[], avatars: AvatarRecord[], videos: VideoRecord[]): void {
  const json = (x: unknown) => JSON.stringify(x);
  const byCat: Record<string, string[]> = {};
  for (const c of corpus.CATEGORIES) byCat[c.category_title] = [];
  for (const im of images) for (const c of im.categories) byCat[c]?.push(im.file);
  const lines: string[] = [];
  lines.push('// GENERATED by scripts/make-demo-media.ts — do not edit by hand.');
  lines.push('// Paths are relative to the repository root; files are committed under resources/.');
  lines.push("import type { CategorySlug } from './corpus';");
  lines.push('');
  lines.push('export interface DemoImage {');
  lines.push('  /** File name inside DEMO_IMAGE_DIR. */');
  lines.push('  file: string;');
  lines.push('  width: number;');
  lines.push('  height: number;');
  lines.push("  /** '3:4' | '1:1' | '4:3' | '9:16' | '16:9' */");
  lines.push('  ratio: string;');
  lines.push('  bytes: number;');
  lines.push('  /** Abstract scene drawn (sky, noodles, track, ...). */');
  lines.push('  scene: string;');
  lines.push('  /** Chinese caption rendered inside the image. */');
  lines.push('  caption: string;');
  lines.push('  /** Categories the picture fits; the first is the best fit. */');
  lines.push('  categories: readonly CategorySlug[];');
  lines.push('}');
  lines.push('');
  lines.push('export interface DemoAvatar {');
  lines.push('  file: string;');
  lines.push('  width: number;');
  lines.push('  height: number;');
  lines.push('  bytes: number;');
  lines.push("  kind: 'character' | 'face';");
  lines.push('}');
  lines.push('');
  lines.push('export interface DemoVideo {');
  lines.push('  /** H.264 (yuv420p, faststart) mp4 inside DEMO_VIDEO_DIR. */');
  lines.push('  file: string;');
  lines.push('  /** Same clip as VP9 webm. */');
  lines.push('  webm: string;');
  lines.push('  /** WebP cover (frame at 1 s), same size as the video. */');
  lines.push('  cover: string;');
  lines.push('  width: number;');
  lines.push('  height: number;');
  lines.push('  durationSec: number;');
  lines.push('  bytes: number;');
  lines.push('  webmBytes: number;');
  lines.push('  caption: string;');
  lines.push('  categories: readonly CategorySlug[];');
  lines.push('}');
  lines.push('');
  lines.push("export const DEMO_IMAGE_DIR = 'resources/demo/images';");
  lines.push("export const DEMO_AVATAR_DIR = 'resources/demo/avatars';");
  lines.push("export const DEMO_VIDEO_DIR = 'resources/demo/videos';");
  lines.push("export const DEFAULT_AVATAR_FILE = 'resources/default-avatar.webp';");
  lines.push("export const PLACEHOLDER_IMAGE_FILE = 'resources/placeholder.webp';");
  lines.push('');
  lines.push('export const DEMO_IMAGES: readonly DemoImage[] = [');
  for (const im of images) lines.push(`  ${json(im)},`);
  lines.push('];');
  lines.push('');
  lines.push('/** Image file names per category (an image may fit several categories). */');
  lines.push('export const IMAGES_BY_CATEGORY: Readonly<Record<CategorySlug, readonly string[]>> = {');
  for (const [c, files] of Object.entries(byCat)) lines.push(`  ${c}: ${json(files)},`);
  lines.push('};');
  lines.push('');
  lines.push('export const DEMO_AVATARS: readonly DemoAvatar[] = [');
  for (const a of avatars) lines.push(`  ${json(a)},`);
  lines.push('];');
  lines.push('');
  lines.push('export const DEMO_VIDEOS: readonly DemoVideo[] = [');
  for (const v of videos) lines.push(`  ${json(v)},`);
  lines.push('];');
  lines.push('');
  writeFileSync(path.join(ROOT, 'server', 'seed', 'media-manifest.ts'), lines.join('\n'));
}

// ---------------------------------------------------------------------------
// Corpus checks (limits from the spec)

function checkCorpus(): string[] {
  const errs: string[] = [];
  const len = (s: string) => [...s].length;
  const nonBmp = /[\u{10000}-\u{10FFFF}]/u;
  const slugs = new Set(corpus.CATEGORIES.map((c) => c.category_title));
  for (const c of corpus.CATEGORIES) if (!/^[a-z]{1,50}$/.test(c.category_title)) errs.push(`category slug ${c.category_title}`);
  const ids = new Set<string>();
  const avatarFiles = new Set<string>();
  for (const u of corpus.USERS) {
    if (!/^[A-Za-z0-9_]{3,15}$/.test(u.user_id)) errs.push(`user_id ${u.user_id}`);
    if (ids.has(u.user_id)) errs.push(`duplicate user_id ${u.user_id}`);
    ids.add(u.user_id);
    if (avatarFiles.has(u.avatar)) errs.push(`duplicate avatar ${u.avatar}`);
    avatarFiles.add(u.avatar);
    if (len(u.nickname) > 10 || len(u.nickname) < 1) errs.push(`nickname ${u.nickname}`);
    if (len(u.bio) > 200) errs.push(`bio of ${u.user_id}`);
    if (len(u.major) > 11) errs.push(`major ${u.major}`);
    if (u.interests.length > 5 || u.interests.some((i) => len(i) > 8) || new Set(u.interests).size !== u.interests.length) errs.push(`interests of ${u.user_id}`);
    for (const c of u.posts_in) if (!slugs.has(c)) errs.push(`posts_in ${c}`);
  }
  const tagSet = new Set(corpus.TAGS);
  if (tagSet.size !== corpus.TAGS.length) errs.push('duplicate tags');
  for (const t of corpus.TAGS) if (len(t) > 8 || len(t) < 1) errs.push(`tag ${t}`);
  const titles = new Set<string>();
  const maxSuffix = Math.max(...corpus.TITLE_SUFFIXES.map(len));
  const maxExtra = Math.max(...corpus.BODY_OPENERS.map(len)) + Math.max(...corpus.BODY_CLOSERS.map(len)) + 2;
  for (const n of corpus.NOTE_TEMPLATES) {
    if (titles.has(n.title)) errs.push(`duplicate title ${n.title}`);
    titles.add(n.title);
    if (len(n.title) > 80 || len(n.title) + maxSuffix > 100) errs.push(`title too long ${n.title}`);
    if (len(n.content) > 1900 || len(n.content) + maxExtra > 2000) errs.push(`content too long ${n.title}`);
    if (len(n.content) < 20) errs.push(`content too short ${n.title}`);
    if (n.tags.length > 10) errs.push(`too many tags ${n.title}`);
    for (const t of n.tags) if (!tagSet.has(t)) errs.push(`unknown tag ${t} in ${n.title}`);
    if (!slugs.has(n.category)) errs.push(`category ${n.category}`);
  }
  for (const c of [...corpus.COMMENTS, ...corpus.REPLIES]) if (len(c) > 500 || len(c) < 1) errs.push(`comment ${c}`);
  for (const v of corpus.VERIFICATION_SAMPLES) if (len(v.reason) > 200) errs.push(`reason ${v.reason.slice(0, 20)}`);
  const all = JSON.stringify(corpus);
  if (nonBmp.test(all)) errs.push('non-BMP character (emoji?) in corpus');
  const counts = `users ${corpus.USERS.length}, categories ${corpus.CATEGORIES.length}, templates ${corpus.NOTE_TEMPLATES.length}, tags ${corpus.TAGS.length}, comments ${corpus.COMMENTS.length}, replies ${corpus.REPLIES.length}, verification ${corpus.VERIFICATION_SAMPLES.length}`;
  console.log(`corpus: ${counts}`);
  if (corpus.USERS.length < 40) errs.push('need >= 40 users');
  if (corpus.NOTE_TEMPLATES.length < 120) errs.push('need >= 120 note templates');
  if (corpus.TAGS.length < 60) errs.push('need >= 60 tags');
  if (corpus.COMMENTS.length < 80) errs.push('need >= 80 comments');
  if (corpus.REPLIES.length < 40) errs.push('need >= 40 replies');
  for (const c of corpus.CATEGORIES) if (!corpus.NOTE_TEMPLATES.some((n) => n.category === c.category_title)) errs.push(`no templates for ${c.category_title}`);
  return errs;
}

// ---------------------------------------------------------------------------

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const errs = checkCorpus();
  if (errs.length && !process.env.DEMO_SKIP_CHECK) {
    console.error(`corpus problems:\n  ${errs.join('\n  ')}`);
    process.exit(1);
  }
  if (args.has('--check')) return;
  mkdirSync(DEMO, { recursive: true });
  const images = await makeImages();
  const total = images.reduce((s, i) => s + i.bytes, 0);
  console.log(`images: ${images.length}, ${(total / 1024).toFixed(0)} KB total, min ${(Math.min(...images.map((i) => i.bytes)) / 1024).toFixed(1)} KB, max ${(Math.max(...images.map((i) => i.bytes)) / 1024).toFixed(1)} KB`);
  const avatars = await makeAvatars();
  console.log(`avatars: ${avatars.length}, ${(avatars.reduce((s, a) => s + a.bytes, 0) / 1024).toFixed(0)} KB total`);
  await makeDefaults();
  const videos = args.has('--no-video') ? existingVideos() : await makeVideos();
  for (const v of videos) console.log(`video ${v.file}: ${v.durationSec}s, mp4 ${(v.bytes / 1024).toFixed(0)} KB, webm ${(v.webmBytes / 1024).toFixed(0)} KB`);
  writeManifest(images, avatars, videos);
  console.log(`wrote server/seed/media-manifest.ts; files in ${path.relative(ROOT, DEMO)}: ${readdirSync(DEMO).join(', ')}`);
}

await main();

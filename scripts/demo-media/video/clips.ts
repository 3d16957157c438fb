/** The two demo clips, drawn frame by frame with the same SVG code as the pictures. */
import type { CategorySlug } from '../../../server/seed/corpus';
import { addCaption, CaptionStyle } from '../captions';
import { mix, palette } from '../color';
import { Rand } from '../rand';
import { sceneTrack } from '../scenes/sports';
import { cloud, tree } from '../shapes';
import { boldCentered, circle, f, rect, Svg, textEm } from '../svg';

export const FPS = 24;

export interface VideoSpec {
  name: string;
  w: number;
  h: number;
  seconds: number;
  caption: string;
  categories: CategorySlug[];
  /** Draws the frame at time t (seconds). */
  frame: (svg: Svg, t: number) => void;
}

/** Sunrise behind the library: drifting clouds, windows lighting up one by one, a bird. */
function libraryMorning(svg: Svg, t: number): void {
  const { w, h, u } = svg;
  const k = t / 7; // 0..1 over the clip
  svg.fill(svg.linear([mix('#F7A399', '#8FD3F4', k), mix('#FFE5B4', '#EAF8FF', k)]));
  const sy = h * (0.7 - 0.45 * k);
  svg.add(circle(w * 0.75, sy, u * 30, { fill: svg.glow('#FFF1A6', 0.5) }), circle(w * 0.75, sy, u * 10, { fill: mix('#FF9F68', '#FFF1A6', k) }));
  const r = new Rand(77);
  for (let c = 0; c < 4; c++) {
    const speed = u * r.f(4, 9);
    const x0 = r.f(0, w);
    const x = ((x0 + speed * t) % (w + u * 40)) - u * 20;
    svg.add(cloud(x, r.f(0.1, 0.35) * h, u * r.f(6, 10), '#FFFFFF', 0.85));
  }
  const groundY = h * 0.8;
  // library: wide building with columns and a dome
  const bw = w * 0.56;
  const bx = (w - bw) / 2;
  const bh = h * 0.36;
  svg.add(rect(bx, groundY - bh, bw, bh, { fill: '#E7D7C1' }));
  svg.add(`<path d="M${f(bx - u * 2)},${f(groundY - bh)} L${f(w / 2)},${f(groundY - bh - u * 14)} L${f(bx + bw + u * 2)},${f(groundY - bh)} Z" fill="#A68A64"/>`);
  svg.add(`<path d="M${f(w / 2 - u * 9)},${f(groundY - bh - u * 10)} A${f(u * 9)},${f(u * 9)} 0 0 1 ${f(w / 2 + u * 9)},${f(groundY - bh - u * 10)} Z" fill="#7F9C96"/>`);
  const cols = 7;
  const colX = (c: number) => bx + u * 4 + c * ((bw - u * 8) / (cols - 1));
  for (let c = 0; c < cols; c++) svg.add(rect(colX(c) - u * 1.3, groundY - bh + u * 3, u * 2.6, bh - u * 3, { fill: '#F7EFE3' }));
  // windows between the columns; each lights up at its own (seeded) moment
  const lr = new Rand(5);
  for (let c = 0; c < cols - 1; c++) {
    for (let row = 0; row < 3; row++) {
      const cx = colX(c) + (bw - u * 8) / (cols - 1) / 2;
      const wy = groundY - bh + u * 6 + row * (bh / 3.3);
      const lit = t > lr.f(0.5, 6.5);
      svg.add(rect(cx - u * 2.2, wy, u * 4.4, u * 6, { rx: u * 0.6, fill: lit ? '#FFD166' : '#8A9BA8' }));
    }
  }
  svg.band(groundY, h - groundY, '#9BC58A');
  svg.add(`<path d="M${f(w * 0.45)},${f(groundY)} L${f(w * 0.55)},${f(groundY)} L${f(w * 0.62)},${h} L${f(w * 0.38)},${h} Z" fill="#EFE6DA"/>`);
  for (const tx of [w * 0.1, w * 0.9]) svg.add(tree(tx, groundY + u * 2, u * 14, '#5E9C5A', '#6D4C41', new Rand(Math.round(tx))));
  const birdX = ((t * u * 18) % (w + u * 20)) - u * 10;
  svg.add(`<path d="M${f(birdX)},${f(h * 0.3)} q${f(u * 1.5)},${f(-u * 1.5)} ${f(u * 3)},0 q${f(u * 1.5)},${f(-u * 1.5)} ${f(u * 3)},0" stroke="#3B3B58" stroke-width="${f(u * 0.5)}" fill="none"/>`);
}

/** Runners circling the track under floodlights, with a ticking timer. */
function nightRun(svg: Svg, t: number): void {
  const { w, h } = svg;
  sceneTrack({ svg, r: new Rand(4242), p: palette(0), v: 0, t });
  svg.fill('#0B1D3A', 0.35);
  for (const [x, y] of [[0, 0], [w, 0], [0, h], [w, h]] as const) svg.add(circle(x, y, w * 0.55, { fill: svg.glow('#FFF3C4', 0.35) }));
  const secs = 24 * 60 + 51 + Math.floor(t);
  const label = `用时 ${String(Math.floor(secs / 60)).padStart(2, '0')}:${String(secs % 60).padStart(2, '0')}`;
  const fs = w * 0.05;
  const pw = textEm(label) * fs + fs * 1.6;
  svg.add(rect((w - pw) / 2, h * 0.05, pw, fs * 1.8, { rx: fs * 0.9, fill: '#0B1D3A', opacity: 0.7 }), boldCentered(w / 2, h * 0.05 + fs * 0.9 + fs * 0.36, fs, '#FFFFFF', label));
}

export const VIDEOS: readonly VideoSpec[] = [
  { name: 'night-run', w: 480, h: 854, seconds: 6, caption: '东区操场夜跑 · 第三圈', categories: ['sports', 'campus'], frame: nightRun },
  { name: 'library-morning', w: 640, h: 360, seconds: 7, caption: '图书馆的清晨', categories: ['campus', 'study'], frame: libraryMorning },
];

/** Frame i of a clip, caption included (the cover is frame FPS, at 1 s). */
export function renderFrame(v: VideoSpec, i: number): Svg {
  const svg = new Svg(v.w, v.h);
  v.frame(svg, i / FPS);
  addCaption(svg, v.caption, new Rand(1), palette(14), CaptionStyle.Pill);
  return svg;
}

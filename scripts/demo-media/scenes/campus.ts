/** Campus scenes: buildings with the clock tower, club fair / evening stage, second-hand boxes. */
import { mix, shade } from '../color';
import type { Rand } from '../rand';
import { bgGradient, cloud, plant } from '../shapes';
import { boldCentered, circle, ellipse, f, rect, rotated, type Svg } from '../svg';
import type { SceneCtx } from './types';

/** A block with a cornice and a grid of windows, lit with probability litP. */
function building(svg: Svg, x: number, groundY: number, bw: number, bh: number, color: string, winColor: string, r: Rand, litP: number): void {
  const u = svg.u;
  svg.add(rect(x, groundY - bh, bw, bh, { fill: color }));
  svg.add(rect(x - u * 0.6, groundY - bh - u * 1.2, bw + u * 1.2, u * 1.6, { fill: shade(color, -0.15) }));
  const ww = u * 2.2;
  const wh = u * 3;
  const gap = u * 1.6;
  const cols = Math.max(1, Math.floor((bw - gap) / (ww + gap)));
  const rows = Math.max(1, Math.floor((bh - gap * 2) / (wh + gap)));
  const ox = x + (bw - (cols * (ww + gap) - gap)) / 2;
  for (let rr = 0; rr < rows; rr++) {
    for (let cc = 0; cc < cols; cc++) {
      const lit = r.chance(litP);
      svg.add(rect(ox + cc * (ww + gap), groundY - bh + gap * 1.5 + rr * (wh + gap), ww, wh, { rx: u * 0.3, fill: lit ? '#FFE08A' : winColor }));
    }
  }
}

/** Variants cycle day / day / evening. */
export function sceneBuildings({ svg, r, p, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const evening = v % 3 === 2;
  const skyTop = evening ? '#F6A192' : r.pick(['#A7D8F0', '#BDE0FE', '#CDE7F0']);
  svg.fill(svg.linear([skyTop, evening ? '#FFE0B5' : '#F7FBFF']));
  for (let k = 0; k < 3; k++) svg.add(cloud(r.f(0, w), r.f(0.08, 0.3) * h, u * r.f(5, 9), '#FFFFFF', 0.8));
  const groundY = h * r.f(0.74, 0.8);
  const cols = [p.accents[0], p.accents[3], '#C9B8A8', '#E2C2A3', '#B7C4CF', p.accents[1]].map((c) => mix(c, '#FFFFFF', 0.15));
  // the clock tower stands in the middle; the other blocks keep clear of it
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
  svg.add(circle(ccx, ccy, u * 4.2, { fill: '#FFFDF5', stroke: shade(towerCol, -0.3), sw: u * 0.8 }));
  svg.add(`<path d="M${f(ccx)},${f(ccy)} L${f(ccx)},${f(ccy - u * 3)} M${f(ccx)},${f(ccy)} L${f(ccx + u * 2.2)},${f(ccy + u * 0.8)}" stroke="#333" stroke-width="${f(u * 0.5)}" stroke-linecap="round"/>`);
  // ground, path, bushes, lamps
  svg.band(groundY, h - groundY, evening ? '#8FB996' : '#A9D18E');
  svg.add(`<path d="M${f(w * 0.42)},${f(groundY)} L${f(w * 0.58)},${f(groundY)} L${f(w * 0.75)},${h} L${f(w * 0.25)},${h} Z" fill="#EFE6DA"/>`);
  for (let k = 0; k < 14; k++) {
    const bx = (w / 13) * k + r.f(-u * 2, u * 2);
    svg.add(circle(bx, groundY + u, u * r.f(3, 5), { fill: r.pick(['#5E9C5A', '#6FAE64', '#4C8A4E']) }));
  }
  for (const lx of [w * 0.3, w * 0.7]) {
    svg.add(rect(lx - u * 0.4, groundY - u * 14, u * 0.8, u * 20, { fill: '#4A4A5A' }));
    svg.add(circle(lx, groundY - u * 14.5, u * 1.8, { fill: evening ? '#FFE08A' : '#F4F1E8' }));
    if (evening) svg.add(circle(lx, groundY - u * 14.5, u * 6, { fill: svg.glow('#FFE08A', 0.5) }));
  }
}

/** Variants alternate daytime club fair (booths) / evening stage (spotlights, audience). */
export function sceneClubs({ svg, r, p, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const night = v % 2 === 1;
  svg.fill(night ? svg.linear(['#22223B', '#4A4E69']) : svg.linear([p.bg[0], p.bg[1]]));
  if (night) {
    for (let k = 0; k < 3; k++) {
      const lx = w * (0.2 + k * 0.3);
      const c = [p.accents[0], p.accents[1], p.accents[2]][k] ?? '#fff';
      svg.add(`<path d="M${f(lx)},0 L${f(lx + w * 0.18 * (k - 1) + w * 0.14)},${f(h * 0.8)} L${f(lx + w * 0.18 * (k - 1) - w * 0.14)},${f(h * 0.8)} Z" fill="${svg.linear([c, c])}" opacity="0.22"/>`);
    }
    svg.band(h * 0.8, h * 0.2, '#2B2B40');
    for (let k = 0; k < 18; k++) {
      const hx = r.f(0, w);
      const hy = h * r.f(0.86, 0.98);
      svg.add(circle(hx, hy, u * r.f(3, 4.5), { fill: '#151525' }));
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
    svg.add(`<path d="M${f(bx)},${f(by + u * 7)} q${f(u * 2)},${f(u * 8)} ${f(-u)},${f(u * 16)}" stroke="#777" stroke-width="${f(u * 0.3)}" fill="none"/>`, ellipse(bx, by, u * 5.5, u * 7, { fill: c }), ellipse(bx - u * 1.8, by - u * 2.5, u * 1.2, u * 2, { fill: '#fff', opacity: 0.5 }));
  }
  if (!night) {
    // booth tables
    const ty = h * 0.78;
    svg.add(rect(w * 0.08, ty, w * 0.84, h * 0.12, { rx: u, fill: p.accents[3] }));
    svg.add(rect(w * 0.08, ty, w * 0.84, u * 2, { fill: shade(p.accents[3], -0.2) }));
    for (let k = 0; k < 3; k++) svg.add(rect(w * (0.15 + k * 0.25), ty - h * 0.12, w * 0.16, h * 0.12, { rx: u, fill: '#FFFFFF', stroke: p.accents[k], sw: u * 0.8 }));
  }
}

/** Cardboard box in a simple oblique view; (x, y) is its bottom-left corner. */
function box(x: number, y: number, bw: number, bh: number): string {
  const d = bw * 0.25;
  return `<path d="M${f(x)},${f(y - bh)} L${f(x + d)},${f(y - bh - d * 0.6)} L${f(x + bw + d)},${f(y - bh - d * 0.6)} L${f(x + bw)},${f(y - bh)} Z" fill="#E0B987"/><path d="M${f(x + bw)},${f(y)} L${f(x + bw)},${f(y - bh)} L${f(x + bw + d)},${f(y - bh - d * 0.6)} L${f(x + bw + d)},${f(y - d * 0.6)} Z" fill="#B98B58"/>${rect(x, y - bh, bw, bh, { fill: '#D4A373' })}${rect(x + bw * 0.42, y - bh, bw * 0.16, bh * 0.4, { fill: '#F1E3C6', opacity: 0.8 })}`;
}

/** Moving-out sale: boxes, a desk lamp, price tags and a plant. */
export function sceneMarket({ svg, r, p }: SceneCtx): void {
  const { w, h, u } = svg;
  bgGradient(svg, p, r);
  const floorY = h * 0.78;
  svg.band(floorY, h - floorY, shade(p.bg[1], -0.12));
  const bw = Math.min(w, h) * 0.3;
  svg.add(box(w * 0.1, floorY + u * 3, bw, bw * 0.8));
  svg.add(box(w * 0.1 + bw * 0.15, floorY + u * 3 - bw * 0.8 - bw * 0.15, bw * 0.75, bw * 0.6));
  svg.add(box(w * 0.5, floorY + u * 5, bw * 0.9, bw * 0.7));
  // desk lamp on the right box
  const lx = w * 0.5 + bw * 0.45;
  const ly = floorY + u * 5 - bw * 0.7 - bw * 0.18;
  svg.add(rect(lx - u * 5, ly - u * 1.2, u * 10, u * 2, { rx: u, fill: '#555' }), `<path d="M${f(lx)},${f(ly)} L${f(lx + u * 6)},${f(ly - u * 14)} L${f(lx - u * 2)},${f(ly - u * 22)}" stroke="#555" stroke-width="${f(u * 1.2)}" fill="none"/><path d="M${f(lx - u * 2)},${f(ly - u * 22)} l${f(-u * 7)},${f(u * 2)} l${f(u * 4)},${f(u * 7)} Z" fill="${p.accents[0]}"/>`);
  // price tags
  for (let k = 0; k < 2; k++) {
    const tx = k === 0 ? w * 0.62 : w * 0.18;
    const ty = k === 0 ? h * 0.22 : h * 0.3;
    const tw = u * 22;
    const th = u * 11;
    const price = r.pick(['¥15', '¥20', '¥35', '¥50', '¥9.9', '¥68', '¥120', '¥5']);
    const tag = `<path d="M${f(tx)},${f(ty)} L${f(tx + th * 0.4)},${f(ty - th / 2)} L${f(tx + tw)},${f(ty - th / 2)} L${f(tx + tw)},${f(ty + th / 2)} L${f(tx + th * 0.4)},${f(ty + th / 2)} Z" fill="${k === 0 ? '#FF2442' : p.accents[2]}"/>`;
    svg.add(rotated(r.f(-15, 15), tx, ty, tag + circle(tx + th * 0.45, ty, u * 1.1, { fill: '#FFFFFF' }) + boldCentered(tx + tw * 0.62, ty + th * 0.22, th * 0.55, '#FFFFFF', price)));
  }
  svg.add(plant(w * 0.86, floorY - u * 8, u * 16, p.accents[1], '#6BAA75'));
}

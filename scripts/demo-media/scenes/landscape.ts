/** Outdoor scenes: sky over campus, tree-lined path, mountains and lake, seaside. */
import { mix, shade } from '../color';
import type { Rand } from '../rand';
import { cloud, tree } from '../shapes';
import { circle, ellipse, f, rect } from '../svg';
import type { SceneCtx } from './types';

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

/** Sky variants cycle day / sunset / night. The disc is the sun, or the moon at night. */
const SKY_MODES = [
  { tops: ['#6EC1E4', '#7FB8F0', '#8FD3F4'], bottom: '#EAF8FF', discY: [0.12, 0.3], discR: [7, 10], disc: '#FFF1A6', halo: '#FFF1A6', haloR: 3, haloOpacity: 0.45, cloud: '#FFFFFF', cloudOpacity: undefined, hills: ['#A8D5BA', '#7DBE9C', '#4F9D7A'], night: false },
  { tops: ['#FF9A8B', '#F78CA0', '#FDA085'], bottom: '#FFE2A8', discY: [0.45, 0.58], discR: [12, 17], disc: '#FF7B54', halo: '#FF7B54', haloR: 3, haloOpacity: 0.45, cloud: '#FFE9E3', cloudOpacity: undefined, hills: ['#C97B84', '#A05A75', '#6E3B5C'], night: false },
  { tops: ['#141E46', '#1B2A49', '#23155B'], bottom: '#5B5F97', discY: [0.12, 0.3], discR: [7, 10], disc: '#FFF3C4', halo: '#FFF6D5', haloR: 2.6, haloOpacity: 0.35, cloud: '#9AA5D1', cloudOpacity: 0.25, hills: ['#3A3F74', '#2A2D5C', '#1A1B3F'], night: true },
] as const;

export function sceneSky({ svg, r, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const m = SKY_MODES[v % 3] ?? SKY_MODES[0];
  const top = r.pick(m.tops);
  svg.fill(svg.linear([top, mix(top, m.bottom, 0.55), m.bottom]));
  if (m.night) {
    for (let k = 0; k < 70; k++) {
      svg.add(circle(r.f(0, w), r.f(0, h * 0.65), r.f(0.15, 0.5) * u, { fill: '#FFFFFF', opacity: r.f(0.4, 1).toFixed(2) }));
    }
  }
  const dx = r.f(0.2, 0.8) * w;
  const dy = r.f(m.discY[0], m.discY[1]) * h;
  const dr = u * r.f(m.discR[0], m.discR[1]);
  svg.add(circle(dx, dy, dr * m.haloR, { fill: svg.glow(m.halo, m.haloOpacity) }));
  svg.add(circle(dx, dy, dr, { fill: m.disc }));
  // the crescent: a disc of sky colour over the moon
  if (m.night) svg.add(circle(dx + dr * 0.45, dy - dr * 0.25, dr * 0.85, { fill: mix(top, m.bottom, (dy / h) * 1.2) }));
  const nc = r.i(3, 6);
  for (let k = 0; k < nc; k++) {
    svg.add(cloud(r.f(-0.05, 1.05) * w, r.f(0.08, 0.5) * h, u * r.f(5, 11), m.cloud, m.cloudOpacity ?? r.f(0.7, 0.95)));
  }
  [0.68, 0.76, 0.85].forEach((b, k) => svg.add(`<path d="${hillPath(w, h, h * b, h * 0.04, r)}" fill="${m.hills[k]}"/>`));
  // a few campus roof silhouettes on the last ridge
  const bx = r.f(0.1, 0.6) * w;
  for (let k = 0; k < 3; k++) {
    const bw = u * r.f(8, 14);
    const bh = u * r.f(8, 18);
    svg.add(rect(bx + k * u * 12, h * 0.86 - bh, bw, bh + h * 0.2, { fill: shade(m.hills[2], -0.1) }));
  }
  if (!m.night) {
    // (the bound is re-drawn on every pass, as in the original drawing)
    for (let k = 0; k < r.i(2, 5); k++) {
      const x = r.f(0.1, 0.9) * w;
      const y = r.f(0.15, 0.4) * h;
      const bs = u * r.f(1.2, 2.2);
      svg.add(`<path d="M${f(x - bs)},${f(y)} q${f(bs * 0.5)},${f(-bs * 0.6)} ${f(bs)},0 q${f(bs * 0.5)},${f(-bs * 0.6)} ${f(bs)},0" stroke="#3B3B58" stroke-width="${f(u * 0.35)}" fill="none" stroke-linecap="round" opacity="0.7"/>`);
    }
  }
}

/** Tree variants cycle spring / summer / ginkgo / autumn. */
const SEASONS = [
  { sky: ['#FDE2E4', '#FFF5F7'], canopy: ['#F4A6B7', '#F7C4D2', '#EE8FA8'], ground: '#C7E3B5', leaf: '#F7C4D2' },
  { sky: ['#BDE4F4', '#F2FBFF'], canopy: ['#6AB04C', '#7BC96F', '#4E9F3D'], ground: '#A6D98B', leaf: '#7BC96F' },
  { sky: ['#FFE7C2', '#FFF8EC'], canopy: ['#F4B942', '#F7C948', '#E8A33D'], ground: '#E9D8A6', leaf: '#F7C948' },
  { sky: ['#F9D5BB', '#FFF1E6'], canopy: ['#E76F51', '#F4A261', '#D1495B'], ground: '#DDB892', leaf: '#F4A261' },
] as const;

export function sceneTrees({ svg, r, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const s = SEASONS[v % SEASONS.length] ?? SEASONS[0];
  const horizon = h * 0.5;
  svg.fill(svg.linear([s.sky[0], s.sky[1]]));
  svg.band(horizon, h - horizon, s.ground);
  const vx = w * r.f(0.45, 0.55);
  svg.add(`<path d="M${f(vx - u)},${f(horizon)} L${f(vx + u)},${f(horizon)} L${f(w * 0.78)},${h} L${f(w * 0.22)},${h} Z" fill="#F3EBDD"/>`);
  for (let k = 0; k < 12; k++) {
    const t = k / 12;
    const y = horizon + (h - horizon) * (0.05 + t * 0.9);
    svg.add(rect(vx - w * 0.28 * t - u * 0.2, y, w * 0.56 * t + u * 0.4, u * 0.4, { fill: '#E2D5C0', opacity: 0.7 }));
  }
  const n = 7;
  for (let k = n - 1; k >= 0; k--) {
    const t = k / (n - 1); // 0 near, 1 far
    const scale = 1 - t * 0.82;
    const gy = horizon + (h - horizon) * (1 - t) * 0.92 + u;
    const off = w * 0.36 * scale + u * 6 * scale;
    const size = u * 18 * scale * (h > w ? 1.3 : 1);
    for (const side of [-1, 1]) svg.add(tree(vx + side * off, gy, size, r.pick(s.canopy), '#7A5C45', r));
  }
  for (let k = 0; k < 26; k++) {
    const lx = r.f(0, w);
    const ly = r.f(0, h);
    svg.add(ellipse(lx, ly, u * 1.1, u * 0.6, { fill: s.leaf, opacity: 0.85, transform: `rotate(${f(r.f(0, 180))} ${f(lx)} ${f(ly)})` }));
  }
}

/** Variants alternate cool day / warm evening. */
export function sceneMountains({ svg, r, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const warm = v % 2 === 1;
  svg.fill(svg.linear(warm ? ['#FFB88C', '#FFD6A5', '#FFF1D0'] : ['#89C2D9', '#CAE9FF', '#F1FAFF']));
  svg.add(circle(r.f(0.2, 0.8) * w, h * 0.22, u * 8, { fill: warm ? '#FFF3B0' : '#FFFFFF', opacity: 0.9 }));
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
    svg.add(`<path d="${d} L${w},${f(lake)} Z" fill="${rg.col}"/>`);
  }
  // pines on the shore
  for (let k = 0; k < 16; k++) {
    const px = r.f(0, w);
    const ps = u * r.f(3, 6);
    svg.add(`<path d="M${f(px)},${f(lake - ps * 3)} L${f(px + ps)},${f(lake)} L${f(px - ps)},${f(lake)} Z" fill="${warm ? '#4A3552' : '#24483E'}"/>`);
  }
  svg.band(lake, h - lake, svg.linear(warm ? ['#B57C94', '#F2C6A0'] : ['#4F7CAC', '#A9D6E5']));
  for (let k = 0; k < 14; k++) {
    const ly = lake + r.f(u * 2, h - lake - u);
    const lx = r.f(0, w * 0.85);
    svg.add(rect(lx, ly, u * r.f(6, 18), u * 0.5, { rx: u * 0.25, fill: '#FFFFFF', opacity: 0.45 }));
  }
  // little boat
  const bx = r.f(0.2, 0.7) * w;
  const by = lake + (h - lake) * 0.45;
  svg.add(`<path d="M${f(bx - u * 7)},${f(by)} L${f(bx + u * 7)},${f(by)} L${f(bx + u * 5)},${f(by + u * 2.5)} L${f(bx - u * 5)},${f(by + u * 2.5)} Z" fill="#6D4C41"/><path d="M${f(bx)},${f(by - u * 9)} L${f(bx)},${f(by)} L${f(bx + u * 5)},${f(by - u * 1)} Z" fill="#FFFFFF"/>`);
}

/** Variants alternate day / sunset. */
export function sceneSeaside({ svg, r, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const sunset = v % 2 === 1;
  const horizon = h * 0.52;
  svg.add(`<rect width="${w}" height="${f(horizon)}" fill="${svg.linear(sunset ? ['#5F4B8B', '#E69A8D', '#FFD59E'] : ['#74C0FC', '#D0EBFF'])}"/>`);
  const sx = r.f(0.25, 0.75) * w;
  svg.add(circle(sx, horizon - u * 4, u * 11, { fill: sunset ? '#FFB347' : '#FFF8C4' }));
  for (let k = 0; k < 3; k++) svg.add(cloud(r.f(0, w), r.f(0.1, 0.3) * h, u * r.f(4, 8), '#FFFFFF', sunset ? 0.35 : 0.85));
  svg.band(horizon, h * 0.28, svg.linear(sunset ? ['#C0698C', '#6D597A'] : ['#3A86FF', '#4CC9F0']));
  for (let k = 0; k < 12; k++) {
    svg.add(rect(sx - u * r.f(2, 12), horizon + u * 2 + k * u * 2.2, u * r.f(4, 24), u * 0.6, { rx: u * 0.3, fill: sunset ? '#FFD59E' : '#FFFFFF', opacity: 0.5 }));
  }
  const sandY = horizon + h * 0.28;
  svg.add(`<path d="M0,${f(sandY)} Q${f(w * 0.3)},${f(sandY - u * 4)} ${f(w * 0.6)},${f(sandY)} T${w},${f(sandY)} L${w},${h} L0,${h} Z" fill="#F4D6A0"/>`);
  svg.add(`<path d="M0,${f(sandY + u)} Q${f(w * 0.3)},${f(sandY - u * 3)} ${f(w * 0.6)},${f(sandY + u)} T${w},${f(sandY + u)}" stroke="#FFFFFF" stroke-width="${f(u * 1.2)}" fill="none" opacity="0.8"/>`);
  // umbrella + shells
  const ux = w * r.f(0.6, 0.8);
  const uy = sandY + (h - sandY) * 0.55;
  svg.add(rect(ux - u * 0.5, uy - u * 22, u, u * 22, { fill: '#6D4C41', transform: `rotate(-10 ${f(ux)} ${f(uy)})` }));
  const us = u * 16;
  svg.add(`<g transform="rotate(-10 ${f(ux)} ${f(uy)})"><path d="M${f(ux - us)},${f(uy - u * 20)} A${f(us)},${f(us * 0.6)} 0 0 1 ${f(ux + us)},${f(uy - u * 20)} Z" fill="#EF476F"/><path d="M${f(ux - us * 0.35)},${f(uy - u * 20)} A${f(us * 0.4)},${f(us * 0.6)} 0 0 1 ${f(ux + us * 0.35)},${f(uy - u * 20)} Z" fill="#FFFFFF"/></g>`);
  for (let k = 0; k < 4; k++) {
    const shx = r.f(0.05, 0.5) * w;
    const shy = sandY + r.f(0.2, 0.85) * (h - sandY);
    svg.add(`<path d="M${f(shx - u * 2)},${f(shy)} A${f(u * 2)},${f(u * 2)} 0 0 1 ${f(shx + u * 2)},${f(shy)} Z" fill="${r.pick(['#FFADAD', '#FFD6A5', '#FDFFB6'])}"/>`);
  }
}

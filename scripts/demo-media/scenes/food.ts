/** Food and drink: noodle bowl / canteen tray / dumplings; milk tea / latte / mug with cookies. */
import { shade } from '../color';
import type { Rand } from '../rand';
import { bgGradient, bokeh, mug } from '../shapes';
import { circle, ellipse, f, rect, rotated, shadow, type Svg } from '../svg';
import type { SceneCtx } from './types';

/** Wooden table or checked tablecloth. */
function table(svg: Svg, r: Rand): void {
  const { w, h, u } = svg;
  if (r.chance(0.5)) {
    const wood = r.pick(['#D9B38C', '#C99E73', '#E2C29F']);
    svg.fill(wood);
    for (let y = 0; y < h; y += u * r.f(6, 12)) svg.add(rect(0, y, w, u * 0.4, { fill: shade(wood, -0.12), opacity: 0.6 }));
  } else {
    const c = r.pick(['#F28482', '#84A59D', '#5FA8D3', '#F6BD60']);
    const s = u * 8;
    svg.fill(svg.pattern('chk', s * 2, `<rect width="${f(s * 2)}" height="${f(s * 2)}" fill="#FFFDF7"/><rect width="${f(s)}" height="${f(s * 2)}" fill="${c}" opacity="0.35"/><rect width="${f(s * 2)}" height="${f(s)}" fill="${c}" opacity="0.35"/>`));
  }
}

interface Plate {
  cx: number;
  cy: number;
  R: number;
}

/** Noodle bowl seen from above: noodles in broth, eggs, beef, herbs, chopsticks. */
function noodleBowl({ svg, r, p }: SceneCtx, { cx, cy, R }: Plate): void {
  const u = svg.u;
  const rim = r.pick(['#FFFFFF', '#F2F4F7', '#E8EEF6']);
  svg.add(circle(cx + u, cy + u * 1.5, R * 1.04, shadow(0.12)));
  svg.add(circle(cx, cy, R, { fill: rim }));
  svg.add(circle(cx, cy, R * 0.93, { fill: 'none', stroke: p.accents[3], sw: u * 0.8, dash: `${f(u * 2)} ${f(u * 2)}`, opacity: 0.6 }));
  const broth = r.pick(['#E9A65B', '#D9823B', '#F3C77A', '#C8553D']);
  const inner = R * 0.82;
  svg.add(circle(cx, cy, inner, { fill: broth }));
  const clip = svg.clip(circle(cx, cy, inner));
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
    svg.add(ellipse(ex, ey, u * 7, u * 5.5, { fill: '#FFFDF7' }), circle(ex, ey, u * 3.2, { fill: '#F9A826' }));
  }
  for (let k = 0; k < 3; k++) {
    const a = eggA + Math.PI + k * 0.5;
    const mx = cx + Math.cos(a) * inner * 0.5;
    const my = cy + Math.sin(a) * inner * 0.5;
    svg.add(rect(mx - u * 5, my - u * 3, u * 10, u * 6, { rx: u * 1.5, fill: '#A0522D', transform: `rotate(${f(r.f(-30, 30))} ${f(mx)} ${f(my)})` }));
  }
  for (let k = 0; k < 18; k++) {
    const a = r.f(0, Math.PI * 2);
    const d = r.f(0, inner * 0.8);
    svg.add(circle(cx + Math.cos(a) * d, cy + Math.sin(a) * d, u * r.f(0.8, 1.4), { fill: '#5DA45A', stroke: '#CDEAC0', sw: u * 0.3 }));
  }
  for (let k = 0; k < 3; k++) {
    const a = r.f(0, Math.PI * 2);
    const lx = cx + Math.cos(a) * inner * 0.2;
    const ly = cy + Math.sin(a) * inner * 0.2;
    svg.add(ellipse(lx, ly, u * 5, u * 2, { fill: '#3E8E41', transform: `rotate(${f(r.f(0, 180))} ${f(lx)} ${f(ly)})` }));
  }
  // chopsticks
  const stick = (y: number, fill: string) => rect(cx - R * 0.2, y, R * 1.7, u * 1.6, { rx: u * 0.8, fill });
  svg.add(rotated(r.f(-35, -15), cx, cy, stick(cy - R * 1.18, '#7B4B2A') + stick(cy - R * 1.1, '#8C5A33')));
}

/** Canteen tray: three dishes, rice and a bowl of soup. */
function canteenTray({ svg, r }: SceneCtx): void {
  const { w, h, u } = svg;
  const tw = Math.min(w * 0.86, h * 1.2);
  const thh = Math.min(h * 0.7, tw * 0.72);
  const tx = (w - tw) / 2;
  const ty = (h - thh) / 2;
  const tray = r.pick(['#9FB8C8', '#B8C4A4', '#E0B4A0', '#C9C3DE']);
  svg.add(rect(tx + u, ty + u * 1.5, tw, thh, { rx: u * 4, ...shadow(0.12) }));
  svg.add(rect(tx, ty, tw, thh, { rx: u * 4, fill: tray }));
  const pad = u * 3;
  const cellW = (tw - pad * 4) / 3;
  const cellH = (thh - pad * 3) / 2;
  const cell = (x: number, y: number, cw: number) => rect(x, y, cw, cellH, { rx: u * 2.5, fill: shade(tray, -0.12) });
  const dishes = ['#E07A5F', '#81B29A', '#F2CC8F', '#A0522D', '#E9C46A', '#6A994E'];
  for (let k = 0; k < 3; k++) {
    const x = tx + pad + k * (cellW + pad);
    const y = ty + pad;
    svg.add(cell(x, y, cellW));
    const dc = r.pick(dishes);
    for (let m = 0; m < 9; m++) {
      svg.add(rect(x + r.f(u, cellW - u * 6), y + r.f(u, cellH - u * 5), u * r.f(3, 6), u * r.f(2.5, 4), { rx: u, fill: m % 3 === 0 ? shade(dc, 0.2) : dc }));
    }
  }
  const riceX = tx + pad;
  const ry = ty + pad * 2 + cellH;
  const riceW = cellW * 2 + pad;
  svg.add(cell(riceX, ry, riceW));
  svg.add(ellipse(riceX + riceW / 2, ry + cellH / 2, riceW * 0.42, cellH * 0.38, { fill: '#FFFDF5' }));
  for (let m = 0; m < 30; m++) {
    svg.add(ellipse(riceX + riceW / 2 + r.f(-riceW * 0.35, riceW * 0.35), ry + cellH / 2 + r.f(-cellH * 0.28, cellH * 0.28), u * 0.9, u * 0.45, { fill: '#EFE8D8', transform: `rotate(${f(r.f(0, 180))} ${f(riceX + riceW / 2)} ${f(ry + cellH / 2)})` }));
  }
  const sx = tx + pad * 3 + cellW * 2.5;
  const sy = ry + cellH / 2;
  const sr = Math.min(cellW, cellH) * 0.45;
  svg.add(circle(sx, sy, sr, { fill: '#FFFFFF' }), circle(sx, sy, sr * 0.8, { fill: '#F4D58D' }), circle(sx - sr * 0.2, sy - sr * 0.1, sr * 0.18, { fill: '#E76F51' }), circle(sx + sr * 0.25, sy + sr * 0.15, sr * 0.14, { fill: '#81B29A' }));
}

/** Plate of dumplings around a dish of dipping sauce. */
function dumplings({ svg, r, p }: SceneCtx, { cx, cy, R }: Plate): void {
  const u = svg.u;
  svg.add(circle(cx + u, cy + u * 1.5, R * 1.02, shadow(0.1)));
  svg.add(circle(cx, cy, R, { fill: '#FFFFFF' }), circle(cx, cy, R * 0.88, { fill: 'none', stroke: p.accents[0], sw: u * 0.7, opacity: 0.5 }));
  const n = 7;
  for (let k = 0; k < n; k++) {
    const a = (k / n) * Math.PI * 2 + r.f(-0.1, 0.1);
    const dx = cx + Math.cos(a) * R * 0.52;
    const dy = cy + Math.sin(a) * R * 0.52;
    const s = u * 7;
    svg.add(`<g transform="translate(${f(dx)},${f(dy)}) rotate(${f((a * 180) / Math.PI + 90)})"><path d="M${f(-s)},0 Q${f(-s)},${f(-s * 1.1)} 0,${f(-s * 1.1)} Q${f(s)},${f(-s * 1.1)} ${f(s)},0 Z" fill="#FBF3E4"/><path d="M${f(-s * 0.6)},${f(-s * 0.9)} q${f(s * 0.3)},${f(s * 0.3)} ${f(s * 0.6)},0 q${f(s * 0.3)},${f(s * 0.3)} ${f(s * 0.6)},0" stroke="#E8D8BC" stroke-width="${f(u * 0.5)}" fill="none"/>${rect(-s, -u * 0.5, s * 2, u * 1.6, { rx: u * 0.8, fill: '#D9A066' })}</g>`);
  }
  svg.add(circle(cx, cy, R * 0.2, { fill: '#F1F1F1' }), circle(cx, cy, R * 0.15, { fill: '#5B2C1E' }), circle(cx - R * 0.04, cy - R * 0.03, R * 0.03, { fill: '#C0392B' }));
}

/** Variants cycle noodle bowl / canteen tray / dumplings. */
export function sceneNoodles(c: SceneCtx): void {
  const { svg, r } = c;
  const { w, h, u } = svg;
  table(svg, r);
  const plate = { cx: w / 2 + r.f(-u * 5, u * 5), cy: h / 2 + r.f(-u * 5, u * 5), R: Math.min(w, h) * 0.33 };
  [noodleBowl, canteenTray, dumplings][c.v % 3]?.(c, plate);
}

/** Milk tea with pearls, lid and straw. */
function milkTea({ svg, r, p }: SceneCtx): void {
  const { w, h, u } = svg;
  const cx = w / 2;
  const ch = Math.min(h * 0.55, w * 0.9);
  const top = h / 2 - ch / 2 + u * 4;
  const tw = ch * 0.45;
  const bw = ch * 0.34;
  const tea = r.pick(['#D8A47F', '#C69C72', '#E7C6A5', '#B5838D', '#9CCC65']);
  svg.add(rect(cx + tw * 0.05, top - ch * 0.28, u * 3, ch * 0.7, { rx: u * 1.5, fill: p.accents[0], transform: `rotate(12 ${f(cx)} ${f(top)})` }));
  svg.add(`<path d="M${f(cx - tw / 2)},${f(top)} L${f(cx + tw / 2)},${f(top)} L${f(cx + bw / 2)},${f(top + ch)} L${f(cx - bw / 2)},${f(top + ch)} Z" fill="#FFFFFF" opacity="0.55"/>`);
  svg.add(`<path d="M${f(cx - tw / 2 + u)},${f(top + ch * 0.12)} L${f(cx + tw / 2 - u)},${f(top + ch * 0.12)} L${f(cx + bw / 2 - u * 0.5)},${f(top + ch - u)} L${f(cx - bw / 2 + u * 0.5)},${f(top + ch - u)} Z" fill="${svg.linear([shade(tea, 0.25), tea])}"/>`);
  for (let k = 0; k < 26; k++) {
    const py = top + ch - u * r.f(2.5, 12);
    const spread = (bw / 2 - u * 2.5) * (1 + ((top + ch - py) / ch) * 0.3);
    svg.add(circle(cx + r.f(-spread, spread), py, u * 1.8, { fill: '#3B2418' }));
  }
  svg.add(`<path d="M${f(cx - tw / 2 - u)},${f(top)} Q${f(cx)},${f(top - ch * 0.14)} ${f(cx + tw / 2 + u)},${f(top)} Z" fill="#FFFFFF" opacity="0.8"/>`);
  svg.add(rect(cx - tw / 2 - u * 1.2, top - u * 1.2, tw + u * 2.4, u * 2.4, { rx: u * 1.2, fill: '#FFFFFF' }));
  svg.add(rect(cx - tw * 0.3, top + ch * 0.45, tw * 0.6, ch * 0.14, { rx: u * 1.5, fill: '#FFFFFF', opacity: 0.85 }), circle(cx, top + ch * 0.52, ch * 0.04, { fill: p.accents[0] }));
}

/** Latte art from above, coffee beans around the saucer. */
function latte({ svg, r, p }: SceneCtx): void {
  const { w, h, u } = svg;
  const cx = w / 2;
  const cy = h / 2;
  const R = Math.min(w, h) * 0.3;
  const cup = shade(p.accents[3], 0.5);
  svg.add(circle(cx + u, cy + u * 1.5, R * 1.35, shadow(0.08)), circle(cx, cy, R * 1.35, { fill: '#FFFFFF' }), circle(cx, cy, R * 1.05, { fill: cup }));
  svg.add(`<path d="M${f(cx + R * 1.0)},${f(cy - R * 0.2)} h${f(R * 0.45)} a${f(R * 0.2)},${f(R * 0.2)} 0 0 1 0,${f(R * 0.4)} h${f(-R * 0.45)} Z" fill="${cup}"/>`);
  svg.add(circle(cx, cy, R * 0.9, { fill: '#8B5A3C' }), circle(cx, cy, R * 0.78, { fill: '#A9714B' }));
  const s = R * 0.5;
  svg.add(`<path d="M${f(cx)},${f(cy + s * 0.8)} C${f(cx - s * 1.4)},${f(cy - s * 0.1)} ${f(cx - s * 0.7)},${f(cy - s * 1.1)} ${f(cx)},${f(cy - s * 0.4)} C${f(cx + s * 0.7)},${f(cy - s * 1.1)} ${f(cx + s * 1.4)},${f(cy - s * 0.1)} ${f(cx)},${f(cy + s * 0.8)} Z" fill="#F6E7D8"/>`);
  for (let k = 0; k < 9; k++) {
    const bx = r.f(u * 5, w - u * 5);
    const by = r.f(u * 5, h - u * 5);
    if (Math.hypot(bx - cx, by - cy) < R * 1.5) continue;
    svg.add(rotated(r.f(0, 180), bx, by, `${ellipse(bx, by, u * 2.6, u * 1.8, { fill: '#5B3A29' })}<path d="M${f(bx - u * 2.2)},${f(by)} q${f(u * 2.2)},${f(-u)} ${f(u * 4.4)},0" stroke="#3A2418" stroke-width="${f(u * 0.4)}" fill="none"/>`));
  }
}

/** Steaming mug with cookies on the table. */
function mugAndCookies({ svg, r, p }: SceneCtx): void {
  const { w, h, u } = svg;
  const cx = w / 2;
  const s = Math.min(w, h) * 0.4;
  svg.add(mug(cx - s * 0.1, h / 2 - s * 0.35, s, p.accents[r.i(0, 3)] ?? '#ccc'));
  for (let k = 0; k < 3; k++) {
    const kx = cx + s * 0.55 + k * u * 4;
    const ky = h / 2 + s * 0.58 - k * u * 2;
    svg.add(circle(kx, ky, s * 0.16, { fill: '#D9A066' }));
    for (let m = 0; m < 4; m++) svg.add(circle(kx + r.f(-s * 0.09, s * 0.09), ky + r.f(-s * 0.09, s * 0.09), u * 0.9, { fill: '#4A2C1A' }));
  }
  svg.band(h / 2 + s * 0.68, h, shade(p.bg[1], -0.1));
}

/** Variants cycle milk tea / latte / mug. */
export function sceneDrinks(c: SceneCtx): void {
  const { svg, r, p } = c;
  bgGradient(svg, p, r);
  bokeh(svg, r, [p.accents[0], p.accents[1], '#FFFFFF'], 14, svg.u * 12);
  [milkTea, latte, mugAndCookies][c.v % 3]?.(c);
}

/** Desk scenes: books, stationery, exam countdown, laptop and gadgets. */
import { shade } from '../color';
import { bgGradient, bokeh, dotsPattern, gridPattern, mug, plant } from '../shapes';
import { circle, ellipse, f, line, rect, rotated, shadow, text } from '../svg';
import type { SceneCtx } from './types';

function bookSpine(x: number, baseY: number, bw: number, bh: number, color: string, tilt: number): string {
  const body = rect(x, baseY - bh, bw, bh, { rx: bw * 0.08, fill: color });
  const bands = rect(x, baseY - bh * 0.88, bw, bh * 0.05, { fill: '#fff', opacity: 0.45 }) + rect(x, baseY - bh * 0.2, bw, bh * 0.04, { fill: '#fff', opacity: 0.35 }) + rect(x + bw * 0.3, baseY - bh * 0.7, bw * 0.4, bh * 0.3, { rx: bw * 0.1, fill: '#fff', opacity: 0.25 });
  if (tilt === 0) return body + bands;
  return rotated(tilt, x + (tilt > 0 ? bw : 0), baseY, body + bands);
}

function pencil(cx: number, cy: number, len: number, angle: number, color: string): string {
  const t = len * 0.075;
  const body = len * 0.72;
  const x0 = -len / 2;
  const wood = `<path d="M${f(x0 + len * 0.85)},${f(-t / 2)} L${f(len / 2)},0 L${f(x0 + len * 0.85)},${f(t / 2)} Z" fill="#F3D3A4"/>`;
  const lead = `<path d="M${f(len / 2 - len * 0.045)},${f(-t * 0.18)} L${f(len / 2)},0 L${f(len / 2 - len * 0.045)},${f(t * 0.18)} Z" fill="#3A3A3A"/>`;
  return `<g transform="translate(${f(cx)},${f(cy)}) rotate(${f(angle)})">${rect(x0, -t / 2, len * 0.08, t, { rx: t * 0.25, fill: '#F7A7B5' })}${rect(x0 + len * 0.08, -t / 2, len * 0.05, t, { fill: '#C9CED6' })}${rect(x0 + len * 0.13, -t / 2, body, t, { fill: color })}${rect(x0 + len * 0.13, -t / 2, body, t / 3, { fill: '#fff', opacity: 0.25 })}${wood}${lead}</g>`;
}

/** Variants alternate bookshelf / stack of books with a mug or an apple. */
export function sceneBooks({ svg, r, p, v }: SceneCtx): void {
  const { w, h, u } = svg;
  bgGradient(svg, p, r);
  const colors = [...p.accents, shade(p.accents[0], -0.2), shade(p.accents[1], -0.15), '#6D597A', '#355070', '#E56B6F', '#EAAC8B'];
  if (v % 2 === 0) {
    const margin = w * 0.08;
    const shelves = h > w * 1.2 ? 4 : 3;
    const top = h * 0.1;
    const gapY = (h * 0.85 - top) / shelves;
    svg.add(rect(margin - u * 2, top - u * 2, w - 2 * margin + u * 4, gapY * shelves + u * 4, { rx: u * 2, fill: shade(p.bg[1], -0.12) }));
    for (let s = 0; s < shelves; s++) {
      const baseY = top + gapY * (s + 1);
      svg.add(rect(margin, baseY - gapY + u, w - 2 * margin, gapY - u, { fill: shade(p.bg[1], -0.05) }));
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
      svg.add(rect(margin - u * 2, baseY, w - 2 * margin + u * 4, u * 2.4, { fill: shade(p.bg[1], -0.3) }));
    }
    return;
  }
  svg.fill(dotsPattern(svg, p.ink, u * 6, u * 0.5, 0.12));
  const tableY = h * 0.78;
  svg.band(tableY, h - tableY, shade(p.accents[0], 0.35));
  let y = tableY;
  const n = r.i(5, 8);
  const cx = w * r.f(0.42, 0.55);
  for (let k = 0; k < n; k++) {
    const bw = w * r.f(0.38, 0.55) * (h > w ? 1.2 : 1);
    const bh = u * r.f(4.5, 7.5);
    const x = cx - bw / 2 + r.f(-u * 4, u * 4);
    svg.add(rect(x, y - bh, bw, bh, { rx: u * 0.8, fill: r.pick(colors) }));
    svg.add(rect(x + bw - u * 3, y - bh + u * 0.8, u * 2.4, bh - u * 1.6, { fill: '#FFF9EE' }));
    svg.add(rect(x + u * 3, y - bh * 0.62, bw * 0.35, bh * 0.24, { rx: u * 0.4, fill: '#fff', opacity: 0.4 }));
    y -= bh;
  }
  if (r.chance(0.5)) {
    svg.add(mug(cx + w * 0.3 > w - u * 8 ? cx - w * 0.3 : cx + w * 0.3, tableY - u * 14, u * 14, p.accents[1]));
  } else {
    const ay = y - u * 6;
    svg.add(circle(cx - u * 2.5, ay, u * 5.5, { fill: '#E63946' }), circle(cx + u * 2.5, ay, u * 5.5, { fill: '#D62839' }), rect(cx - u * 0.4, ay - u * 9, u * 0.8, u * 4, { fill: '#6B4226' }), ellipse(cx + u * 2.5, ay - u * 7.5, u * 2.6, u * 1.1, { fill: '#52B69A' }));
  }
}

/** Open notebook on grid paper with pencils, a ruler and sticky notes. */
export function sceneStationery({ svg, r, p }: SceneCtx): void {
  const { w, h, u } = svg;
  bgGradient(svg, p, r);
  svg.fill(gridPattern(svg, p.ink, u * 5, 0.08));
  const nw = w * 0.62;
  const nh = h * (h > w ? 0.42 : 0.6);
  const nx = (w - nw) / 2 + r.f(-u * 4, u * 4);
  const ny = (h - nh) / 2 + r.f(-u * 4, u * 4);
  const ang = r.f(-8, 8);
  const book: string[] = [
    rect(nx - u * 1.5 + u, ny - u * 1.5 + u * 1.5, nw + u * 3, nh + u * 3, { rx: u * 2, ...shadow(0.12) }),
    rect(nx - u * 1.5, ny - u * 1.5, nw + u * 3, nh + u * 3, { rx: u * 2, fill: p.accents[1] }),
    rect(nx, ny, nw, nh, { rx: u, fill: '#FFFDF8' }),
  ];
  for (let y = ny + u * 8; y < ny + nh - u * 4; y += u * 4.2) {
    book.push(line(nx + u * 4, y, nx + nw / 2 - u * 3, y, '#A7C4E0', u * 0.3), line(nx + nw / 2 + u * 3, y, nx + nw - u * 4, y, '#A7C4E0', u * 0.3));
  }
  for (let k = 0; k < 5; k++) {
    const len = (nw / 2 - u * 10) * r.f(0.5, 1);
    book.push(rect(nx + u * 5, ny + u * 8 + k * u * 4.2 - u * 1.2, len, u * 1, { rx: u * 0.5, fill: k === 0 ? p.accents[0] : '#5A6270', opacity: k === 0 ? 0.85 : 0.45 }));
  }
  book.push(rect(nx + nw / 2 + u * 5, ny + u * 10, nw * 0.3, nh * 0.3, { rx: u, fill: p.accents[3], opacity: 0.35 }));
  for (let y = ny + u * 4; y < ny + nh - u * 2; y += u * 5) book.push(ellipse(nx + nw / 2, y, u * 1.8, u * 1, { fill: 'none', stroke: '#8A8F98', sw: u * 0.6 }));
  svg.add(rotated(ang, w / 2, h / 2, book.join('')));
  const pc = [p.accents[0], p.accents[2], p.accents[3], '#F6BD60', '#5FA8D3'];
  for (let k = 0; k < 3; k++) {
    svg.add(pencil(w * r.f(0.2, 0.8), k === 0 ? h * r.f(0.08, 0.16) : h * r.f(0.82, 0.92), w * r.f(0.35, 0.5), r.f(-25, 25), r.pick(pc)));
  }
  const rx = w * r.f(0.75, 0.88);
  const ticks: string[] = [];
  for (let k = 0; k < 20; k++) ticks.push(rect(k * u * 2.5 + u, 0, u * 0.3, k % 5 === 0 ? u * 2.5 : u * 1.4, { fill: '#6B5B3E' }));
  svg.add(`<g transform="translate(${f(rx)},${f(h * 0.2)}) rotate(${f(r.f(70, 100))})"><rect width="${f(u * 52)}" height="${f(u * 6)}" rx="${f(u * 0.6)}" fill="#F9E79F" opacity="0.9"/>${ticks.join('')}</g>`);
  for (let k = 0; k < 2; k++) {
    const sx = k === 0 ? w * r.f(0.04, 0.14) : w * r.f(0.66, 0.78);
    const sy = k === 0 ? h * r.f(0.55, 0.7) : h * r.f(0.6, 0.72);
    const ss = u * r.f(14, 18);
    const sc = r.pick(['#FFF59D', '#F8BBD0', '#B2EBF2', '#C5E1A5']);
    const scribble = (y: number, len: number) => rect(sx + ss * 0.15, y, len, u * 0.8, { rx: u * 0.4, fill: '#555', opacity: 0.45 });
    svg.add(rotated(r.f(-12, 12), sx + ss / 2, sy + ss / 2, rect(sx, sy, ss, ss, { fill: sc }) + rect(sx, sy, ss, ss * 0.16, { fill: shade(sc, -0.08) }) + scribble(sy + ss * 0.35, ss * 0.6) + scribble(sy + ss * 0.55, ss * 0.45)));
  }
}

/** Exam countdown calendar under a desk lamp at night. */
export function sceneCountdown({ svg, r, p }: SceneCtx): void {
  const { w, h, u } = svg;
  svg.fill(svg.linear(['#2D3142', '#4F5D75']));
  const deskY = h * 0.74;
  const lx = w * 0.22;
  svg.add(`<path d="M${f(lx + u * 8)},${f(h * 0.2)} L${f(w * 0.95)},${f(deskY)} L${f(lx - u * 6)},${f(deskY)} Z" fill="${svg.linear(['#FFE8A3', '#FFE8A3'])}" opacity="0.18"/>`);
  svg.band(deskY, h - deskY, '#A47551');
  svg.band(deskY, u * 1.5, '#C08A5E');
  svg.add(rect(lx - u * 7, deskY - u * 2, u * 14, u * 2, { rx: u, fill: '#E5E5E5' }));
  svg.add(`<path d="M${f(lx)},${f(deskY - u * 2)} L${f(lx - u * 4)},${f(h * 0.35)} L${f(lx + u * 6)},${f(h * 0.22)}" stroke="#E5E5E5" stroke-width="${f(u * 1.4)}" fill="none"/><path d="M${f(lx + u * 2)},${f(h * 0.18)} l${f(u * 12)},${f(u * 2)} l${f(-u * 4)},${f(u * 8)} Z" fill="${p.accents[0]}"/>`);
  // calendar
  const cw = Math.min(w * 0.38, h * 0.4);
  const ch = cw * 1.05;
  const cx = w * 0.62 - cw / 2;
  const cy = deskY - ch - u * 2;
  const days = r.i(12, 180);
  svg.add(rect(cx, cy, cw, ch, { rx: u * 1.5, fill: '#FFFFFF' }), rect(cx, cy, cw, ch * 0.24, { rx: u * 1.5, fill: '#FF2442' }));
  svg.add(text(cx + cw / 2, cy + ch * 0.17, '倒计时', { 'font-size': f(ch * 0.1), 'font-weight': 700, fill: '#FFFFFF', 'text-anchor': 'middle' }));
  svg.add(text(cx + cw / 2, cy + ch * 0.72, String(days), { 'font-size': f(ch * 0.42), 'font-weight': 700, fill: '#2D3142', 'text-anchor': 'middle' }));
  svg.add(text(cx + cw / 2, cy + ch * 0.9, '天', { 'font-size': f(ch * 0.09), fill: '#6C757D', 'text-anchor': 'middle' }));
  for (let k = 0; k < 2; k++) svg.add(rect(cx + cw * (0.25 + k * 0.45), cy - u * 2, u * 1.4, u * 4, { rx: u * 0.7, fill: '#999' }));
  // paper stack + mug
  for (let k = 0; k < 6; k++) svg.add(rect(w * 0.06 + r.f(-u, u), deskY - u * (k + 1) * 1.2, w * 0.26, u * 1.2, { fill: k % 2 ? '#F8F9FA' : '#E9ECEF' }));
  svg.add(mug(w * 0.9 > w - u * 8 ? w * 0.88 : w * 0.9, deskY - u * 12, u * 11, p.accents[1]));
}

/** Laptop with code on screen, phone and earbuds; variants alternate dark / palette background. */
export function sceneTech({ svg, r, p, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const dark = v % 2 === 0;
  svg.fill(dark ? svg.linear(['#2B2D42', '#3D405B']) : svg.linear([p.bg[0], p.bg[1]]));
  if (dark) bokeh(svg, r, [p.accents[0], p.accents[1], '#8D99AE'], 10, u * 10);
  const lw = Math.min(w * 0.7, h * 0.95);
  const lh = lw * 0.62;
  const lx = (w - lw) / 2;
  const ly = h * 0.5 - lh * 0.6;
  svg.add(rect(lx, ly, lw, lh, { rx: u * 2, fill: '#C9CDD4' }));
  svg.add(rect(lx + u * 1.6, ly + u * 1.6, lw - u * 3.2, lh - u * 3.2, { rx: u, fill: '#1E1F29' }));
  const codeColors = ['#FF79C6', '#8BE9FD', '#50FA7B', '#F1FA8C', '#BD93F9', '#FFB86C'];
  for (let y = ly + u * 5; y < ly + lh - u * 5; y += u * 3.4) {
    let x = lx + u * 5 + r.i(0, 3) * u * 3;
    const parts = r.i(1, 4);
    for (let k = 0; k < parts; k++) {
      const seg = u * r.f(4, 14);
      if (x + seg > lx + lw - u * 5) break;
      svg.add(rect(x, y, seg, u * 1.4, { rx: u * 0.7, fill: r.pick(codeColors), opacity: 0.9 }));
      x += seg + u * 1.5;
    }
  }
  svg.add(`<path d="M${f(lx - u * 5)},${f(ly + lh + u * 3)} L${f(lx + lw + u * 5)},${f(ly + lh + u * 3)} L${f(lx + lw)},${f(ly + lh)} L${f(lx)},${f(ly + lh)} Z" fill="#AEB3BC"/>`);
  svg.add(rect(lx - u * 5, ly + lh + u * 3, lw + u * 10, u * 1.2, { rx: u * 0.6, fill: '#8E939C' }));
  // phone + earbuds
  const pw = u * 14;
  const ph = u * 28;
  const px = Math.min(w - pw - u * 4, lx + lw - pw * 0.4);
  const py = Math.min(h - ph - u * 2, ly + lh + u * 8);
  svg.add(rotated(r.f(-14, 14), px + pw / 2, py + ph / 2, rect(px, py, pw, ph, { rx: u * 2.4, fill: '#1C1C1E' }) + rect(px + u, py + u, pw - u * 2, ph - u * 2, { rx: u * 1.6, fill: svg.linear([p.accents[0], p.accents[1]]) }) + circle(px + pw / 2, py + ph * 0.35, pw * 0.22, { fill: '#fff', opacity: 0.7 })));
  const ex = Math.max(u * 8, lx - u * 2);
  const ey = Math.min(h - u * 10, ly + lh + u * 12);
  for (const dx of [0, u * 7]) svg.add(circle(ex + dx, ey, u * 2.8, { fill: '#F5F5F7' }), rect(ex + dx - u * 0.9, ey, u * 1.8, u * 6, { rx: u * 0.9, fill: '#F5F5F7' }));
  svg.add(`<path d="M${f(w * 0.08)},${f(h * 0.08)} q${f(w * 0.1)},${f(h * 0.05)} ${f(w * 0.2)},0" stroke="${p.accents[2]}" stroke-width="${f(u * 0.8)}" fill="none" opacity="0.5"/>`);
}

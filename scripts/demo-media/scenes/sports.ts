/** Sports grounds: running track (animated runners for the night-run video) and basketball court. */
import { shade } from '../color';
import { axis, circle, f, line, rect, shadow } from '../svg';
import type { SceneCtx } from './types';

/**
 * A rounded rectangle (x0, y0, width a, height b, corner radius rr) as a path to move along:
 * its length, and the point at distance d clockwise from the top straight's left end.
 */
function roundedRectPath(x0: number, y0: number, a: number, b: number, rr: number) {
  const sa = a - 2 * rr;
  const sb = b - 2 * rr;
  const len = 2 * sa + 2 * sb + 2 * Math.PI * rr;
  // corner centres
  const left = x0 + rr;
  const top = y0 + rr;
  const right = x0 + rr + sa;
  const bottom = y0 + rr + sb;
  const quarter = (Math.PI * rr) / 2;
  const arc = (cx: number, cy: number, a0: number) => (q: number): [number, number] => {
    const ang = a0 + q / rr;
    return [cx + rr * Math.cos(ang), cy + rr * Math.sin(ang)];
  };
  const segs: Array<[number, (q: number) => [number, number]]> = [
    [sa, (q) => [left + q, y0]],
    [quarter, arc(right, top, -Math.PI / 2)],
    [sb, (q) => [x0 + 2 * rr + sa, top + q]],
    [quarter, arc(right, bottom, 0)],
    [sa, (q) => [right - q, y0 + 2 * rr + sb]],
    [quarter, arc(left, bottom, Math.PI / 2)],
    [sb, (q) => [x0, bottom - q]],
    [quarter, arc(left, top, Math.PI)],
  ];
  const at = (d: number): [number, number] => {
    let s = ((d % len) + len) % len;
    for (const [l, fn] of segs) {
      if (s <= l) return fn(s);
      s -= l;
    }
    return [left, y0];
  };
  return { len, at };
}

const RUNNER_COLORS = ['#FFFFFF', '#FFD166', '#06D6A0', '#118AB2', '#EF476F', '#F9F871'];

export function sceneTrack({ svg, r, t }: SceneCtx): void {
  const { w, h, u } = svg;
  svg.fill('#6FAF5C');
  const vertical = h > w;
  const m = u * 7;
  const tw = w - 2 * m;
  const th = h - 2 * m;
  const rad = Math.min(tw, th) / 2;
  svg.add(rect(m, m, tw, th, { rx: rad, fill: r.pick(['#C8553D', '#B74C3A', '#D26A4C', '#3F7CAC']) }));
  const lanes = 6;
  const lw = u * 2.2;
  for (let k = 0; k <= lanes; k++) {
    const o = k * lw;
    svg.add(rect(m + o, m + o, tw - 2 * o, th - 2 * o, { rx: Math.max(0, rad - o), fill: 'none', stroke: '#FFFFFF', sw: u * 0.35, opacity: 0.85 }));
  }
  // infield: mown stripes across the long side, football pitch lines
  const io = lanes * lw + u * 0.5;
  const fx = m + io;
  const fy = m + io;
  const fw = tw - 2 * io;
  const fh = th - 2 * io;
  const frad = Math.max(0, rad - io);
  const clip = svg.clip(rect(fx, fy, fw, fh, { rx: frad }), 'fd');
  const stripe = u * 6;
  const infield: string[] = [rect(fx, fy, fw, fh, { fill: '#5EA94B' })];
  const ax = axis(vertical);
  const [along0, alongLen, across0, acrossLen] = vertical ? [fy, fh, fx, fw] : [fx, fw, fy, fh];
  for (let a = along0; a < along0 + alongLen; a += stripe * 2) infield.push(ax.rect(a, across0, stripe, acrossLen, { fill: '#6DBA58' }));
  const px = fx + (vertical ? fw * 0.12 : frad * 0.55);
  const py = fy + (vertical ? frad * 0.55 : fh * 0.12);
  const pw = fx + fw - px - (px - fx);
  const ph = fy + fh - py - (py - fy);
  infield.push(rect(px, py, pw, ph, { fill: 'none', stroke: '#fff', sw: u * 0.4, opacity: 0.9 }));
  infield.push(vertical ? line(px, py + ph / 2, px + pw, py + ph / 2, '#fff', u * 0.4) : line(px + pw / 2, py, px + pw / 2, py + ph, '#fff', u * 0.4));
  infield.push(circle(px + pw / 2, py + ph / 2, u * 7, { fill: 'none', stroke: '#fff', sw: u * 0.4 }));
  svg.add(`<g clip-path="${clip}">${infield.join('')}</g>`);
  // runners on the lanes (animated in videos)
  const nr = r.i(3, 6);
  for (let k = 0; k < nr; k++) {
    const o = r.i(0, lanes - 1) * lw + lw / 2;
    const speed = u * r.f(28, 42);
    const lane = roundedRectPath(m + o, m + o, tw - 2 * o, th - 2 * o, Math.max(0, rad - o));
    const d0 = r.f(0, lane.len);
    const [x, y] = lane.at(d0 + speed * t);
    const c = RUNNER_COLORS[k % RUNNER_COLORS.length] ?? '#fff';
    svg.add(circle(x, y, u * 3.2, { fill: svg.glow(c, 0.55) }), circle(x, y, u * 1.5, { fill: c, stroke: '#333', sw: u * 0.25 }));
  }
}

/** Basketball court; drawn along the long side of the picture. */
export function sceneCourt({ svg, r }: SceneCtx): void {
  const { w, h, u } = svg;
  const vertical = h > w;
  const floor = r.pick(['#E9A863', '#E0A96D', '#5B8DB8', '#6FA287']);
  svg.fill(shade(floor, -0.15));
  const m = u * 8;
  const cw = w - 2 * m;
  const ch = h - 2 * m;
  svg.add(rect(m, m, cw, ch, { fill: floor }));
  const ax = axis(vertical);
  // in (along, across) terms: length L down the court, width C across it
  const [L, C] = vertical ? [ch, cw] : [cw, ch];
  for (let k = 0; k < C; k += u * 3.5) svg.add(ax.rect(m, m + k, L, u * 0.25, { fill: shade(floor, -0.08) }));
  const lineStyle = `stroke="#FFFFFF" stroke-width="${f(u * 0.6)}" fill="none"`;
  svg.add(`<rect x="${f(m)}" y="${f(m)}" width="${f(cw)}" height="${f(ch)}" ${lineStyle}/>`);
  const cx = w / 2;
  const cy = h / 2;
  const [midA, midC] = vertical ? [cy, cx] : [cx, cy];
  const keyColor = shade(floor, -0.25);
  const [x1, y1] = ax.xy(midA, m);
  const [x2, y2] = ax.xy(midA, m + C);
  svg.add(`<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" ${lineStyle}/>`);
  for (const end of [0, 1]) {
    const edge = end === 0 ? m : m + L;
    const dir = end === 0 ? 1 : -1;
    const sweep = vertical === (end === 0) ? 0 : 1;
    svg.add(ax.rect(end === 0 ? edge : edge - L * 0.2, midC - C * 0.17, L * 0.2, C * 0.34, { fill: keyColor, stroke: '#fff', sw: u * 0.6 }));
    const inner = edge + dir * L * 0.1;
    svg.add(`<path d="M${ax.pt(edge, m + C * 0.06)} L${ax.pt(inner, m + C * 0.06)} A${f(C * 0.44)},${f(C * 0.44)} 0 0 ${sweep} ${ax.pt(inner, m + C * 0.94)} L${ax.pt(edge, m + C * 0.94)}" ${lineStyle}/>`);
  }
  svg.add(circle(cx, cy, u * 9, { fill: keyColor, stroke: '#fff', sw: u * 0.6 }));
  // ball
  const bx = cx + r.f(-cw * 0.25, cw * 0.25);
  const by = cy + r.f(-ch * 0.25, ch * 0.25);
  const br = u * 6;
  svg.add(circle(bx + u, by + u * 1.2, br, shadow(0.18)), circle(bx, by, br, { fill: '#F28C28' }));
  svg.add(`<path d="M${f(bx - br)},${f(by)} L${f(bx + br)},${f(by)} M${f(bx)},${f(by - br)} L${f(bx)},${f(by + br)} M${f(bx - br * 0.7)},${f(by - br * 0.7)} Q${f(bx - br * 0.2)},${f(by)} ${f(bx - br * 0.7)},${f(by + br * 0.7)} M${f(bx + br * 0.7)},${f(by - br * 0.7)} Q${f(bx + br * 0.2)},${f(by)} ${f(bx + br * 0.7)},${f(by + br * 0.7)}" stroke="#3A2A1A" stroke-width="${f(u * 0.45)}" fill="none"/>`);
}

/** Hobby scenes: music (vinyl / guitar / headphones), fashion (rack / flat lay), camera (body / polaroids). */
import { mix, shade } from '../color';
import { bgGradient, bokeh, dotsPattern } from '../shapes';
import { circle, ellipse, f, line, rect, rotated, shadow } from '../svg';
import type { SceneCtx } from './types';

function musicNote(x: number, y: number, s: number, color: string, double: boolean): string {
  const head = (hx: number, hy: number, stemTop: number) => ellipse(hx, hy, s * 0.32, s * 0.24, { fill: color, transform: `rotate(-20 ${f(hx)} ${f(hy)})` }) + rect(hx + s * 0.26, stemTop, s * 0.08, s * 1.1, { fill: color });
  const first = head(x, y, y - s * 1.1);
  if (!double) return `${first}<path d="M${f(x + s * 0.3)},${f(y - s * 1.1)} q${f(s * 0.4)},${f(s * 0.2)} ${f(s * 0.35)},${f(s * 0.6)}" stroke="${color}" stroke-width="${f(s * 0.1)}" fill="none"/>`;
  const x2 = x + s * 0.8;
  return `${first}${head(x2, y - s * 0.15, y - s * 1.25)}<path d="M${f(x + s * 0.3)},${f(y - s * 1.1)} L${f(x2 + s * 0.34)},${f(y - s * 1.25)}" stroke="${color}" stroke-width="${f(s * 0.18)}"/>`;
}

/** Variants cycle vinyl / guitar / headphones. */
export function sceneMusic({ svg, r, p, v }: SceneCtx): void {
  const { w, h, u } = svg;
  const mode = v % 3;
  svg.fill(svg.diagonal([mix(p.accents[3], '#1A1A2E', 0.55), mix(p.accents[0], '#1A1A2E', 0.35)]));
  bokeh(svg, r, [p.accents[1], p.accents[2], '#FFFFFF'], 12, u * 9);
  const cx = w / 2;
  const cy = h / 2;
  if (mode === 0) {
    const R = Math.min(w, h) * 0.32;
    svg.add(circle(cx, cy, R, { fill: '#161616' }));
    for (let k = 1; k < 9; k++) svg.add(circle(cx, cy, R * (0.4 + k * 0.065), { fill: 'none', stroke: '#2E2E2E', sw: u * 0.35 }));
    svg.add(`<path d="M${f(cx - R * 0.7)},${f(cy - R * 0.5)} A${f(R * 0.86)},${f(R * 0.86)} 0 0 1 ${f(cx + R * 0.1)},${f(cy - R * 0.85)}" stroke="#FFFFFF" stroke-width="${f(u * 1.2)}" fill="none" opacity="0.18"/>`);
    svg.add(circle(cx, cy, R * 0.32, { fill: p.accents[0] }), circle(cx, cy, R * 0.04, { fill: '#EEE' }));
    svg.add(`<path d="M${f(cx + R * 1.05)},${f(cy - R * 0.95)} L${f(cx + R * 0.9)},${f(cy - R * 0.1)} L${f(cx + R * 0.45)},${f(cy + R * 0.2)}" stroke="#D9D9D9" stroke-width="${f(u * 1.4)}" fill="none" stroke-linecap="round"/>`, circle(cx + R * 1.05, cy - R * 0.95, u * 3, { fill: '#BDBDBD' }));
  } else if (mode === 1) {
    const s = Math.min(w, h) * 0.22;
    const body = p.accents[r.i(0, 2)] ?? '#D4A373';
    const strings = [-0.08, -0.03, 0.02, 0.07].map((d) => line(cx + d * s, cy - s * 2.6, cx + d * s, cy + s * 1.25, '#EEE', u * 0.2)).join('');
    svg.add(rotated(-35, cx, cy, rect(cx - s * 0.12, cy - s * 2.6, s * 0.24, s * 2.2, { fill: '#6B4226' }) + rect(cx - s * 0.2, cy - s * 3, s * 0.4, s * 0.5, { rx: s * 0.08, fill: '#4A2C1A' }) + circle(cx, cy + s * 0.15, s * 0.72, { fill: body }) + circle(cx, cy + s * 0.95, s * 0.9, { fill: body }) + circle(cx, cy + s * 0.45, s * 0.26, { fill: '#2B1B12' }) + rect(cx - s * 0.3, cy + s * 1.2, s * 0.6, s * 0.1, { fill: '#2B1B12' }) + strings));
  } else {
    // headphones over an equaliser
    const bars = 16;
    const bw = (w * 0.8) / bars;
    for (let k = 0; k < bars; k++) {
      const bh = h * r.f(0.08, 0.35);
      svg.add(rect(w * 0.1 + k * bw + bw * 0.15, h * 0.88 - bh, bw * 0.7, bh, { rx: bw * 0.2, fill: k % 2 ? p.accents[1] : p.accents[2], opacity: 0.8 }));
    }
    const R = Math.min(w, h) * 0.26;
    const hy = h * 0.42;
    svg.add(`<path d="M${f(cx - R)},${f(hy + R * 0.2)} A${f(R)},${f(R)} 0 0 1 ${f(cx + R)},${f(hy + R * 0.2)}" stroke="#F5F5F5" stroke-width="${f(u * 3)}" fill="none" stroke-linecap="round"/>`);
    for (const side of [-1, 1]) {
      svg.add(rect(cx + side * R - R * 0.22, hy, R * 0.44, R * 0.7, { rx: R * 0.2, fill: p.accents[0] }), rect(cx + side * R - R * 0.12 + side * R * 0.12, hy + R * 0.1, R * 0.12, R * 0.5, { rx: R * 0.06, fill: '#FFFFFF', opacity: 0.35 }));
    }
  }
  for (let k = 0; k < 4; k++) svg.add(musicNote(r.f(0.1, 0.85) * w, r.f(0.15, 0.85) * h, u * r.f(6, 10), r.pick(['#FFFFFF', p.accents[1], p.accents[2]]), r.chance(0.5)));
}

// Garments, centred on (cx, cy) and s tall.
function tshirt(cx: number, cy: number, s: number, color: string): string {
  return `<path d="M${f(cx - s * 0.25)},${f(cy - s * 0.5)} Q${f(cx)},${f(cy - s * 0.35)} ${f(cx + s * 0.25)},${f(cy - s * 0.5)} L${f(cx + s * 0.62)},${f(cy - s * 0.3)} L${f(cx + s * 0.5)},${f(cy - s * 0.05)} L${f(cx + s * 0.38)},${f(cy - s * 0.12)} L${f(cx + s * 0.38)},${f(cy + s * 0.5)} L${f(cx - s * 0.38)},${f(cy + s * 0.5)} L${f(cx - s * 0.38)},${f(cy - s * 0.12)} L${f(cx - s * 0.5)},${f(cy - s * 0.05)} L${f(cx - s * 0.62)},${f(cy - s * 0.3)} Z" fill="${color}"/>`;
}
function dress(cx: number, cy: number, s: number, color: string): string {
  return `<path d="M${f(cx - s * 0.18)},${f(cy - s * 0.5)} L${f(cx + s * 0.18)},${f(cy - s * 0.5)} L${f(cx + s * 0.22)},${f(cy - s * 0.1)} L${f(cx + s * 0.5)},${f(cy + s * 0.6)} L${f(cx - s * 0.5)},${f(cy + s * 0.6)} L${f(cx - s * 0.22)},${f(cy - s * 0.1)} Z" fill="${color}"/>${rect(cx - s * 0.23, cy - s * 0.12, s * 0.46, s * 0.07, { fill: shade(color, -0.2) })}`;
}
function pants(cx: number, cy: number, s: number, color: string): string {
  return `<path d="M${f(cx - s * 0.3)},${f(cy - s * 0.5)} L${f(cx + s * 0.3)},${f(cy - s * 0.5)} L${f(cx + s * 0.36)},${f(cy + s * 0.6)} L${f(cx + s * 0.06)},${f(cy + s * 0.6)} L${f(cx)},${f(cy - s * 0.1)} L${f(cx - s * 0.06)},${f(cy + s * 0.6)} L${f(cx - s * 0.36)},${f(cy + s * 0.6)} Z" fill="${color}"/>${line(cx - s * 0.3, cy - s * 0.4, cx + s * 0.3, cy - s * 0.4, shade(color, -0.2), s * 0.03)}`;
}
/** Side view, toe to the right; (x, y) is the heel on the ground. */
function sneaker(x: number, y: number, s: number, color: string): string {
  return `<path d="M${f(x)},${f(y)} L${f(x)},${f(y - s * 0.35)} Q${f(x + s * 0.1)},${f(y - s * 0.5)} ${f(x + s * 0.3)},${f(y - s * 0.4)} L${f(x + s * 0.55)},${f(y - s * 0.2)} Q${f(x + s)},${f(y - s * 0.2)} ${f(x + s)},${f(y)} Z" fill="${color}"/>${rect(x - s * 0.02, y - s * 0.06, s * 1.04, s * 0.12, { rx: s * 0.05, fill: '#FFFFFF' })}<path d="M${f(x + s * 0.3)},${f(y - s * 0.35)} l${f(s * 0.1)},${f(s * 0.1)} M${f(x + s * 0.4)},${f(y - s * 0.3)} l${f(s * 0.1)},${f(s * 0.1)}" stroke="#FFF" stroke-width="${f(s * 0.03)}"/>`;
}

/** Variants alternate clothes rack / flat lay. */
export function sceneFashion({ svg, r, p, v }: SceneCtx): void {
  const { w, h, u } = svg;
  bgGradient(svg, p, r);
  const cols = [p.accents[0], p.accents[1], p.accents[2], p.accents[3], '#F1FAEE', '#264653', '#E9C46A'];
  if (v % 2 === 0) {
    const barY = h * 0.22;
    svg.add(rect(w * 0.06, barY - u, w * 0.88, u * 1.6, { rx: u * 0.8, fill: '#6D6875' }));
    svg.add(rect(w * 0.08, barY, u * 1.4, h * 0.72, { fill: '#6D6875' }), rect(w * 0.92 - u * 1.4, barY, u * 1.4, h * 0.72, { fill: '#6D6875' }));
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
    return;
  }
  svg.fill(dotsPattern(svg, p.ink, u * 7, u * 0.6, 0.1));
  const s = Math.min(w, h) * 0.5;
  svg.add(tshirt(w * 0.38, h * 0.36, s, r.pick(cols)));
  svg.add(pants(w * 0.68, h * 0.6, s * 0.9, r.pick(['#3D5A80', '#5C677D', '#A3B18A', '#D4A373'])));
  svg.add(sneaker(w * 0.18, h * 0.86, s * 0.36, r.pick(cols)));
  svg.add(sneaker(w * 0.34, h * 0.9, s * 0.36, r.pick(cols)));
  // sunglasses
  const gx = w * 0.72;
  const gy = h * 0.18;
  svg.add(circle(gx - u * 5, gy, u * 4, { fill: '#2B2D42' }), circle(gx + u * 5, gy, u * 4, { fill: '#2B2D42' }), `<path d="M${f(gx - u * 1.2)},${f(gy - u * 0.5)} q${f(u * 1.2)},${f(-u * 1.2)} ${f(u * 2.4)},0" stroke="#2B2D42" stroke-width="${f(u * 0.8)}" fill="none"/>`);
  // cap
  const kx = w * 0.2;
  const ky = h * 0.2;
  const capColor = r.pick(cols);
  svg.add(`<path d="M${f(kx - u * 9)},${f(ky + u * 3)} A${f(u * 9)},${f(u * 8)} 0 0 1 ${f(kx + u * 9)},${f(ky + u * 3)} Z" fill="${capColor}"/>`, ellipse(kx + u * 9, ky + u * 3, u * 7, u * 1.6, { fill: shade(capColor, -0.2) }));
}

/** Variants alternate camera body / three polaroids. */
export function sceneCamera({ svg, r, p, v }: SceneCtx): void {
  const { w, h, u } = svg;
  svg.fill(svg.diagonal([shade(p.accents[3], -0.2), shade(p.accents[0], -0.05)]));
  bokeh(svg, r, ['#FFFFFF', p.accents[1], p.accents[2]], 22, u * 10);
  if (v % 2 === 0) {
    const bw = Math.min(w * 0.7, h * 0.9);
    const bh = bw * 0.62;
    const bx = (w - bw) / 2;
    const by = (h - bh) / 2 + u * 3;
    const body = r.pick(['#2B2D42', '#3A3A3A', '#ECE6DA']);
    const light = body === '#ECE6DA';
    svg.add(rect(bx + bw * 0.15, by - bh * 0.16, bw * 0.3, bh * 0.2, { rx: u * 1.5, fill: body }));
    svg.add(rect(bx + bw * 0.72, by - bh * 0.1, bw * 0.12, bh * 0.12, { rx: u, fill: p.accents[0] }));
    svg.add(rect(bx, by, bw, bh, { rx: u * 4, fill: body }));
    svg.add(rect(bx, by + bh * 0.18, bw, bh * 0.64, { fill: shade(body, light ? -0.1 : 0.08) }));
    const lx = bx + bw / 2;
    const ly = by + bh / 2;
    const lr = bh * 0.4;
    svg.add(circle(lx, ly, lr, { fill: light ? '#3A3A3A' : '#C9CDD4' }), circle(lx, ly, lr * 0.8, { fill: '#1B1B1B' }), circle(lx, ly, lr * 0.6, { fill: svg.radial('#3A86FF', '#0B132B', 0.9, 1) }), circle(lx, ly, lr * 0.28, { fill: '#0B0B12' }), circle(lx - lr * 0.22, ly - lr * 0.22, lr * 0.1, { fill: '#FFFFFF', opacity: 0.8 }));
    svg.add(rect(bx + bw * 0.06, by + bh * 0.05, bw * 0.12, bh * 0.08, { rx: u * 0.6, fill: '#FFFFFF', opacity: 0.8 }));
    return;
  }
  const skies = [['#FFAFCC', '#FFC8DD'], ['#A2D2FF', '#BDE0FE'], ['#FFD6A5', '#FDFFB6'], ['#CAFFBF', '#9BF6FF']] as const;
  for (let k = 0; k < 3; k++) {
    const pw = Math.min(w, h) * 0.42;
    const ph = pw * 1.2;
    const px = w * (0.28 + k * 0.22) - pw / 2;
    const py = h * (0.38 + (k % 2) * 0.16) - ph / 2;
    const a = r.f(-14, 14);
    const sky = r.pick(skies);
    const photo = rect(px + pw * 0.07, py + pw * 0.07, pw * 0.86, pw * 0.86, { fill: svg.linear([sky[0], sky[1]]) }) + circle(px + pw * 0.65, py + pw * 0.35, pw * 0.1, { fill: '#FFF' }) + `<path d="M${f(px + pw * 0.07)},${f(py + pw * 0.93)} L${f(px + pw * 0.35)},${f(py + pw * 0.55)} L${f(px + pw * 0.55)},${f(py + pw * 0.75)} L${f(px + pw * 0.7)},${f(py + pw * 0.6)} L${f(px + pw * 0.93)},${f(py + pw * 0.93)} Z" fill="${shade(sky[0], -0.35)}"/>`;
    svg.add(rotated(a, px + pw / 2, py + ph / 2, rect(px + u, py + u * 1.5, pw, ph, shadow(0.15)) + rect(px, py, pw, ph, { fill: '#FFFEFA' }) + photo));
  }
}

/** Reusable drawn objects and backgrounds shared by several scenes and the videos. */
import { shade, type Palette } from './color';
import type { Rand } from './rand';
import { circle, ellipse, f, rect, type Svg } from './svg';

export function cloud(x: number, y: number, s: number, fill: string, opacity: number): string {
  return `<g fill="${fill}" opacity="${opacity}">${ellipse(x, y, s * 1.6, s * 0.55)}${circle(x - s * 0.6, y - s * 0.25, s * 0.55)}${circle(x + s * 0.2, y - s * 0.45, s * 0.75)}${circle(x + s * 0.9, y - s * 0.15, s * 0.5)}</g>`;
}

export function tree(x: number, groundY: number, s: number, canopy: string, trunk: string, r: Rand): string {
  const th = s * 1.3;
  const parts = [rect(x - s * 0.09, groundY - th, s * 0.18, th, { rx: s * 0.05, fill: trunk })];
  const cy = groundY - th - s * 0.35;
  const blobs = [
    [0, 0, 0.75],
    [-0.45, 0.25, 0.5],
    [0.45, 0.22, 0.52],
    [0, -0.45, 0.5],
  ] as const;
  blobs.forEach(([dx, dy, rr], k) => {
    const c = k === 3 ? shade(canopy, 0.12) : k === 0 ? canopy : shade(canopy, -0.06 + r.f(0, 0.1));
    parts.push(circle(x + dx * s, cy + dy * s, rr * s, { fill: c }));
  });
  return parts.join('');
}

export function plant(x: number, y: number, s: number, pot: string, leaf: string): string {
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
    parts.push(ellipse(0, -s * 0.45 * l, s * 0.14, s * 0.45 * l, { fill: a % 2 === 0 ? leaf : shade(leaf, -0.12), transform: `translate(${f(x)},${f(y)}) rotate(${a})` }));
  }
  parts.push(`<path d="M${f(x - s * 0.35)},${f(y)} L${f(x + s * 0.35)},${f(y)} L${f(x + s * 0.27)},${f(y + s * 0.55)} L${f(x - s * 0.27)},${f(y + s * 0.55)} Z" fill="${pot}"/>`);
  parts.push(rect(x - s * 0.39, y - s * 0.04, s * 0.78, s * 0.12, { rx: s * 0.04, fill: shade(pot, -0.12) }));
  return parts.join('');
}

/** Coffee mug with steam, seen from the side; (x, y) is the middle of the rim. */
export function mug(x: number, y: number, s: number, color: string): string {
  const parts: string[] = [];
  for (let k = 0; k < 3; k++) {
    const sx = x - s * 0.25 + k * s * 0.25;
    parts.push(
      `<path d="M${f(sx)},${f(y - s * 0.1)} q${f(s * 0.12)},${f(-s * 0.18)} 0,${f(-s * 0.35)} q${f(-s * 0.12)},${f(-s * 0.18)} 0,${f(-s * 0.35)}" stroke="#fff" stroke-width="${f(s * 0.05)}" fill="none" stroke-linecap="round" opacity="0.8"/>`,
    );
  }
  parts.push(`<path d="M${f(x + s * 0.42)},${f(y + s * 0.2)} a${f(s * 0.22)},${f(s * 0.22)} 0 1 1 0,${f(s * 0.44)}" stroke="${shade(color, -0.15)}" stroke-width="${f(s * 0.09)}" fill="none"/>`);
  parts.push(rect(x - s * 0.45, y, s * 0.9, s, { rx: s * 0.14, fill: color }));
  parts.push(ellipse(x, y + s * 0.04, s * 0.4, s * 0.07, { fill: '#6F4E37' }));
  parts.push(rect(x - s * 0.3, y + s * 0.15, s * 0.12, s * 0.7, { rx: s * 0.06, fill: '#fff', opacity: 0.22 }));
  return parts.join('');
}

export function dotsPattern(svg: Svg, color: string, spacing: number, r: number, opacity: number): string {
  return svg.pattern('pt', spacing, circle(spacing / 2, spacing / 2, r, { fill: color, opacity }));
}

export function gridPattern(svg: Svg, color: string, spacing: number, opacity: number): string {
  return svg.pattern('pt', spacing, `<path d="M${f(spacing)},0 L0,0 L0,${f(spacing)}" stroke="${color}" stroke-width="1.2" fill="none" opacity="${opacity}"/>`);
}

/** The palette's two background colours, vertical or (by chance) diagonal. */
export function bgGradient(svg: Svg, p: Palette, r: Rand): void {
  const diag = r.chance(0.5);
  svg.fill(svg.linear([p.bg[0], p.bg[1]], true, diag ? { x1: 0, y1: 0, x2: 1, y2: 1 } : undefined));
}

/** Soft out-of-focus discs scattered over the frame. */
export function bokeh(svg: Svg, r: Rand, colors: readonly string[], n: number, maxR: number): void {
  for (let k = 0; k < n; k++) {
    svg.add(circle(r.f(0, svg.w), r.f(0, svg.h), r.f(maxR * 0.3, maxR), { fill: r.pick(colors), opacity: r.f(0.12, 0.35).toFixed(2) }));
  }
}

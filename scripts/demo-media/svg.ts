/**
 * SVG document builder and element primitives. Numbers in coordinates go through f()
 * (one decimal), so the text (and therefore every rendered file) is stable.
 */

/** fontconfig family for all text; captions are rasterised, no font is shipped. */
const FONT = "'Noto Sans CJK SC', 'Noto Sans CJK', sans-serif";

/** A number rounded to one decimal, as written into the SVG. */
export function f(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Approximate advance width of a string in em (CJK full width, Latin about half). */
export function textEm(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x2e80 || (c >= 0xff00 && c <= 0xffef)) w += 1;
    else if (ch === ' ') w += 0.3;
    else w += 0.58;
  }
  return w;
}

/** Presentation attributes, always written in this order after the geometry. */
export interface Paint {
  fill?: string;
  stroke?: string;
  /** stroke-width */
  sw?: number;
  /** stroke-dasharray */
  dash?: string;
  opacity?: number | string;
  transform?: string;
}

function paint(p: Paint): string {
  let s = '';
  if (p.fill !== undefined) s += ` fill="${p.fill}"`;
  if (p.stroke !== undefined) s += ` stroke="${p.stroke}"`;
  if (p.sw !== undefined) s += ` stroke-width="${f(p.sw)}"`;
  if (p.dash !== undefined) s += ` stroke-dasharray="${p.dash}"`;
  if (p.opacity !== undefined) s += ` opacity="${p.opacity}"`;
  if (p.transform !== undefined) s += ` transform="${p.transform}"`;
  return s;
}

/** Paint for a drop shadow below a shape. */
export const shadow = (opacity: number): Paint => ({ fill: '#000', opacity });

export function rect(x: number, y: number, w: number, h: number, p: Paint & { rx?: number } = {}): string {
  const rx = p.rx === undefined ? '' : ` rx="${f(p.rx)}"`;
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx}${paint(p)}/>`;
}

export function circle(cx: number, cy: number, r: number, p: Paint = {}): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${paint(p)}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, p: Paint = {}): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}"${paint(p)}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, sw: number): string {
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(sw)}"/>`;
}

/** `<g transform="rotate(deg cx cy)">` around some content. */
export function rotated(deg: number, cx: number, cy: number, content: string): string {
  return `<g transform="rotate(${f(deg)} ${f(cx)} ${f(cy)})">${content}</g>`;
}

/** Text in FONT; attrs are written in the given order after x, y and font-family. */
export function text(x: number, y: number, content: string, attrs: Record<string, string | number>): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  return `<text x="${f(x)}" y="${f(y)}" font-family="${FONT}"${a}>${esc(content)}</text>`;
}

/** Bold text centred on x (labels, stickers, captions). */
export function boldCentered(x: number, y: number, size: number, fill: string, content: string): string {
  return text(x, y, content, { 'font-weight': 700, 'font-size': f(size), fill, 'text-anchor': 'middle' });
}

/**
 * Maps (along, across) coordinates to (x, y) so that one drawing serves both orientations:
 * `along` runs down the picture when vertical, and to the right otherwise.
 */
export function axis(vertical: boolean) {
  const xy = (a: number, c: number): [number, number] => (vertical ? [c, a] : [a, c]);
  return {
    xy,
    /** "x,y" of a point, for path data. */
    pt: (a: number, c: number): string => xy(a, c).map(f).join(','),
    rect: (a: number, c: number, aLen: number, cLen: number, p: Paint & { rx?: number } = {}): string =>
      vertical ? rect(c, a, cLen, aLen, p) : rect(a, c, aLen, cLen, p),
  };
}

export class Svg {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  private n = 0;

  constructor(
    readonly w: number,
    readonly h: number,
  ) {}

  /** One hundredth of the shorter side: the unit scenes are drawn in. */
  get u(): number {
    return Math.min(this.w, this.h) / 100;
  }

  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  add(...parts: string[]): void {
    this.body.push(...parts);
  }

  /** Fills the whole frame. */
  fill(fill: string, opacity?: number): void {
    this.add(`<rect width="${this.w}" height="${this.h}" fill="${fill}"${opacity === undefined ? '' : ` opacity="${opacity}"`}/>`);
  }

  /** A full-width band starting at y. */
  band(y: number, height: number, fill: string): void {
    this.add(`<rect x="0" y="${f(y)}" width="${this.w}" height="${f(height)}" fill="${fill}"/>`);
  }

  linear(stops: readonly string[], vertical = true, angle?: { x1: number; y1: number; x2: number; y2: number }): string {
    const id = this.id('lg');
    const a = angle ?? (vertical ? { x1: 0, y1: 0, x2: 0, y2: 1 } : { x1: 0, y1: 0, x2: 1, y2: 0 });
    const st = stops.map((c, k) => `<stop offset="${(k / Math.max(1, stops.length - 1)).toFixed(3)}" stop-color="${c}"/>`).join('');
    this.defs.push(`<linearGradient id="${id}" x1="${a.x1}" y1="${a.y1}" x2="${a.x2}" y2="${a.y2}">${st}</linearGradient>`);
    return `url(#${id})`;
  }

  /** Top-left to bottom-right gradient. */
  diagonal(stops: readonly string[]): string {
    return this.linear(stops, true, { x1: 0, y1: 0, x2: 1, y2: 1 });
  }

  radial(inner: string, outer: string, innerOpacity = 1, outerOpacity = 0): string {
    const id = this.id('rg');
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="1" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A glow: radial gradient of one colour fading out. */
  glow(color: string, opacity: number): string {
    return this.radial(color, color, opacity, 0);
  }

  clip(shape: string, prefix = 'cp'): string {
    const id = this.id(prefix);
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** A square user-space pattern tile. */
  pattern(prefix: string, size: number, tile: string): string {
    const id = this.id(prefix);
    this.defs.push(`<pattern id="${id}" width="${f(size)}" height="${f(size)}" patternUnits="userSpaceOnUse">${tile}</pattern>`);
    return `url(#${id})`;
  }

  toString(extraDefs = '', extraBody = ''): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}${extraDefs}</defs>${this.body.join('')}${extraBody}</svg>`;
  }
}

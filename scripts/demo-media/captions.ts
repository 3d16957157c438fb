/** Caption overlays drawn into the pictures and videos. */
import { luminance, type Palette } from './color';
import type { Rand } from './rand';
import { boldCentered, f, rect, rotated, shadow, text, textEm, type Svg } from './svg';

export const CaptionStyle = {
  /** Frosted pill at the bottom. */
  Pill: 0,
  /** Large headline at the top left. */
  Headline: 1,
  /** Tilted sticker in a corner. */
  Sticker: 2,
} as const;
export type CaptionStyle = (typeof CaptionStyle)[keyof typeof CaptionStyle];

/** Where a headline goes; the generator measures the background there to choose the text colour. */
export function headlineBox(w: number, h: number, caption: string): { x: number; y: number; fs: number; width: number } {
  const u = Math.min(w, h) / 100;
  const fs = Math.min(u * 9, (w * 0.84) / textEm(caption));
  return { x: u * 7, y: u * 7 + fs, fs, width: textEm(caption) * fs };
}

function pill(svg: Svg, caption: string, p: Palette): void {
  const { w, h, u } = svg;
  const em = textEm(caption);
  const fs = Math.min(u * 6.4, (w * 0.8) / em);
  const pw = em * fs + fs * 1.6;
  const ph = fs * 1.9;
  const x = (w - pw) / 2;
  const y = h - ph - u * 6;
  svg.add(rect(x, y + u * 0.6, pw, ph, { rx: ph / 2, ...shadow(0.12) }) + rect(x, y, pw, ph, { rx: ph / 2, fill: '#FFFFFF', opacity: 0.9 }));
  svg.add(boldCentered(w / 2, y + ph / 2 + fs * 0.36, fs, p.ink, caption));
}

/** darkText: the background behind the headline is light, so write it in the palette's ink. */
function headline(svg: Svg, caption: string, p: Palette, darkText: boolean): void {
  const { x, y, fs } = headlineBox(svg.w, svg.h, caption);
  svg.add(text(x + fs * 0.05, y + fs * 0.06, caption, { 'font-weight': 900, 'font-size': f(fs), fill: darkText ? '#FFFFFF' : '#000000', opacity: darkText ? 0.6 : 0.25 }));
  svg.add(text(x, y, caption, { 'font-weight': 900, 'font-size': f(fs), fill: darkText ? p.ink : '#FFFFFF' }));
  svg.add(rect(x, y + fs * 0.35, fs * 1.6, fs * 0.14, { rx: fs * 0.07, fill: p.accents[0] }));
}

function sticker(svg: Svg, caption: string, r: Rand, p: Palette): void {
  const { w, h, u } = svg;
  const em = textEm(caption);
  const fs = Math.min(u * 6, (w * 0.7) / em);
  const pw = em * fs + fs * 1.4;
  const ph = fs * 1.8;
  const x = r.chance(0.5) ? u * 6 : w - pw - u * 6;
  const y = r.chance(0.5) ? u * 8 : h - ph - u * 10;
  const bg = luminance(p.accents[0]) > 0.7 ? p.ink : p.accents[0];
  svg.add(rotated(r.f(-5, 5), x + pw / 2, y + ph / 2, rect(x + u * 0.8, y + u * 0.8, pw, ph, { rx: u * 1.5, ...shadow(0.18) }) + rect(x, y, pw, ph, { rx: u * 1.5, fill: bg }) + boldCentered(x + pw / 2, y + ph / 2 + fs * 0.36, fs, '#FFFFFF', caption)));
}

export function addCaption(svg: Svg, caption: string, r: Rand, p: Palette, style: CaptionStyle, darkText = false): void {
  if (style === CaptionStyle.Pill) pill(svg, caption, p);
  else if (style === CaptionStyle.Headline) headline(svg, caption, p, darkText);
  else sticker(svg, caption, r, p);
}

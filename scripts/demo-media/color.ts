/** Colour arithmetic on '#RRGGBB' strings, and the palettes the pictures are drawn from. */

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** amt > 0 lightens towards white, amt < 0 darkens towards black. */
export function shade(hex: string, amt: number): string {
  const [r, g, b] = hexToRgb(hex);
  const t = amt < 0 ? 0 : 255;
  const p = Math.abs(amt);
  return rgbToHex(r + (t - r) * p, g + (t - g) * p, b + (t - b) * p);
}

/** Linear blend: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/** Perceived brightness, 0 (black) .. 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export interface Palette {
  name: string;
  bg: [string, string];
  accents: [string, string, string, string];
  ink: string;
}

const PALETTES: readonly Palette[] = [
  { name: 'peach', bg: ['#FFE5D9', '#FFCAD4'], accents: ['#F4978E', '#F8AD9D', '#84A59D', '#F6BD60'], ink: '#5A3E36' },
  { name: 'mint', bg: ['#E0F4EC', '#B8E0D2'], accents: ['#52B69A', '#F9C74F', '#FF8C61', '#3D5A80'], ink: '#234B42' },
  { name: 'lavender', bg: ['#EDE7F6', '#D1C4E9'], accents: ['#9575CD', '#F48FB1', '#FFD54F', '#4DB6AC'], ink: '#3E2F5B' },
  { name: 'sky', bg: ['#E3F2FD', '#BBDEFB'], accents: ['#1E88E5', '#FFB74D', '#EF5350', '#66BB6A'], ink: '#1F3A5A' },
  { name: 'cream', bg: ['#FFF8E7', '#F5E6CA'], accents: ['#D4A373', '#CCD5AE', '#E76F51', '#2A9D8F'], ink: '#4A3B2A' },
  { name: 'matcha', bg: ['#EEF3E2', '#D3E4CD'], accents: ['#7FA15A', '#E9C46A', '#D4776B', '#5C7457'], ink: '#33402B' },
  { name: 'coral', bg: ['#FFF1EC', '#FFD6C9'], accents: ['#FF6B6B', '#4ECDC4', '#FFE66D', '#1A535C'], ink: '#4A2424' },
  { name: 'ocean', bg: ['#DFF6F7', '#A8DADC'], accents: ['#457B9D', '#E63946', '#F1FAEE', '#1D3557'], ink: '#1D3557' },
  { name: 'dusk', bg: ['#FDE2E4', '#C5CAE9'], accents: ['#7986CB', '#F06292', '#FFB74D', '#4DD0E1'], ink: '#37325A' },
  { name: 'lemon', bg: ['#FFFBE0', '#FFF1A8'], accents: ['#F9A825', '#26A69A', '#EC407A', '#5C6BC0'], ink: '#4D4218' },
  { name: 'rose', bg: ['#FCE4EC', '#F8BBD0'], accents: ['#D81B60', '#8E24AA', '#FFA726', '#26C6DA'], ink: '#5B1F37' },
  { name: 'sand', bg: ['#F6EFE6', '#E8D8C4'], accents: ['#B5838D', '#6D6875', '#E5989B', '#FFB4A2'], ink: '#463B3F' },
  { name: 'forest', bg: ['#E8F5E9', '#C8E6C9'], accents: ['#2E7D32', '#A1887F', '#FFCA28', '#EF6C00'], ink: '#1F3D22' },
  { name: 'berry', bg: ['#F3E5F5', '#E1BEE7'], accents: ['#6A1B9A', '#EC407A', '#26A69A', '#FFCA28'], ink: '#3F1651' },
  { name: 'pomegranate', bg: ['#FFEBEE', '#FFCDD2'], accents: ['#FF2442', '#C62839', '#FFB300', '#43A047'], ink: '#5A1620' },
];

/** PALETTES[k], cycling. */
export function palette(k: number): Palette {
  return PALETTES[k % PALETTES.length] ?? (PALETTES[0] as Palette);
}

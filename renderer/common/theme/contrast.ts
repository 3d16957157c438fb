/**
 * WCAG 2.2 contrast arithmetic (relative luminance, contrast ratio) and the accessible variants of a brand colour:
 * the colour moved towards black (on light backgrounds) or white (on dark ones) just far enough to reach a ratio,
 * so the brand stays recognisable while text and white-on-colour buttons meet 4.5:1 (issue 22 §6).
 */
export type Rgb = [number, number, number]

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return null
  const n = parseInt(m[1]!, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function toHex(rgb: Rgb): string {
  return '#' + rgb.map((c) => Math.min(255, Math.max(0, Math.round(c))).toString(16).padStart(2, '0')).join('')
}

/** Relative luminance (WCAG 2.x definition, sRGB). */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** The contrast ratio of two opaque colours, 1..21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** `top` with opacity `alpha` painted over `bottom`. */
export function blend(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  return top.map((c, i) => c * alpha + bottom[i]! * (1 - alpha)) as Rgb
}

/**
 * `color` moved in steps of 2 % towards black (when the backgrounds are light) or white (when dark) until it reaches
 * `ratio` against every background; unchanged when it already does. Returns a #rrggbb string.
 */
export function readableOn(color: string, backgrounds: readonly string[], ratio = 4.5): string {
  const rgb = parseHex(color)
  const bgs = backgrounds.map(parseHex).filter((b): b is Rgb => b !== null)
  if (!rgb || bgs.length === 0) return color
  const dark = bgs.reduce((sum, b) => sum + luminance(b), 0) / bgs.length < 0.18
  const target: Rgb = dark ? [255, 255, 255] : [0, 0, 0]
  for (let step = 0; step <= 50; step++) {
    const candidate = blend(target, step / 50, rgb)
    if (bgs.every((b) => contrast(candidate, b) >= ratio)) return toHex(candidate)
  }
  return toHex(target)
}

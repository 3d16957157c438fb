/** Light/dark/system theme and the colour theme, stored in localStorage ('theme', 'theme-color'). */
export type ThemeMode = 'system' | 'light' | 'dark'

export const THEME_KEY = 'theme'
export const THEME_COLOR_KEY = 'theme-color'
export const DEFAULT_PRIMARY = '#ff2442'

/**
 * The colour themes a member can pick, each with its accessible variants (WCAG 2.2 AA, issue 22 §6): `fill` behind
 * white text (≥ 4.5:1 against white), `text` brand-coloured text on the light and the dark page (≥ 4.5:1 on --bg,
 * --bg-soft and the 10 % tint). Computed by contrast.ts readableOn (the colour moved towards black or white just far
 * enough) and pinned here so the first screen ships no colour arithmetic; tests/renderer/contrast.test.ts recomputes
 * and compares them.
 */
export const THEME_COLORS: readonly { name: string; value: string; fill: string; text: { light: string; dark: string } }[] = [
  { name: '石榴红', value: '#ff2442', fill: '#e6203b', text: { light: '#d11e36', dark: '#ff3e59' } },
  { name: '珊瑚橙', value: '#ff7a45', fill: '#b85832', text: { light: '#ad532f', dark: '#ff7a45' } },
  { name: '琥珀金', value: '#f5a623', fill: '#9d6a16', text: { light: '#936415', dark: '#f5a623' } },
  { name: '薄荷绿', value: '#13c29b', fill: '#0d8469', text: { light: '#0c7c63', dark: '#13c29b' } },
  { name: '天空蓝', value: '#2f88ff', fill: '#2875db', text: { light: '#266dcc', dark: '#2f88ff' } },
  { name: '葡萄紫', value: '#8c5cf6', fill: '#8658ec', text: { light: '#7b51d8', dark: '#9c73f7' } },
]

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return null
  const n = parseInt(m[1]!, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** The same colour made `amount` (0..1) darker, e.g. 0.1 for the hover/pressed variant. */
export function darken(hex: string, amount = 0.1): string {
  const rgb = parseHex(hex)
  if (!rgb) return hex
  return '#' + rgb.map((c) => Math.max(0, Math.round(c * (1 - amount))).toString(16).padStart(2, '0')).join('')
}

export function withAlpha(hex: string, alpha: number): string {
  const rgb = parseHex(hex)
  return rgb ? `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})` : hex
}

export function readThemeMode(): ThemeMode {
  const v = localStorage.getItem(THEME_KEY)
  return v === 'light' || v === 'dark' ? v : 'system'
}

export function readThemeColor(): string {
  const v = localStorage.getItem(THEME_COLOR_KEY)
  return v && parseHex(v) ? v : DEFAULT_PRIMARY
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
}

export function resolveTheme(mode: ThemeMode): 'light' | 'dark' {
  return mode === 'system' ? (systemPrefersDark() ? 'dark' : 'light') : mode
}

/**
 * The brand colour's tokens (base.css holds the same values for the default red): --primary the colour itself
 * (decoration: dots, indicators, icons, borders), --primary-fill behind white text, --primary-text brand-coloured
 * text, --primary-dark the fill's hover. A colour not in THEME_COLORS (an old or hand-edited setting) gets the
 * default red, whose variants are known to be readable.
 */
export function primaryTokens(color: string, scheme: 'light' | 'dark'): Record<string, string> {
  const theme = THEME_COLORS.find((c) => c.value.toLowerCase() === color.toLowerCase()) ?? THEME_COLORS[0]!
  return {
    '--primary': theme.value,
    '--primary-fill': theme.fill,
    '--primary-dark': darken(theme.fill, 0.1),
    '--primary-text': theme.text[scheme],
    '--primary-soft': withAlpha(theme.value, 0.1),
  }
}

export function applyTheme(mode: ThemeMode = readThemeMode(), color: string = readThemeColor()): void {
  const root = document.documentElement
  const scheme = resolveTheme(mode)
  root.dataset.theme = scheme
  for (const [name, value] of Object.entries(primaryTokens(color, scheme))) root.style.setProperty(name, value)
}

export function saveThemeMode(mode: ThemeMode): void {
  localStorage.setItem(THEME_KEY, mode)
  applyTheme(mode)
}

export function saveThemeColor(color: string): void {
  localStorage.setItem(THEME_COLOR_KEY, color)
  applyTheme(undefined, color)
}

/** Keep 'system' in sync with the OS setting; returns an unsubscribe function. */
export function watchSystemTheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {}
  const mq = window.matchMedia('(prefers-color-scheme: dark)')
  const onChange = () => {
    if (readThemeMode() === 'system') applyTheme()
  }
  mq.addEventListener('change', onChange)
  return () => mq.removeEventListener('change', onChange)
}

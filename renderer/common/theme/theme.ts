/** Light/dark/system theme and the colour theme, stored in localStorage ('theme', 'theme-color'). */
import { blend, parseHex, readableOn, toHex } from './contrast'

export type ThemeMode = 'system' | 'light' | 'dark'

export const THEME_KEY = 'theme'
export const THEME_COLOR_KEY = 'theme-color'
export const DEFAULT_PRIMARY = '#ff2442'

export const THEME_COLORS: readonly { name: string; value: string }[] = [
  { name: '石榴红', value: '#ff2442' },
  { name: '珊瑚橙', value: '#ff7a45' },
  { name: '琥珀金', value: '#f5a623' },
  { name: '薄荷绿', value: '#13c29b' },
  { name: '天空蓝', value: '#2f88ff' },
  { name: '葡萄紫', value: '#8c5cf6' },
]

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

/** The page backgrounds brand-coloured text sits on, per scheme (base.css: --bg, --bg-soft, --bg-elevated). */
const BACKGROUNDS = { light: ['#ffffff', '#f5f5f5'], dark: ['#121212', '#232323', '#1e1e1e'] } as const

/**
 * The brand colour's tokens (the one place they are computed; base.css holds the same values for the default red):
 * --primary the brand colour itself (decoration: dots, indicators, borders); --primary-fill the background of
 * controls with white text (≥ 4.5:1 against white, both schemes); --primary-text brand-coloured text (≥ 4.5:1
 * against the scheme's backgrounds and the --primary-soft tint); --primary-dark the fill's hover.
 */
export function primaryTokens(color: string, scheme: 'light' | 'dark'): Record<string, string> {
  const rgb = parseHex(color) ?? parseHex(DEFAULT_PRIMARY)!
  const pageBgs = BACKGROUNDS[scheme]
  const tint = toHex(blend(rgb, 0.1, parseHex(pageBgs[0])!))
  const fill = readableOn(color, ['#ffffff'])
  return {
    '--primary': color,
    '--primary-fill': fill,
    '--primary-dark': darken(fill, 0.1),
    '--primary-text': readableOn(color, [...pageBgs, tint]),
    '--primary-soft': withAlpha(color, 0.1),
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

/** Light/dark/system theme and the colour theme, stored in localStorage ('theme', 'theme-color'). */
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

export function applyTheme(mode: ThemeMode = readThemeMode(), color: string = readThemeColor()): void {
  const root = document.documentElement
  root.dataset.theme = resolveTheme(mode)
  root.style.setProperty('--primary', color)
  root.style.setProperty('--primary-dark', darken(color, 0.1))
  root.style.setProperty('--primary-soft', withAlpha(color, 0.1))
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

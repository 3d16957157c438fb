/** Tolerant readers for server replies (field variants of spec §3: snake/camel case, 0/1 flags, JSON strings). */
export type Raw = Record<string, unknown>

export function isRaw(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function asRaw(v: unknown): Raw {
  return isRaw(v) ? v : {}
}

export function str(r: Raw, ...keys: string[]): string {
  for (const k of keys) {
    const v = r[k]
    if (typeof v === 'string') return v
    if (typeof v === 'number') return String(v)
  }
  return ''
}

export function optStr(r: Raw, ...keys: string[]): string | null {
  const s = str(r, ...keys)
  return s === '' ? null : s
}

export function num(r: Raw, ...keys: string[]): number {
  for (const k of keys) {
    const v = r[k]
    if (typeof v === 'number' && Number.isFinite(v)) return v
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  }
  return 0
}

export function bool(r: Raw, ...keys: string[]): boolean {
  for (const k of keys) {
    const v = r[k]
    if (v === undefined || v === null) continue
    return v === true || v === 1 || v === '1' || v === 'true'
  }
  return false
}

export function arr(v: unknown): unknown[] {
  if (Array.isArray(v)) return v
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(v)
      return Array.isArray(parsed) ? parsed : []
    } catch {
      return []
    }
  }
  return []
}

/** A list of strings given as array, JSON string or comma-separated string (e.g. interests). */
export function stringList(v: unknown): string[] {
  if (typeof v === 'string' && !v.trim().startsWith('[')) return v.split(/[,，]/).map((s) => s.trim()).filter(Boolean)
  return arr(v)
    .map((x) => (typeof x === 'string' ? x : isRaw(x) ? str(x, 'name', 'url') : ''))
    .filter(Boolean)
}

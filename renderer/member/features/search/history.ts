/** Search history (spec §4): blank terms ignored, unique, newest first, at most 5. */
export const SEARCH_HISTORY_KEY = 'searchHistory'
export const SEARCH_HISTORY_MAX = 5

export function addToHistory(history: readonly string[], term: string, max = SEARCH_HISTORY_MAX): string[] {
  const t = term.trim()
  if (!t) return [...history]
  return [t, ...history.filter((h) => h !== t)].slice(0, max)
}

export function removeFromHistory(history: readonly string[], term: string): string[] {
  return history.filter((h) => h !== term)
}

export function loadHistory(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SEARCH_HISTORY_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').slice(0, SEARCH_HISTORY_MAX) : []
  } catch {
    return []
  }
}

export function saveHistory(history: readonly string[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history.slice(0, SEARCH_HISTORY_MAX)))
}

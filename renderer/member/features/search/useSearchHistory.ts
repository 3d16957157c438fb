import { useCallback, useState } from 'react'
import { addToHistory, loadHistory, removeFromHistory, saveHistory } from './history'

export function useSearchHistory() {
  const [history, setHistory] = useState<string[]>(() => loadHistory())
  const update = useCallback((next: string[]) => {
    saveHistory(next)
    setHistory(next)
  }, [])
  return {
    history,
    add: useCallback((term: string) => update(addToHistory(loadHistory(), term)), [update]),
    remove: useCallback((term: string) => update(removeFromHistory(loadHistory(), term)), [update]),
    clear: useCallback(() => update([]), [update]),
  }
}

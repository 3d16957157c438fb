import { useEffect } from 'react'

/** Sets the page title while mounted and restores the previous one afterwards. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return
    const previous = document.title
    document.title = title
    return () => {
      document.title = previous
    }
  }, [title])
}

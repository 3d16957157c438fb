import { useQuery } from '@tanstack/react-query'
import { noteQuery } from './noteQuery'

export { markViewed, viewedRecently } from './noteQuery'

/** Note detail; a failure leaves data undefined and error set (the page then goes to not-found). */
export function useNote(id: number | null) {
  return useQuery(noteQuery(id))
}

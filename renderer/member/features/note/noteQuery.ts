import { queryOptions } from '@tanstack/react-query'
import { getPost } from '../../api/posts'
import { postKeys } from '../interactions/postCache'

/*
 * The query of one note, in a module of its own: the note viewer's hook (useNote, in the viewer's chunk) and
 * startRouteData (in the entry: a note page opened directly starts its note before the page's chunk arrives)
 * share it without the entry importing the viewer.
 */

const HOUR_MS = 3600_000

function cookieName(id: number) {
  return `viewed_post_${id}`
}

/** Was the note viewed within the last hour (per-note cookie holding a timestamp, path /, SameSite Lax)? */
export function viewedRecently(id: number, now = Date.now()): boolean {
  const m = new RegExp(`(?:^|; )${cookieName(id)}=(\\d+)`).exec(document.cookie)
  return Boolean(m && now - Number(m[1]) < HOUR_MS)
}

export function markViewed(id: number, now = Date.now()): void {
  document.cookie = `${cookieName(id)}=${now}; path=/; max-age=3600; SameSite=Lax`
}

/** Note detail; a failure leaves data undefined and error set (the page then goes to not-found). */
export function noteQuery(id: number | null) {
  return queryOptions({
    queryKey: postKeys.detail(id ?? 0),
    enabled: id !== null && id > 0,
    retry: false,
    staleTime: 30_000,
    queryFn: async () => {
      const skip = viewedRecently(id!)
      const post = await getPost(id!, skip)
      if (!skip) markViewed(id!)
      return post
    },
  })
}

import type { QueryClient } from '@tanstack/react-query'
import { mediaUrl } from '../common/api/env'
import { srcSetOf } from '../common/components/Img'
import { storedUser } from './api/auth'
import { visitorRecommend } from './features/explore/exploreFeed'
import { coverOf, coverSources } from './features/feed/probe'
import { CARD_SIZES, columnsForWidth, priorityCovers } from './features/feed/placement'
import { noteQuery } from './features/note/noteQuery'

/*
 * The first data of the page being opened, started before React renders (issue 41 §6). Left to the components,
 * a note page fetched its note only once its chunk had arrived and run, and explore its first page only once
 * the shell had rendered; and their first pictures were found only when the cards or the slider rendered. Here
 * the request leaves as the entry runs, into the same query the page reads (so nothing is fetched twice), and
 * the picture the page will show first is preloaded with high priority as soon as the data says which it is.
 * Only what is certain is started: a visitor's explore (a member's list depends on the session) and a note.
 */

/** `<link rel=preload as=image>`: the same URL, srcset and sizes as the <img> that will show it, so it is reused. */
function preloadImage(href: string, srcset?: string, sizes?: string): void {
  if (!href) return
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'image'
  link.href = href
  if (srcset) {
    link.imageSrcset = srcset
    if (sizes) link.imageSizes = sizes
  }
  link.fetchPriority = 'high'
  document.head.appendChild(link)
}

/** The note id of /post/:id or /post?id=, else null. */
export function noteIdOf(location: Pick<Location, 'pathname' | 'search'>): number | null {
  const path = /^\/post(?:\/(\d+))?\/?$/.exec(location.pathname)
  if (!path) return null
  return Number(path[1] ?? new URLSearchParams(location.search).get('id')) || null
}

const isVisitorExplore = (pathname: string) => /^\/(?:explore(?:\/recommend)?\/?)?$/.test(pathname) && storedUser() === null

export function startRouteData(qc: QueryClient, location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  const id = noteIdOf(location)
  if (id !== null) {
    const query = noteQuery(id)
    void qc.prefetchQuery(query).then(() => {
      const post = qc.getQueryData(query.queryKey)
      // The slider's first picture (a video note shows its player instead).
      if (post?.type === 1 && post.images[0]) preloadImage(mediaUrl(post.images[0]))
    })
    // The page's chunk too, after the note: React would ask for it only once it has rendered the shell, and
    // asked for first its dozen files took the browser's six connections while the note's request waited.
    void import('./features/note/NotePage').catch(() => {})
    return
  }
  if (isVisitorExplore(location.pathname)) {
    const query = visitorRecommend()
    void qc.prefetchInfiniteQuery(query).then(() => {
      const posts = qc.getQueryData(query.queryKey)?.pages[0]?.posts ?? []
      const priority = new Set(priorityCovers(posts, columnsForWidth(window.innerWidth)))
      for (const post of posts.filter((p) => priority.has(p.id))) preloadImage(mediaUrl(coverOf(post)), srcSetOf(coverSources(post)), CARD_SIZES)
    })
  }
}

import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Post, PostPage } from '../../api/types'
import { withAspects } from './probe'

/** hasMore = current page < total pages (spec §4). */
export function nextPageOf(last: PostPage): number | undefined {
  const { page, pages } = last.pagination
  return page < pages ? page + 1 : undefined
}

/** Flatten pages, dropping notes already shown on an earlier page (lists shift while paging). */
export function flattenPosts(data: InfiniteData<PostPage> | undefined): Post[] {
  if (!data) return []
  const seen = new Set<number>()
  const out: Post[] = []
  for (const page of data.pages) {
    for (const p of page.posts) {
      if (seen.has(p.id)) continue
      seen.add(p.id)
      out.push(p)
    }
  }
  return out
}

/** The query of a list of notes, shared by the hook and by startRouteData (which starts explore's first page early). */
export function postFeedQuery(queryKey: QueryKey, fetchPage: (page: number) => Promise<PostPage>, enabled = true) {
  return infiniteQueryOptions({
    queryKey,
    enabled,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const page = await fetchPage(pageParam)
      return { ...page, posts: await withAspects(page.posts) }
    },
    getNextPageParam: nextPageOf,
    staleTime: 60_000,
  })
}

/**
 * Infinite list of notes. A failed page is an error (a visible message with a retry, issue 13; the spec's silent
 * empty list looked like "no data", docs/decisions.md); `retry` refetches the first page or fetches the failed next one.
 */
export function usePostFeed(options: ReturnType<typeof postFeedQuery>) {
  const query = useInfiniteQuery(options)
  const posts = useMemo(() => flattenPosts(query.data), [query.data])
  return { ...query, posts, retry: () => void (query.data ? query.fetchNextPage() : query.refetch()) }
}

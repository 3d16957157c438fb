import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { countFollowingNew, listFollowing } from '../../api/following'
import type { Post } from '../../api/types'
import { withAspects } from '../feed/probe'
import { flattenPosts } from '../feed/usePostFeed'

/** Under ['posts', …] like every note list, so likes and collects patch its cards too (interactions/postCache.ts). */
export const followingKey = ['posts', 'following'] as const

/** How often the open 关注 tab asks whether new notes arrived (also when the window regains focus). */
export const NEW_CHECK_MS = 20_000

/**
 * The 关注 timeline: pages by cursor, so notes published while scrolling never repeat or skip a card; the
 * first page says how many notes are new since the last visit. `newer` is the light check for notes that
 * arrived after the newest one shown (GET /posts/following/new), on an interval and when the window is shown.
 */
export function useFollowingTimeline() {
  const qc = useQueryClient()
  const query = useInfiniteQuery({
    queryKey: followingKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const page = await listFollowing(pageParam)
      return { ...page, posts: await withAspects(page.posts) }
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 60_000,
  })
  const posts: Post[] = useMemo(() => flattenPosts(query.data), [query.data])
  const first = query.data?.pages[0]
  const head = first?.head_cursor ?? null
  const newer = useQuery({
    queryKey: ['following-new', head],
    queryFn: () => countFollowingNew(head!),
    enabled: head !== null,
    refetchInterval: NEW_CHECK_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  })
  /** Load the newest notes (the 「N 条新笔记」 button, the refresh button). */
  const showNewest = useCallback(() => {
    window.scrollTo({ top: 0, behavior: 'instant' })
    void qc.resetQueries({ queryKey: followingKey })
  }, [qc])
  return {
    ...query,
    posts,
    /** Notes new since the last visit, as the first page counted them. */
    sinceLastVisit: first?.new_count ?? 0,
    /** Notes published after the newest one shown. */
    arrived: head !== null ? (newer.data ?? 0) : 0,
    showNewest,
    retry: () => void (query.data ? query.fetchNextPage() : query.refetch()),
  }
}

import { useDeferredValue } from 'react'
import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import type { Post } from '../../api/types'
import { useInfiniteScroll } from './useInfiniteScroll'
import { Waterfall } from './Waterfall'

const NO_POSTS: readonly Post[] = []

export interface FeedListProps {
  posts: readonly Post[]
  isLoading: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  emptyText?: string
  columns?: number
  /** The last load failed: a message with a retry instead of an empty list or at the end of the list. */
  error?: unknown
  onRetry?: () => void
}

/** Waterfall with loading, empty and end-of-list states and infinite loading near the bottom. */
export function FeedList({ posts: latest, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage, emptyText = '暂无内容', columns, error, onRetry }: FeedListProps) {
  // The cards render in the background, in slices the browser can interleave with its own work, instead of in
  // the one long task a query's update gets (issue 41 §6: on a phone the first page's 20 cards were explore's
  // longest task). Until the first of them is ready the spinner stays, so nothing shows an empty list.
  const posts = useDeferredValue(latest, NO_POSTS)
  // The deferred list is behind while the newest cards render; the first of them behind the spinner.
  const behind = posts !== latest
  const rendering = posts.length === 0 && latest.length > 0
  const failed = error != null && onRetry
  useInfiniteScroll(
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
    },
    // Not while cards are still rendering: the page, short until they are in, would read as one to fill.
    hasNextPage && !isLoading && !failed && !behind,
  )
  if (isLoading || rendering) return <Spinner label="加载中..." />
  if (failed && posts.length === 0) return <LoadError error={error} onRetry={onRetry} />
  if (posts.length === 0) {
    return (
      <div className="feed-empty">
        <div className="feed-empty-art" aria-hidden="true" />
        <p>{emptyText}</p>
      </div>
    )
  }
  return (
    <>
      <Waterfall posts={posts} columns={columns} />
      <div className="feed-end">
        {isFetchingNextPage ? <Spinner size={22} /> : failed ? <LoadError error={error} onRetry={onRetry} /> : hasNextPage ? null : <span>没有更多内容了</span>}
      </div>
    </>
  )
}

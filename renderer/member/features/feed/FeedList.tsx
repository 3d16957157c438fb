import { Spinner } from '../../../common/components/Spinner'
import type { Post } from '../../api/types'
import { useInfiniteScroll } from './useInfiniteScroll'
import { Waterfall } from './Waterfall'

export interface FeedListProps {
  posts: readonly Post[]
  isLoading: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  emptyText?: string
  columns?: number
}

/** Waterfall with loading, empty and end-of-list states and infinite loading near the bottom. */
export function FeedList({ posts, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage, emptyText = '暂无内容', columns }: FeedListProps) {
  useInfiniteScroll(
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
    },
    hasNextPage && !isLoading,
  )
  if (isLoading) return <Spinner label="加载中..." />
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
      <div className="feed-end">{isFetchingNextPage ? <Spinner size={22} /> : hasNextPage ? null : <span>没有更多内容了</span>}</div>
    </>
  )
}

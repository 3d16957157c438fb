import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { ApiError } from '../../../common/api/errors'
import { toast } from '../../../common/components/toast'
import { listComments, type CommentSort } from '../../api/comments'
import type { Comment } from '../../api/types'
import { commentKeys } from './commentCache'

/** Comments of a note, 5 per page, newest first by default (spec §2.5). */
export function useComments(postId: number, sort: CommentSort) {
  const query = useInfiniteQuery({
    queryKey: commentKeys.list(postId, sort),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      try {
        return await listComments(postId, pageParam, sort)
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 401)) toast.error('获取评论失败，请稍后重试')
        throw err
      }
    },
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    enabled: postId > 0,
    retry: false,
  })
  const comments = useMemo(() => {
    const seen = new Set<number>()
    const out: Comment[] = []
    for (const p of query.data?.pages ?? []) {
      for (const c of p.comments) {
        if (!seen.has(c.id)) {
          seen.add(c.id)
          out.push(c)
        }
      }
    }
    return out
  }, [query.data])
  const total = query.data?.pages[0]?.pagination.total ?? 0
  return { ...query, comments, total }
}

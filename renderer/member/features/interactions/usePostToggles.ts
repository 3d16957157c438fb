import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from '../../../common/components/toast'
import { setLiked } from '../../api/likes'
import { setCollected } from '../../api/posts'
import { useSession } from '../../session/SessionContext'
import { emitInteraction, findPost, patchPost } from './postCache'

interface ToggleVars {
  id: number
  next: boolean
}

interface Rollback {
  prev: { flag: boolean; count: number } | null
}

export const FAILED_MESSAGE = '操作失败，请重试'

/**
 * Optimistic like/collect of a note (spec §4): flip and ±1 at once everywhere the note is cached,
 * revert on failure, and emit the global interaction event either way.
 */
function useToggle(kind: 'like' | 'collect') {
  const qc = useQueryClient()
  const { requireLogin } = useSession()
  const flagKey = kind === 'like' ? 'liked' : 'collected'
  const countKey = kind === 'like' ? 'like_count' : 'collect_count'
  const mutation = useMutation<void, Error, ToggleVars, Rollback>({
    mutationFn: async ({ id, next }) => {
      if (kind === 'like') await setLiked(1, id, next)
      else await setCollected(id, next)
    },
    onMutate: ({ id, next }) => {
      const current = findPost(qc, id)
      const prev = current ? { flag: current[flagKey], count: current[countKey] } : null
      patchPost(qc, id, (p) => ({ [flagKey]: next, [countKey]: Math.max(0, p[countKey] + (next ? 1 : -1)) }))
      return { prev }
    },
    onError: (_err, { id, next }, ctx) => {
      patchPost(qc, id, (p) => (ctx?.prev ? { [flagKey]: ctx.prev.flag, [countKey]: ctx.prev.count } : { [flagKey]: !next, [countKey]: Math.max(0, p[countKey] + (next ? -1 : 1)) }))
      toast.error(FAILED_MESSAGE)
    },
    onSuccess: (_d, { next }) => {
      if (kind === 'like') toast.success(next ? '点赞成功' : '取消点赞成功')
      else toast.success(next ? '收藏成功' : '取消收藏成功')
    },
    onSettled: (_d, _e, { id, next }) => {
      emitInteraction(kind === 'like' ? (next ? 'liked' : 'unliked') : next ? 'collected' : 'uncollected', id)
    },
  })
  const { mutate } = mutation
  return useCallback(
    (id: number, current: boolean) => {
      if (!requireLogin()) return
      mutate({ id, next: !current })
    },
    [requireLogin, mutate],
  )
}

export function useToggleLike() {
  return useToggle('like')
}

export function useToggleCollect() {
  return useToggle('collect')
}

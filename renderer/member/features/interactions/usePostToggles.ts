import { refusalMessage } from './refusal'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from '../../../common/components/toast'
import { setLiked } from '../../api/likes'
import { setCollected } from '../../api/posts'
import { useSession } from '../../session/SessionContext'
import { emitInteraction, findPost, patchPost } from './postCache'

export const FAILED_MESSAGE = '操作失败，请重试'

/**
 * Optimistic like/collect of a note (spec §4): flip and ±1 at once everywhere the note is cached,
 * revert on failure, and emit the global interaction event either way.
 * Deliberately not a useMutation: the returned callback is stable and holds no React state, so a
 * feed of 1000 cards does not re-render while a request is in flight.
 */
function useToggle(kind: 'like' | 'collect') {
  const qc = useQueryClient()
  const { requireLogin } = useSession()
  return useCallback(
    (id: number, current: boolean) => {
      if (!requireLogin()) return
      const flagKey = kind === 'like' ? 'liked' : 'collected'
      const countKey = kind === 'like' ? 'like_count' : 'collect_count'
      const next = !current
      const before = findPost(qc, id)
      const prev = before ? { flag: before[flagKey], count: before[countKey] } : null
      patchPost(qc, id, (p) => ({ [flagKey]: next, [countKey]: Math.max(0, p[countKey] + (next ? 1 : -1)) }))
      const request = kind === 'like' ? setLiked(1, id, next) : setCollected(id, next)
      request
        .then(() => {
          if (kind === 'like') toast.success(next ? '点赞成功' : '取消点赞成功')
          else toast.success(next ? '收藏成功' : '取消收藏成功')
        })
        .catch((err: unknown) => {
          patchPost(qc, id, (p) => (prev ? { [flagKey]: prev.flag, [countKey]: prev.count } : { [flagKey]: current, [countKey]: Math.max(0, p[countKey] + (next ? -1 : 1)) }))
          toast.error(refusalMessage(err, FAILED_MESSAGE))
        })
        .finally(() => emitInteraction(kind === 'like' ? (next ? 'liked' : 'unliked') : next ? 'collected' : 'uncollected', id))
    },
    [qc, requireLogin, kind],
  )
}

export function useToggleLike() {
  return useToggle('like')
}

export function useToggleCollect() {
  return useToggle('collect')
}

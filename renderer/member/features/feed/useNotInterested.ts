import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from '../../../common/components/toast'
import { setNotInterested } from '../../api/posts'
import type { Post } from '../../api/types'
import { FAILED_MESSAGE } from '../interactions/usePostToggles'
import { refusalMessage } from '../interactions/refusal'
import { removePost } from '../interactions/postCache'

/**
 * 不感兴趣 on a 推荐 card: the card leaves every cached list at once (optimistic), the server hides the note and
 * ranks its author and tags lower for this member; on failure the card comes back where it was.
 */
export function useNotInterested(): (post: Post) => void {
  const qc = useQueryClient()
  return useCallback(
    (post: Post) => {
      const restore = removePost(qc, post.id)
      setNotInterested(post.id, true)
        .then(() => toast.success('将减少推荐此类内容'))
        .catch((err: unknown) => {
          restore()
          toast.error(refusalMessage(err, FAILED_MESSAGE))
        })
    },
    [qc],
  )
}

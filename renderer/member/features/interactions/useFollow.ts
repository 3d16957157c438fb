import { refusalMessage } from './refusal'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { ApiError } from '../../../common/api/errors'
import { toast } from '../../../common/components/toast'
import type { FollowState } from '../../api/types'
import { getFollowStatus, setFollowing } from '../../api/users'
import { useSession } from '../../session/SessionContext'
import { clickFollows, FOLLOW_DEBOUNCE_MS, isAlreadyDone, nextFollowState } from './followState'

export const followKey = (userId: string) => ['follow', userId] as const
const NOT_FOLLOWED: FollowState = { followed: false, isMutual: false, buttonType: 'follow' }

/** Follow state of one user with an optimistic, debounced toggle that rolls back on failure. */
export function useFollow(userId: string, initial?: FollowState) {
  const qc = useQueryClient()
  const { user, requireLogin, openAuth } = useSession()
  const isSelf = Boolean(user && user.user_id === userId)
  const lastClick = useRef(0)
  const query = useQuery({
    queryKey: followKey(userId),
    queryFn: () => getFollowStatus(userId),
    enabled: Boolean(user && userId && !isSelf),
    initialData: initial,
    staleTime: 30_000,
  })
  const state = user ? query.data ?? NOT_FOLLOWED : NOT_FOLLOWED

  const mutation = useMutation<void, Error, { from: FollowState }, { from: FollowState }>({
    mutationFn: async ({ from }) => {
      try {
        await setFollowing(userId, clickFollows(from))
      } catch (err) {
        if (err instanceof ApiError && err.status !== 401 && isAlreadyDone(err.message)) return
        throw err
      }
    },
    onMutate: ({ from }) => {
      qc.setQueryData(followKey(userId), nextFollowState(from))
      return { from }
    },
    onError: (err, _v, ctx) => {
      if (ctx) qc.setQueryData(followKey(userId), ctx.from)
      if (err instanceof ApiError && err.status === 401) {
        toast.warning('请先登录')
        openAuth('login')
      } else toast.error(refusalMessage(err, '操作失败，请重试'))
    },
    onSuccess: (_d, { from }) => {
      toast.success(clickFollows(from) ? '关注成功' : '取消关注成功')
      void qc.invalidateQueries({ queryKey: ['profile'] })
      void qc.invalidateQueries({ queryKey: ['follows'] })
      // The 关注 timeline gains or loses this member's notes.
      void qc.invalidateQueries({ queryKey: ['posts', 'following'] })
    },
  })

  const toggle = () => {
    if (!requireLogin() || isSelf) return
    const now = Date.now()
    if (now - lastClick.current < FOLLOW_DEBOUNCE_MS || mutation.isPending) return
    lastClick.current = now
    mutation.mutate({ from: state })
  }

  return { state, toggle, isSelf, pending: mutation.isPending }
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../common/api/errors'
import { confirmDialog } from '../../../common/components/confirm'
import { toast } from '../../../common/components/toast'
import { setBlocked } from '../../api/users'

/** What blocking does, as the confirm dialog explains it. */
export const BLOCK_EXPLAINED = '拉黑后，对方的笔记、评论和通知将不再出现在你的页面中，你们之间的关注关系会被解除；对方将无法关注你、评论或点赞收藏你的笔记、回复你的评论，@你也不会通知你。你可以随时在「账号与安全 → 黑名单」中解除拉黑。'

export const failedMessage = (err: unknown) => (err instanceof ApiError && err.message ? err.message : '操作失败，请稍后重试')

/**
 * 拉黑 / 解除拉黑 a member (with a confirm dialog before blocking). On success every list that may hold
 * their content (notes, comments, notifications, follow lists, profiles) is fetched again.
 */
export function useBlock() {
  const qc = useQueryClient()
  const mutation = useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; nickname: string; blocked: boolean }) => setBlocked(userId, blocked),
    onSuccess: (_d, { blocked }) => {
      toast.success(blocked ? '已拉黑' : '已解除拉黑')
      void qc.invalidateQueries()
    },
    onError: (err) => toast.error(failedMessage(err)),
  })
  const change = async (userId: string, nickname: string, blocked: boolean): Promise<void> => {
    if (blocked && !(await confirmDialog({ title: `拉黑「${nickname}」？`, message: BLOCK_EXPLAINED, confirmText: '拉黑', danger: true }))) return
    await mutation.mutateAsync({ userId, nickname, blocked }).catch(() => undefined)
  }
  return { change, busy: mutation.isPending }
}

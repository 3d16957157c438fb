import { useQuery } from '@tanstack/react-query'
import { banMessage } from '../../../../server/contract/moderation'
import { fetchMyBan } from '../../api/moderation'
import { useSession } from '../../session/SessionContext'
import './moderation.css'

/**
 * The banner of a restricted member (issue 18): the end time and the reason, above every page, so they know
 * before typing into a form that the server will refuse. Re-read each minute (a ban ends by itself).
 */
export function BanBanner() {
  const { user } = useSession()
  const ban = useQuery({ queryKey: ['my-ban', user?.user_id], queryFn: fetchMyBan, enabled: Boolean(user), refetchInterval: 60_000, staleTime: 30_000 })
  if (!user || !ban.data) return null
  return (
    <div className="ban-banner" role="alert">
      {banMessage(ban.data)}。限制期间你仍可浏览，但不能发布、评论、点赞、收藏、关注或修改资料。
    </div>
  )
}

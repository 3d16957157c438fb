import { banMessage } from '../../../../server/contract/ban-text'
import { useMyBan } from './useMyBan'
import './ban-banner.css'

/**
 * The banner of a restricted member (issue 18): the end time and the reason, above every page, so they know
 * before typing into a form that the server would refuse (the comment box and the publish page close too).
 */
export function BanBanner() {
  const ban = useMyBan()
  if (!ban) return null
  return (
    <div className="ban-banner" role="alert">
      {banMessage(ban)}。限制期间你仍可浏览，但不能发布、评论、点赞、收藏、关注或修改资料。
    </div>
  )
}

import { listPosts } from '../../api/posts'
import { postFeedQuery } from '../feed/usePostFeed'
import { postKeys } from '../interactions/postCache'
import { RECOMMEND, type Channel } from './channels'

/**
 * The list explore shows for a channel: its cache key and page fetcher. One definition for ExplorePage and for
 * startRouteData, which starts the visitor's first page before React has rendered (the two must agree, or the
 * early fetch fills an entry nobody reads).
 */
export function exploreFeed(channel: Channel, personal: boolean, imageOnly: boolean, enabled = true) {
  const type = imageOnly ? 1 : null
  // A signed-in member's 推荐 is personalised (issue 38): another list than the visitors' one (another cache entry).
  return postFeedQuery(
    postKeys.feed(personal ? `${channel.id}:personal` : channel.id, type),
    (page) => listPosts({ page, limit: 20, category: channel.categoryId ?? undefined, type: type ?? undefined, recommend: personal && type === null ? 1 : undefined }),
    enabled,
  )
}

/** What a visitor (no stored session) sees first on /explore and /explore/recommend. */
export const visitorRecommend = () => exploreFeed(RECOMMEND, false, false)

import type { CommentView } from '../../../server/contract/comments'
import type { ListReply, Pagination } from '../../../server/contract/common'
import type { PostCard, PostDetail, TagRef } from '../../../server/contract/posts'
import type { CategoryItem, SearchHighlight, TagStat } from '../../../server/contract/search'
import type { BlockEntry } from '../../../server/contract/blocks'
import type { ButtonType, FollowEntry, FollowState, ProfileView, SelfUser, UserCard } from '../../../server/contract/users'

/*
 * The member app's types of our own API are the reply types of server/contract (z.infer), never a second,
 * hand-written set (ARCHITECTURE.md §4): a change of the contract breaks the build here, not a page.
 * The one addition is what the app measures itself: a feed cover's aspect ratio.
 */

export type { BlockEntry, FollowEntry, FollowState, Pagination, PostDetail, TagStat, UserCard }
export type Comment = CommentView
export type Tag = TagRef
export type Category = CategoryItem
/** A profile as the viewer sees it (isBlocked: the viewer blocked this member). */
export type UserProfile = ProfileView
/** The signed-in member (login, register, me). */
export type UserInfo = SelfUser
export type FollowButtonType = ButtonType

/** A note in a list (the contract's card), plus the cover's width / height when the waterfall measured it. */
/** `highlight`: where a keyword search matched (search results only). */
export type Post = PostCard & { aspect?: number | null; highlight?: SearchHighlight }
export type PostPage = ListReply<'posts', Post>

/*
 * The list name of each follow list (M §7: data.mutualFollows / following / followers). A leaf module with
 * no imports: the member app's profile calls need the names on the first load, without the contract's
 * schemas (and zod) that server/contract/users.ts builds.
 */
export const FOLLOW_LIST_KEYS = { following: 'following', followers: 'followers', mutual: 'mutualFollows' } as const
export type FollowListKind = keyof typeof FOLLOW_LIST_KEYS

import type { FollowState } from '../../../../server/contract/users'
import { createApiClient, type TokenStore } from '../../../common/api/client'
import { REFRESH_KEY, TOKEN_KEY } from '../../../common/api/member-keys'

/*
 * The hover card's follow button acts as the member signed in on this site in the same browser (the spec:
 * "a follow button except for the admin's own account"; an admin account is not a member and follows nobody).
 * The member's tokens are only read here: a refused token never signs the member out from the back-office.
 */
const readOnlyMemberTokens: TokenStore = {
  getAccess: () => localStorage.getItem(TOKEN_KEY),
  getRefresh: () => localStorage.getItem(REFRESH_KEY),
  save: () => undefined,
  clear: () => undefined,
}

export const memberApi = createApiClient({ tokens: readOnlyMemberTokens })

export function hasMemberSession(): boolean {
  return Boolean(readOnlyMemberTokens.getAccess())
}

/** The spec's labels: 回关 when that user follows you, 互相关注 when both follow; null for your own account. */
export function followLabel(state: FollowState): string | null {
  switch (state.buttonType) {
    case 'follow':
      return '关注'
    case 'unfollow':
      return '已关注'
    case 'back':
      return '回关'
    case 'mutual':
      return '互相关注'
    case 'normal':
      return null
  }
}

export async function setFollow(userId: string, follow: boolean): Promise<void> {
  const path = `/users/${encodeURIComponent(userId)}/follow`
  if (follow) await memberApi.post(path)
  else await memberApi.del(path)
}

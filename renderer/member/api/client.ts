import { createApiClient, localTokenStore } from '../../common/api/client'

import { REFRESH_KEY, TOKEN_KEY, USER_INFO_KEY } from '../../common/api/member-keys'

export { REFRESH_KEY, TOKEN_KEY, USER_INFO_KEY }

export const memberTokens = localTokenStore(TOKEN_KEY, REFRESH_KEY, [USER_INFO_KEY])

type ExpiredListener = (message: string) => void
const expiredListeners = new Set<ExpiredListener>()

/** The session module subscribes to know when a stored session stopped being accepted. */
export function onSessionExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener)
  return () => expiredListeners.delete(listener)
}

export const api = createApiClient({
  tokens: memberTokens,
  refreshPath: '/auth/refresh',
  onSessionExpired: (message) => {
    for (const l of expiredListeners) l(message)
  },
})

import { createApiClient, localTokenStore } from '../../common/api/client'

/** localStorage keys of the member app (spec §3). */
export const TOKEN_KEY = 'token'
export const REFRESH_KEY = 'refreshToken'
export const USER_INFO_KEY = 'userInfo'

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

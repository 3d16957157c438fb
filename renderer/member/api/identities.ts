import type { AuthSession } from '../../../server/contract/auth'
import type { IdentityListReply, ProviderInfo, ProviderListReply } from '../../../server/contract/identities'
import { apiBase } from '../../common/api/env'
import { api, memberTokens, USER_INFO_KEY } from './client'
import type { UserInfo } from './types'

/** Sign-in through the operator's OpenID providers and linked identities (issue 39, docs/identity.md). */

export interface SignInOptions {
  providers: ProviderInfo[]
  /** False when the site is campus-only (成员登录方式): no password form, no registration. */
  passwordLogin: boolean
}

let options: Promise<SignInOptions> | null = null

/** The configured providers and whether passwords sign in (asked once per page load; a failure: passwords only). */
export function fetchSignInOptions(): Promise<SignInOptions> {
  options ??= api.get<ProviderListReply>('/auth/providers').then(
    (r) => ({ providers: r.providers, passwordLogin: r.passwordLogin !== false }),
    () => {
      options = null
      return { providers: [], passwordLogin: true }
    },
  )
  return options
}

/** Where the browser goes to sign in with a provider, coming back to `returnTo` (a path of this site). */
export function providerStartUrl(provider: string, returnTo: string): string {
  return `${apiBase()}/api/auth/oidc/${encodeURIComponent(provider)}/start?redirect=${encodeURIComponent(returnTo)}`
}

/** The callback's one-time code (URL fragment) for the session a password login gives. */
export async function exchangeSignInCode(code: string): Promise<UserInfo> {
  const session = await api.post<AuthSession>('/auth/oidc/exchange', { code })
  memberTokens.save(session.tokens.access_token, session.tokens.refresh_token)
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(session.user))
  return session.user
}

export async function listIdentities(): Promise<IdentityListReply> {
  return api.get<IdentityListReply>('/auth/identities')
}

/** Start linking: the provider's address, to open in this browser (the flow is bound to it by a cookie). */
export async function startLinking(provider: string, returnTo: string): Promise<string> {
  return (await api.post<{ url: string }>(`/auth/identities/${encodeURIComponent(provider)}`, { redirect: returnTo })).url
}

export async function unlinkIdentity(provider: string): Promise<void> {
  await api.del<null>(`/auth/identities/${encodeURIComponent(provider)}`)
}

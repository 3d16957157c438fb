import { useEffect, useState } from 'react'
import type { ProviderInfo } from '../../../../server/contract/identities'
import { apiBase } from '../../../common/api/env'
import { fetchSignInOptions, providerStartUrl, type SignInOptions } from '../../api/identities'

/**
 * The operator's providers, once known (none: nothing shows). None in the desktop app (its pages are not the
 * server's, so the provider could not bring the browser back to them): it will sign in through the system
 * browser (RFC 8252, issue 39 item 4, not built yet).
 */
export function useSignInOptions(): SignInOptions {
  const [value, setValue] = useState<SignInOptions>({ providers: [], passwordLogin: true })
  useEffect(() => {
    if (apiBase()) return
    let live = true
    void fetchSignInOptions().then((o) => live && setValue(o))
    return () => {
      live = false
    }
  }, [])
  return value
}

export const useProviders = (): ProviderInfo[] => useSignInOptions().providers

/**
 * One button per OpenID provider in the login dialog (issue 39): a plain link, the browser leaves for the
 * provider and comes back to this page signed in (SessionProvider exchanges the code it brings).
 */
export function ProviderButtons({ providers, alone }: { providers: ProviderInfo[]; alone: boolean }) {
  if (!providers.length) return null
  const here = `${window.location.pathname}${window.location.search}`
  return (
    <div className="auth-providers">
      {!alone && <div className="auth-providers-or">或</div>}
      {providers.map((p) => (
        <a key={p.id} className="btn btn-ghost auth-provider" href={providerStartUrl(p.id, here)} data-testid={`provider-${p.id}`}>
          {p.buttonText}
        </a>
      ))}
    </div>
  )
}

import { useEffect, useState } from 'react'
import type { ProviderInfo } from '../../../../server/contract/identities'
import { fetchProviders, providerStartUrl } from '../../api/identities'

/** The operator's providers, once known (none: nothing shows). */
export function useProviders(): ProviderInfo[] {
  const [list, setList] = useState<ProviderInfo[]>([])
  useEffect(() => {
    let live = true
    void fetchProviders().then((p) => live && setList(p))
    return () => {
      live = false
    }
  }, [])
  return list
}

/**
 * One button per OpenID provider in the login dialog (issue 39): a plain link, the browser leaves for the
 * provider and comes back to this page signed in (SessionProvider exchanges the code it brings).
 */
export function ProviderButtons() {
  const providers = useProviders()
  if (!providers.length) return null
  const here = `${window.location.pathname}${window.location.search}`
  return (
    <div className="auth-providers">
      <div className="auth-providers-or">或</div>
      {providers.map((p) => (
        <a key={p.id} className="btn btn-ghost auth-provider" href={providerStartUrl(p.id, here)} data-testid={`provider-${p.id}`}>
          {p.buttonText}
        </a>
      ))}
    </div>
  )
}

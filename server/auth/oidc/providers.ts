import * as client from 'openid-client'
import type { AppConfig, OidcProviderConfig } from '../../config'
import type { AppDeps } from '../../deps'
import { Unavailable } from '../../errors'

/*
 * The operator's OpenID providers and their discovered configurations (issue 39, docs/identity.md).
 * Each instance discovers on its own (nothing of a flow lives here: flows are rows, server/auth/oidc/flows.ts).
 * A configuration is discovered at start, kept for DISCOVERY_TTL_MS, and dropped at once when a request to the
 * provider fails, so a moved endpoint or a rotated key set is picked up by the next sign-in.
 */

/** The member's message when the provider cannot be reached (discovery, or a call during the callback). */
export const PROVIDER_UNREACHABLE = '统一身份认证暂时无法连接，请稍后再试'

const DISCOVERY_TTL_MS = 60 * 60_000
/** Discovery and token calls give up after this long: a member waits for a page, not for a dead provider. */
const PROVIDER_TIMEOUT_S = 10

interface Discovered {
  at: number
  config: Promise<client.Configuration>
}

const cache = new Map<string, Discovered>()
const keyOf = (p: OidcProviderConfig) => `${p.id}\n${p.issuer}\n${p.clientId}`

/** Plain http only for an issuer on this machine (tests, a provider beside the server); anything else needs TLS. */
export function isLoopbackIssuer(issuer: string): boolean {
  const host = new URL(issuer).hostname
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]'
}

export function findProvider(config: AppConfig, id: string): OidcProviderConfig | null {
  return config.oidc.find((p) => p.id === id) ?? null
}

async function discover(p: OidcProviderConfig): Promise<client.Configuration> {
  const insecure = new URL(p.issuer).protocol === 'http:'
  if (insecure && !isLoopbackIssuer(p.issuer)) throw new Error(`OIDC issuer ${p.issuer} must use https`)
  const auth = p.clientSecret ? client.ClientSecretPost(p.clientSecret) : client.None()
  const config = await client.discovery(new URL(p.issuer), p.clientId, undefined, auth, {
    execute: insecure ? [client.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_S,
  })
  config.timeout = PROVIDER_TIMEOUT_S
  return config
}

/** The provider's configuration, discovered now if there is none or it is older than the TTL. 503 when unreachable. */
export async function providerConfiguration(deps: Pick<AppDeps, 'logger'>, p: OidcProviderConfig): Promise<client.Configuration> {
  const key = keyOf(p)
  let entry = cache.get(key)
  if (!entry || Date.now() - entry.at > DISCOVERY_TTL_MS) {
    entry = { at: Date.now(), config: discover(p) }
    cache.set(key, entry)
    entry.config.catch(() => {
      if (cache.get(key) === entry) cache.delete(key)
    })
  }
  try {
    return await entry.config
  } catch (err) {
    deps.logger.warn({ provider: p.id, issuer: p.issuer, reason: (err as Error).message }, 'oidc: discovery failed')
    throw Unavailable(PROVIDER_UNREACHABLE, 30)
  }
}

/** Forget a provider's configuration (a call to it failed): the next sign-in discovers again. */
export function forgetConfiguration(p: OidcProviderConfig): void {
  cache.delete(keyOf(p))
}

/** Start-up: discover every provider in the background; a failure is logged and retried at the first sign-in. */
export function warmProviders(deps: Pick<AppDeps, 'logger' | 'config'>): void {
  for (const p of deps.config.oidc) {
    providerConfiguration(deps, p).then(
      () => deps.logger.info({ provider: p.id, issuer: p.issuer }, 'oidc: provider discovered'),
      () => undefined,
    )
  }
}

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
// oidc-provider ships no types; the little used here is typed below.
// @ts-expect-error -- untyped ESM package (a certified OpenID Provider, devDependency for tests)
import Provider from 'oidc-provider'

/*
 * A real OpenID Provider (panva's oidc-provider, OpenID certified) on 127.0.0.1 and a random port, in the test
 * process (issue 39). Its development interactions sign in any login name: `accounts` gives each name its
 * claims (email, groups, ...). `signIn` below drives a browser's whole code flow over HTTP with a cookie jar.
 */

export interface TestProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** Claims of each account by login name (changed between sign-ins by the tests). */
  accounts: Map<string, Record<string, unknown>>
  close(): Promise<void>
}

export async function startTestProvider(options: { redirectUris: string[]; port?: number }): Promise<TestProvider> {
  const accounts = new Map<string, Record<string, unknown>>()
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'shiliu-test'
  const clientSecret = 'shiliu-test-secret-0123456789abcdef'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname', 'preferred_username', 'picture', 'groups'],
    },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(accounts.get(id) ?? {}) }),
    }),
  })
  // oidc-provider logs to stderr through its events only; keep test output quiet.
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error('oidc-provider:', err))
  server.on('request', provider.callback())
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The fetch metadata a browser sends on a top-level navigation from another site. */
export const CROSS_SITE_NAVIGATION = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }

/** A browser's cookies, per host:port (paths ignored: every cookie goes to its host). */
export class CookieJar {
  private readonly jar = new Map<string, Map<string, string>>()

  header(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  store(url: URL, res: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>()
    this.jar.set(url.host, cookies)
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a))
      if (expired || value === '') cookies.delete(name)
      else cookies.set(name, value)
    }
  }

  /** Drop one host's cookie (a test playing another browser, or a lost cookie). */
  remove(host: string, name: string): void {
    this.jar.get(host)?.delete(name)
  }
}

export interface Hop {
  url: URL
  res: Response
  body: string
}

/** One request as a browser makes it: the jar's cookies go along, the reply's are kept; no redirect followed. */
export async function browse(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Hop> {
  const headers = new Headers(init.headers)
  const cookie = jar.header(url)
  if (cookie) headers.set('Cookie', cookie)
  headers.set('Accept', 'text/html')
  const res = await fetch(url, { ...init, headers, redirect: 'manual' })
  jar.store(url, res)
  return { url, res, body: await res.text() }
}

/**
 * Follow redirects from `start`, submitting the provider's login (as `login`) and consent forms on the way,
 * until a reply that is neither a redirect nor one of those forms: Shiliu's own redirect into the app (returned
 * unfollowed, with its Location), or a refusal page. `stopAtCallback` returns the provider's redirect to
 * Shiliu's callback instead of following it (to replay or tamper with it).
 */
export async function signIn(jar: CookieJar, start: URL, login: string, options: { stopAtCallback?: boolean; appOrigin?: string } = {}): Promise<Hop> {
  let hop = await browse(jar, start)
  for (let step = 0; step < 20; step++) {
    const location = hop.res.headers.get('location')
    if (hop.res.status >= 300 && hop.res.status < 400 && location) {
      const next = new URL(location, hop.url)
      if (options.appOrigin && next.origin === options.appOrigin && !next.pathname.startsWith('/api/')) return hop
      if (options.stopAtCallback && next.pathname.endsWith('/callback') && next.searchParams.has('code')) return { ...hop, url: next }
      // A redirect to another origin is a cross-site navigation, as a browser labels it (the provider's back to Shiliu).
      hop = await browse(jar, next, next.origin === hop.url.origin ? {} : { headers: CROSS_SITE_NAVIGATION })
      continue
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(hop.body)?.[1]
    if (hop.res.status === 200 && prompt && hop.url.pathname.startsWith('/interaction/')) {
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt })
      hop = await browse(jar, hop.url, { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
      continue
    }
    return hop
  }
  throw new Error('sign-in did not finish in 20 steps')
}

import { apiBase } from './env'
import { ApiError, ERROR_MESSAGES, messageForStatus } from './errors'

/** Reply envelope shared by every /api route. */
export interface Envelope<T> {
  code: number
  success: boolean
  message: string
  data: T
}

export interface Pagination {
  page: number
  limit: number
  total: number
  pages: number
}

/** Where a client keeps its tokens: the member app and the admin app use different keys. */
export interface TokenStore {
  getAccess(): string | null
  getRefresh(): string | null
  save(access: string, refresh?: string | null): void
  clear(): void
}

export function localTokenStore(accessKey: string, refreshKey: string, extraKeys: string[] = []): TokenStore {
  return {
    getAccess: () => localStorage.getItem(accessKey),
    getRefresh: () => localStorage.getItem(refreshKey),
    save(access, refresh) {
      localStorage.setItem(accessKey, access)
      if (refresh) localStorage.setItem(refreshKey, refresh)
    },
    clear() {
      for (const key of [accessKey, refreshKey, ...extraKeys]) localStorage.removeItem(key)
    },
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Query
  body?: unknown
  /** Milliseconds; the spec's default is 60 s (video upload 300 s). */
  timeout?: number
  signal?: AbortSignal
}

export interface ApiClientOptions {
  tokens: TokenStore
  /** Path of the refresh call, e.g. '/auth/refresh'; omit to never refresh. */
  refreshPath?: string
  /** Called once a stored session is no longer accepted (after a failed refresh). */
  onSessionExpired?: (message: string) => void
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${apiBase()}/api${path}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${url}?${qs}` : url
}

export function createApiClient(options: ApiClientOptions) {
  let refreshing: Promise<boolean> | null = null

  async function refreshTokens(): Promise<boolean> {
    const refreshToken = options.tokens.getRefresh()
    if (!options.refreshPath || !refreshToken) return false
    refreshing ??= (async () => {
      try {
        const res = await fetch(buildUrl(options.refreshPath!), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        })
        const env = (await res.json()) as Envelope<{ tokens?: { access_token: string; refresh_token?: string } }>
        if (!res.ok || !env.success || !env.data?.tokens?.access_token) return false
        options.tokens.save(env.data.tokens.access_token, env.data.tokens.refresh_token)
        return true
      } catch {
        return false
      } finally {
        setTimeout(() => (refreshing = null), 0)
      }
    })()
    return refreshing
  }

  async function send<T>(path: string, opts: RequestOptions, retried: boolean): Promise<Envelope<T>> {
    const token = options.tokens.getAccess()
    const headers: Record<string, string> = {}
    if (token) headers.Authorization = `Bearer ${token}`
    let body: BodyInit | undefined
    if (opts.body instanceof FormData) body = opts.body
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(opts.body)
    }
    const timeout = AbortSignal.timeout(opts.timeout ?? 60_000)
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
    let res: Response
    try {
      res = await fetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal })
    } catch (err) {
      if (opts.signal?.aborted) throw err
      const message = timeout.aborted ? ERROR_MESSAGES.timeout : ERROR_MESSAGES.network
      throw new ApiError(message, 0, 0)
    }
    let env: Partial<Envelope<T>> = {}
    try {
      env = (await res.json()) as Envelope<T>
    } catch {
      /* non-JSON reply: fall through to the status message */
    }
    if (res.status === 401 && token && !retried) {
      // Only the stored token's own failure ends the session, once: concurrent calls refused with the same token
      // share one refresh and one 登录已过期 message, and a call sent with a token that was since replaced (refreshed)
      // or dropped (logout, deleted account) says nothing (issue 13: the message came twice, or after a deletion).
      const current = options.tokens.getAccess()
      if (current && current !== token) return send<T>(path, opts, true)
      if (current === token) {
        if (await refreshTokens()) return send<T>(path, opts, true)
        if (options.tokens.getAccess() === token) {
          options.tokens.clear()
          options.onSessionExpired?.(ERROR_MESSAGES.sessionExpired)
        }
      }
    }
    if (!res.ok || env.success === false) {
      const message = res.ok ? env.message || '请求失败' : messageForStatus(res.status, env.message, Boolean(token))
      throw new ApiError(message, res.status, env.code ?? res.status, env.data ?? null, env.message ?? '')
    }
    return { code: env.code ?? 200, success: true, message: env.message ?? '', data: env.data as T }
  }

  return {
    request: <T>(path: string, opts: RequestOptions = {}) => send<T>(path, opts, false),
    get: <T>(path: string, query?: Query) => send<T>(path, { query }, false).then((e) => e.data),
    post: <T>(path: string, body?: unknown) => send<T>(path, { method: 'POST', body }, false).then((e) => e.data),
    put: <T>(path: string, body?: unknown) => send<T>(path, { method: 'PUT', body }, false).then((e) => e.data),
    del: <T>(path: string, body?: unknown) => send<T>(path, { method: 'DELETE', body }, false).then((e) => e.data),
    refreshTokens,
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

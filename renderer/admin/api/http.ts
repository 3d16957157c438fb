import { buildUrl, createApiClient, localTokenStore, type Pagination, type Query } from '../../common/api/client'
import { ApiError, messageForStatus } from '../../common/api/errors'

export const ADMIN_TOKEN_KEY = 'admin_token'
export const ADMIN_REFRESH_KEY = 'admin_refresh_token'
export const ADMIN_INFO_KEY = 'admin_info'

export const adminTokens = localTokenStore(ADMIN_TOKEN_KEY, ADMIN_REFRESH_KEY, [ADMIN_INFO_KEY])

type ExpiredHandler = (message: string) => void
let expiredHandler: ExpiredHandler | null = null

/** The layout registers what to do once the stored admin session is no longer accepted. */
export function onAdminSessionExpired(handler: ExpiredHandler | null): void {
  expiredHandler = handler
}

export const SESSION_EXPIRED_MESSAGE = '登录已过期，请重新登录'

const client = createApiClient({
  tokens: adminTokens,
  refreshPath: '/auth/admin/refresh',
  onSessionExpired: () => expiredHandler?.(SESSION_EXPIRED_MESSAGE),
})

export interface ListResult<T> {
  items: T[]
  pagination: Pagination
}

interface RawEnvelope {
  code?: number
  success?: boolean
  message?: string
  data?: unknown
  pagination?: Partial<Pagination> & { totalPages?: number }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function toNumber(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback
}

/**
 * Reads a list reply: data is the list, or data.data (or data.list / data.items);
 * pagination sits beside data or inside it, with pages or totalPages.
 */
export function normalizeList<T>(env: RawEnvelope, requested: { page: number; limit: number }): ListResult<T> {
  const data = env.data
  let items: unknown[] = []
  let pag: unknown = env.pagination
  if (Array.isArray(data)) items = data
  else if (isRecord(data)) {
    const inner = data.data ?? data.list ?? data.items ?? data.rows
    if (Array.isArray(inner)) items = inner
    pag ??= data.pagination
  }
  const p = isRecord(pag) ? pag : {}
  const limit = toNumber(p.limit, requested.limit)
  const total = toNumber(p.total, items.length)
  const pages = toNumber(p.pages ?? p.totalPages, Math.max(1, Math.ceil(total / Math.max(1, limit))))
  return {
    items: items as T[],
    pagination: { page: toNumber(p.page, requested.page), limit, total, pages: Math.max(1, pages) },
  }
}

/** GET that keeps the whole envelope (the shared client returns only `data`). */
async function getEnvelope(path: string, query: Query | undefined, retried: boolean): Promise<RawEnvelope> {
  const token = adminTokens.getAccess()
  let res: Response
  try {
    res = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new ApiError('网络错误，请稍后重试', 0, 0)
  }
  let env: RawEnvelope = {}
  try {
    env = (await res.json()) as RawEnvelope
  } catch {
    /* non-JSON reply */
  }
  if (res.status === 401 && token) {
    if (!retried && (await client.refreshTokens())) return getEnvelope(path, query, true)
    adminTokens.clear()
    expiredHandler?.(SESSION_EXPIRED_MESSAGE)
  }
  if (!res.ok || env.success === false) {
    const message = res.ok ? env.message || '请求失败' : messageForStatus(res.status, env.message, Boolean(token))
    throw new ApiError(message, res.status, env.code ?? res.status, env.data ?? null)
  }
  return env
}

export const adminApi = {
  get: client.get,
  post: client.post,
  put: client.put,
  del: client.del,
  request: client.request,
  async list<T>(path: string, query: Query & { page: number; limit: number }): Promise<ListResult<T>> {
    const env = await getEnvelope(path, query, false)
    return normalizeList<T>(env, query)
  },
}

export type AdminApi = typeof adminApi

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message
  return typeof err === 'string' ? err : ''
}

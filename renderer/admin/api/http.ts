import type { AdminList } from '../../../server/contract/admin/list'
import { createApiClient, localTokenStore, type Query } from '../../common/api/client'
import { ApiError } from '../../common/api/errors'

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

/** One page of an admin resource: the contract's list reply (`data.data`, `data.pagination`). */
export type ListResult<T> = AdminList<T>

export const adminApi = {
  get: client.get,
  post: client.post,
  put: client.put,
  del: client.del,
  request: client.request,
  /** GET of an admin resource list: `{ data: rows, pagination }` (server/contract/admin/list.ts). */
  list: <T>(path: string, query: Query & { page: number; limit: number }): Promise<ListResult<T>> => client.get<ListResult<T>>(path, query),
}

export type AdminApi = typeof adminApi

/**
 * The message of a failed call. The admin catalogue (§8) shows the server's message when it sent one, 5xx
 * included (the member app's generic 服务器内部错误 would hide what went wrong from the people who can fix it).
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status >= 500 && err.serverMessage) return err.serverMessage
  if (err instanceof Error) return err.message
  return typeof err === 'string' ? err : ''
}

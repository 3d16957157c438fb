/** The spec's error catalogue (member §8): one place that turns a failed call into the message users see. */
export const ERROR_MESSAGES = {
  sessionExpired: '登录已过期，已自动退出',
  unauthorized: '未授权访问',
  forbidden: '禁止访问',
  notFound: '请求的资源不存在',
  server: '服务器内部错误',
  network: '网络连接失败，请检查网络设置',
  config: '请求配置错误',
  timeout: '请求超时，请稍后重试',
} as const

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number,
    readonly data: unknown = null,
    /** The envelope's own message, also when `message` is the catalogue's text for the status (e.g. a 5xx). */
    readonly serverMessage = '',
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export function messageForStatus(status: number, serverMessage: string | undefined, hadToken: boolean): string {
  if (status === 401) return hadToken ? ERROR_MESSAGES.sessionExpired : serverMessage || ERROR_MESSAGES.unauthorized
  if (status === 403) return serverMessage || ERROR_MESSAGES.forbidden
  if (status === 404) return serverMessage || ERROR_MESSAGES.notFound
  if (status >= 500) return ERROR_MESSAGES.server
  return serverMessage || `请求失败 (${status})`
}

/** A load that failed because the record is not there (404/403/400 on a detail read), as opposed to a server or network failure that a retry may fix. */
export function isMissing(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 403 || err.status === 400)
}

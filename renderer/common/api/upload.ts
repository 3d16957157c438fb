import { buildUrl, type Envelope, type TokenStore } from './client'
import { ApiError, messageForStatus } from './errors'

/** Upload messages of the spec's catalogue (§8). */
export const UPLOAD_MESSAGES = {
  timeout: '上传超时，请检查网络或重试',
  failed: '上传失败',
  notLoggedIn: '未登录，请先登录',
} as const

export interface UploadOptions {
  /** API path under /api, e.g. '/upload/video'. */
  path: string
  form: FormData
  tokens: TokenStore
  /** Milliseconds; video uploads use 300 s. */
  timeout?: number
  /** 0..100 as bytes are sent. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/** multipart upload via XMLHttpRequest, because fetch cannot report upload progress. */
export function uploadWithProgress<T>({ path, form, tokens, timeout = 60_000, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const token = tokens.getAccess()
    if (!token) {
      reject(new ApiError(UPLOAD_MESSAGES.notLoggedIn, 401, 401))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', buildUrl(path))
    xhr.timeout = timeout
    xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)))
    }
    xhr.onload = () => {
      let env: Partial<Envelope<T>> = {}
      try {
        env = JSON.parse(xhr.responseText) as Envelope<T>
      } catch {
        /* non-JSON reply */
      }
      if (xhr.status >= 200 && xhr.status < 300 && env.success !== false) {
        onProgress?.(100)
        resolve(env.data as T)
      } else {
        const message = xhr.status >= 200 && xhr.status < 300 ? env.message || UPLOAD_MESSAGES.failed : messageForStatus(xhr.status, env.message, true)
        reject(new ApiError(message, xhr.status, env.code ?? xhr.status, env.data ?? null))
      }
    }
    xhr.onerror = () => reject(new ApiError(UPLOAD_MESSAGES.failed, 0, 0))
    xhr.ontimeout = () => reject(new ApiError(UPLOAD_MESSAGES.timeout, 0, 0))
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

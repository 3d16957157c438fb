/*
 * A client written from the specification's text alone (member-and-visitor.md "M", admin-back-office.md "A"),
 * not from Shiliu's code: what an independent front end would send and read.
 *
 * M §7: "Base path /api, JSON bodies, 60 s timeout. A reply with a code field is turned into success,
 * message, data, where success means code 200." A §7: "replies carry code (200 is success), message and
 * data, with pagination for lists". The bearer token comes from storage; a client with nothing stored sends
 * the header anyway, as many do (`Bearer null`), when `sendNullToken` is set.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface Reply<T> {
  status: number
  code: number
  success: boolean
  message: string
  data: T
}

export type Query = Record<string, string | number | boolean | undefined>

export interface RequestOptions {
  query?: Query
  body?: unknown
  form?: FormData
}

export class SpecClient {
  /** The access token in storage (null: a visitor). */
  token: string | null = null
  refreshToken: string | null = null

  constructor(
    private readonly origin: string,
    private readonly options: { sendNullToken?: boolean } = {},
  ) {}

  async request<T>(method: string, path: string, { query, body, form }: RequestOptions = {}): Promise<Reply<T>> {
    const url = new URL(`/api${path}`, this.origin)
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    const headers: Record<string, string> = {}
    if (this.token || this.options.sendNullToken) headers.Authorization = `Bearer ${this.token}`
    let payload: RequestInit['body']
    if (form) payload = form
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json'
      payload = JSON.stringify(body)
    }
    const res = await fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(60_000) })
    const reply = (await res.json()) as { code?: number; message?: string; data?: T }
    return { status: res.status, code: reply.code ?? res.status, success: reply.code === 200, message: reply.message ?? '', data: reply.data as T }
  }

  get<T>(path: string, query?: Query): Promise<Reply<T>> {
    return this.request<T>('GET', path, { query })
  }

  post<T>(path: string, body?: unknown): Promise<Reply<T>> {
    return this.request<T>('POST', path, { body })
  }

  put<T>(path: string, body?: unknown): Promise<Reply<T>> {
    return this.request<T>('PUT', path, { body })
  }

  del<T>(path: string, body?: unknown): Promise<Reply<T>> {
    return this.request<T>('DELETE', path, { body })
  }

  upload<T>(path: string, form: FormData): Promise<Reply<T>> {
    return this.request<T>('POST', path, { form })
  }
}

/** M §8: a failure is `success: false` with a message. Throws with the message so a test shows it. */
export function must<T>(reply: Reply<T>, what: string): T {
  if (!reply.success) throw new Error(`${what}: ${reply.status} ${reply.message}`)
  return reply.data
}

/** A §7: "data (a list, or data.data)". The rows, whichever of the two readings the reply follows. */
export function rowsOf<T>(data: T[] | { data: T[] }): T[] {
  return Array.isArray(data) ? data : data.data
}

/*
 * Plain node:http requests with a chosen agent, for tests that care about connections (keep-alive, the
 * Connection header) rather than just replies.
 */
import http from 'node:http'

export interface RawReply {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export function request(url: string, options: { method?: string; agent?: http.Agent; token?: string; json?: unknown } = {}): Promise<RawReply> {
  const target = new URL(url)
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json)
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (payload !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(payload))
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? 'GET', headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

export interface BytesReply {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body exactly as sent (still compressed when Content-Encoding says so). */
  bytes: Buffer
}

/** A request whose reply body is returned as raw bytes (fetch would decompress it and drop the evidence). */
export function requestBytes(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<BytesReply> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

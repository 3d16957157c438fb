/**
 * A Server-Sent Events client for tests: reads a real `text/event-stream` reply with fetch and parses its
 * events (id, event, data) and comments (heartbeats), as a browser's EventSource would.
 */
import { expect } from 'vitest'
import type { TestServer } from './server'

export interface StreamEvent {
  id: string | null
  event: string
  data: string
}

export interface EventStreamClient {
  status: number
  headers: Headers
  /** Comment lines seen so far (`: heartbeat`). */
  comments: string[]
  /** The next event that `match` accepts, or an error after `timeoutMs`. Earlier events that do not match are skipped. */
  next(match?: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const abort = new AbortController()
  const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal })
  const queue: StreamEvent[] = []
  const comments: string[] = []
  const waiter: { wake: (() => void) | null } = { wake: null }
  let done = false
  const ended = (async () => {
    if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const event: StreamEvent = { id: null, event: 'message', data: '' }
          let isEvent = false
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comments.push(line.slice(1).trim())
              continue
            }
            const field = /^(id|event|data): (.*)$/.exec(line)
            if (!field) continue
            isEvent = true
            if (field[1] === 'id') event.id = field[2]!
            else if (field[1] === 'event') event.event = field[2]!
            else event.data += field[2]!
          }
          if (isEvent) queue.push(event)
          waiter.wake?.()
        }
      }
    } catch {
      /* aborted by close() */
    } finally {
      done = true
      waiter.wake?.()
    }
  })()
  return {
    status: res.status,
    headers: res.headers,
    comments,
    ended,
    async next(match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const index = queue.findIndex(match)
        if (index >= 0) return queue.splice(0, index + 1).pop()!
        queue.length = 0
        if (done) throw new Error('the stream ended before the expected event')
        const left = deadline - Date.now()
        if (left <= 0) throw new Error('no matching event in time')
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiter.wake = () => {
            clearTimeout(timer)
            waiter.wake = null
            resolve()
          }
        })
      }
    },
    close: () => abort.abort(),
  }
}

/** The API's two streams: where a ticket is asked for, and where the ticket opens the stream. */
export const STREAMS = {
  member: { ticket: '/api/notifications/stream-ticket', stream: '/api/notifications/stream' },
  admin: { ticket: '/api/admin/stream-ticket', stream: '/api/admin/stream' },
} as const
export type StreamKind = keyof typeof STREAMS

/** A fresh ticket (valid 60 s) for `token`'s stream of that kind. */
export async function streamTicket(server: TestServer, kind: StreamKind, token: string): Promise<string> {
  const { status, body } = await server.call<{ ticket: string; expires_in: number }>('POST', STREAMS[kind].ticket, { token })
  expect(status).toBe(200)
  expect(body.data.expires_in).toBe(60)
  return body.data.ticket
}

/** Opens `token`'s stream of that kind with a fresh ticket; `extra` goes on the query (e.g. `&lastEventId=…`). */
export async function openStream(server: TestServer, kind: StreamKind, token: string, extra = ''): Promise<EventStreamClient> {
  const client = await openEventStream(`${server.url}${STREAMS[kind].stream}?ticket=${encodeURIComponent(await streamTicket(server, kind, token))}${extra}`)
  expect(client.status).toBe(200)
  return client
}

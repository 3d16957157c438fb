import { apiBase } from './env'

/*
 * One Server-Sent Events stream of the server (the member's notifications, the administrators' queue), kept
 * open: each connection asks for a new single-use ticket (an EventSource cannot send the Authorization header),
 * resumes after the last event id it saw, and after a failure or a drop reconnects after 1, 2, 4 … 60 seconds
 * (with jitter). The caller's poll covers the time the stream is down: `onState` says when it is live.
 */

export type LiveState = 'live' | 'down'

export interface LiveStreamOptions {
  /** A new ticket for each connection (POST …/stream-ticket). */
  ticket: () => Promise<string>
  /** The stream's path under the API base, e.g. `/api/notifications/stream`. */
  path: string
  /** Handlers of the named events, given the parsed `data`. */
  events: Record<string, (data: unknown) => void>
  /** The first event of a connection that counts as "delivering" (a count or a queue event). */
  liveOn: string
  onState?: (state: LiveState) => void
  /**
   * Once per connection, at its first `liveOn` event. `resumed`: the connection resumed after an event id, so
   * the server replayed what was missed; otherwise the stream only covers what happens from now on, and what
   * the page fetched before it opened may already be older than its first event.
   */
  onConnected?: (resumed: boolean) => void
}

const MAX_BACKOFF_MS = 60_000

/** Open the stream; returns what closes it for good. */
export function openLiveStream(options: LiveStreamOptions): () => void {
  if (typeof EventSource === 'undefined') return () => undefined
  let closed = false
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let attempt = 0
  let lastId: string | null = null

  const retry = () => {
    options.onState?.('down')
    if (closed) return
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++) * (0.5 + Math.random() / 2)
    timer = setTimeout(() => void connect(), delay)
  }

  const connect = async () => {
    try {
      const ticket = await options.ticket()
      if (closed) return
      const resume = lastId ? `&lastEventId=${encodeURIComponent(lastId)}` : ''
      let connected = false
      const es = new EventSource(`${apiBase()}${options.path}?ticket=${encodeURIComponent(ticket)}${resume}`)
      source = es
      for (const [name, handle] of Object.entries(options.events)) {
        es.addEventListener(name, (e) => {
          const event = e as MessageEvent<string>
          lastId = event.lastEventId || lastId
          if (name === options.liveOn) {
            attempt = 0
            options.onState?.('live')
            if (!connected) options.onConnected?.(resume !== '')
            connected = true
          }
          handle(JSON.parse(event.data) as unknown)
        })
      }
      // A failed or dropped stream: EventSource would retry with the spent ticket; start over with a new one.
      es.onerror = () => {
        es.close()
        if (source === es) source = null
        retry()
      }
    } catch {
      retry()
    }
  }

  void connect()
  return () => {
    closed = true
    clearTimeout(timer)
    source?.close()
  }
}

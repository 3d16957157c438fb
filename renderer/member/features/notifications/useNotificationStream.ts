import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import type { NotificationReply, UnreadByType } from '../../../../server/contract/notifications'
import { apiBase } from '../../../common/api/env'
import { toast } from '../../../common/components/toast'
import { api } from '../../api/client'
import { useSession } from '../../session/SessionContext'

/*
 * The signed-in member's live notifications (GET /api/notifications/stream, Server-Sent Events). Each new
 * notification refreshes the notification lists, each `counts` event replaces the unread counts the badges
 * show (and the desktop app's taskbar/dock badge and OS notifications, which follow those counts). A reply
 * or a mention also shows a subtle toast. While the stream is down the 60-second poll of useUnreadCounts
 * takes over; the stream reconnects with a new single-use ticket after 1, 2, 4 … 60 seconds (with jitter),
 * resuming after the last event it saw.
 */

type StreamState = 'off' | 'live' | 'down'

let state: StreamState = 'off'
const listeners = new Set<() => void>()

function setState(next: StreamState): void {
  if (state === next) return
  state = next
  for (const l of listeners) l()
}

const subscribe = (l: () => void) => (listeners.add(l), () => listeners.delete(l))

/** True while the stream delivers: the unread-count poll can rest. */
export function useStreamLive(): boolean {
  return useSyncExternalStore(subscribe, () => state === 'live')
}

/** Types that get a toast: replies to a comment, @mentions in a comment or a note. */
const TOASTED = new Set([5, 7, 8])
const MAX_BACKOFF_MS = 60_000

/** Mounted once in the member app: keeps one stream open while a member is signed in. */
export function NotificationStream(): null {
  const { user } = useSession()
  const userId = user?.user_id ?? null
  const qc = useQueryClient()
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return
    let closed = false
    let source: EventSource | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    let lastId: string | null = null

    const retry = () => {
      setState('down')
      if (closed) return
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++) * (0.5 + Math.random() / 2)
      timer = setTimeout(() => void connect(), delay)
    }

    const connect = async () => {
      try {
        const { ticket } = await api.post<{ ticket: string }>('/notifications/stream-ticket')
        if (closed) return
        const resume = lastId ? `&lastEventId=${encodeURIComponent(lastId)}` : ''
        source = new EventSource(`${apiBase()}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}${resume}`)
        source.addEventListener('counts', (e) => {
          const event = e as MessageEvent<string>
          lastId = event.lastEventId || lastId
          attempt = 0
          setState('live')
          qc.setQueryData<UnreadByType>(['unread', userId], JSON.parse(event.data) as UnreadByType)
        })
        source.addEventListener('notification', (e) => {
          const event = e as MessageEvent<string>
          lastId = event.lastEventId || lastId
          const n = JSON.parse(event.data) as NotificationReply
          void qc.invalidateQueries({ queryKey: ['notifications'] })
          if (TOASTED.has(n.type)) toast.info(`${n.from_nickname ?? '有人'}${n.title}`, 3000)
        })
        // A failed or dropped stream: EventSource would retry with the spent ticket; start over with a new one.
        source.onerror = () => {
          source?.close()
          source = null
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
      setState('off')
    }
  }, [userId, qc])
  return null
}

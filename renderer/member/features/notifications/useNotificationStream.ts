import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import type { NotificationReply, UnreadByType } from '../../../../server/contract/notifications'
import { openLiveStream } from '../../../common/api/live-stream'
import { refetchAfterPush, setPushedData } from '../../../common/api/pushed-data'
import { toast } from '../../../common/components/toast'
import { api } from '../../api/client'
import { useSession } from '../../session/SessionContext'

/*
 * The signed-in member's live notifications (GET /api/notifications/stream, Server-Sent Events). Each new
 * notification refreshes the notification lists, each `counts` event replaces the unread counts the badges
 * show (and the desktop app's taskbar/dock badge and OS notifications, which follow those counts); a fetch of
 * either still in flight, whose answer is older, is dropped (common/api/pushed-data.ts). A reply or a mention
 * also shows a subtle toast. While the stream is down the 60-second poll of useUnreadCounts
 * takes over; reconnecting (new ticket, backoff, resume) is common/api/live-stream.ts.
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

/** Mounted once in the member app: keeps one stream open while a member is signed in. */
export function NotificationStream(): null {
  const { user } = useSession()
  const userId = user?.user_id ?? null
  const qc = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const close = openLiveStream({
      ticket: async () => (await api.post<{ ticket: string }>('/notifications/stream-ticket')).ticket,
      path: '/api/notifications/stream',
      liveOn: 'counts',
      onState: setState,
      // A stream opened fresh (a page load, a new sign-in) announces nothing that happened before it: a list
      // fetched before it opened may be older than its first count (CI stop 35: a comment made during a page
      // load reached the badge, never the list). Fetched again, once per fresh connection.
      onConnected: (resumed) => void (resumed || refetchAfterPush(qc, ['notifications'])),
      events: {
        counts: (data) => void setPushedData<UnreadByType>(qc, ['unread', userId], () => data as UnreadByType),
        notification: (data) => {
          const n = data as NotificationReply
          void refetchAfterPush(qc, ['notifications'])
          if (TOASTED.has(n.type)) toast.info(`${n.from_nickname ?? '有人'}${n.title}`, 3000)
        },
      },
    })
    return () => {
      close()
      setState('off')
    }
  }, [userId, qc])
  return null
}

import { useQuery } from '@tanstack/react-query'
import { getUnreadCounts, type UnreadCounts } from '../../api/notifications'
import { useSession } from '../../session/SessionContext'
import { useStreamLive } from './useNotificationStream'

const ZERO: UnreadCounts = { comments: 0, likes: 0, collections: 0, follows: 0, system: 0, total: 0 }

/** Unread counts per kind; zero when logged out (they reset on logout). The stream keeps them live; the poll covers its absence. */
export function useUnreadCounts(): UnreadCounts {
  const { user } = useSession()
  const live = useStreamLive()
  const q = useQuery({
    queryKey: ['unread', user?.user_id],
    queryFn: getUnreadCounts,
    enabled: Boolean(user),
    refetchInterval: live ? false : 60_000,
    // The desktop app shows new notifications on the taskbar/dock also while its window is hidden.
    refetchIntervalInBackground: Boolean(window.shiliu),
    staleTime: 20_000,
  })
  return user ? q.data ?? ZERO : ZERO
}

/** Badge text: the number, or three dots above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '···' : String(count)
}

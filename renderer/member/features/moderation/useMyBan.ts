import { useQuery } from '@tanstack/react-query'
import type { BanText } from '../../../../server/contract/ban-text'
import { fetchMyBan } from '../../api/moderation'
import { useSession } from '../../session/SessionContext'

/** The signed-in member's ban in force (null when none), re-read each minute: a ban ends by itself. */
export function useMyBan(): BanText | null {
  const { user } = useSession()
  const ban = useQuery({ queryKey: ['my-ban', user?.user_id], queryFn: fetchMyBan, enabled: Boolean(user), refetchInterval: 60_000, staleTime: 30_000 })
  return user ? (ban.data ?? null) : null
}

import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { listCategories } from '../../api/posts'
import { channelsFrom, type Channel } from './channels'

/** Channels: 关注 first for a signed-in member, fixed 推荐, then the server's categories; if loading them fails only 关注 and 推荐 remain. */
export function useChannels(signedIn = false): { channels: Channel[]; loaded: boolean } {
  const q = useQuery({ queryKey: ['categories'], queryFn: listCategories, staleTime: 10 * 60_000, retry: 1 })
  const channels = useMemo(() => channelsFrom(q.data, signedIn), [q.data, signedIn])
  return { channels, loaded: q.isSuccess || q.isError }
}

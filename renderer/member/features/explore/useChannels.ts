import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { listCategories } from '../../api/posts'
import { channelsFrom, type Channel } from './channels'

/** Channels: fixed 推荐 first, then the server's categories; if loading them fails only 推荐 remains. */
export function useChannels(): { channels: Channel[]; loaded: boolean } {
  const q = useQuery({ queryKey: ['categories'], queryFn: listCategories, staleTime: 10 * 60_000, retry: 1 })
  const channels = useMemo(() => channelsFrom(q.data), [q.data])
  return { channels, loaded: q.isSuccess || q.isError }
}

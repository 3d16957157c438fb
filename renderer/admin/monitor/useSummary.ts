import { useQuery } from '@tanstack/react-query'
import type { MonitorSummary } from '../../../server/contract/admin/audit'
import { adminApi } from '../api/http'

/**
 * The back-office's headline numbers (open report groups, bans in force, ...), polled on the monitor's
 * minute: the side menu's queue badge and the monitor's figures share this one query.
 */
export const SUMMARY_KEY = ['admin-summary'] as const

export function useSummary(): MonitorSummary | undefined {
  const query = useQuery({
    queryKey: SUMMARY_KEY,
    // The signal lets a stream's newer count cancel this fetch outright (monitor/QueueStream.tsx).
    queryFn: async ({ signal }) => (await adminApi.request<MonitorSummary>('/admin/monitor/summary', { signal })).data,
    refetchInterval: 60_000,
    staleTime: 10_000,
  })
  return query.data
}

import { useQuery } from '@tanstack/react-query'
import type { MonitorSummary } from '../../../server/contract/admin/audit'
import { adminApi } from '../api/http'

/**
 * The back-office's headline numbers (open report groups, bans in force, ...), polled on the monitor's
 * minute: the side menu's queue badge and the monitor's figures share this one query.
 */
export function useSummary(): MonitorSummary | undefined {
  const query = useQuery({
    queryKey: ['admin-summary'],
    queryFn: () => adminApi.get<MonitorSummary>('/admin/monitor/summary'),
    refetchInterval: 60_000,
    staleTime: 10_000,
  })
  return query.data
}

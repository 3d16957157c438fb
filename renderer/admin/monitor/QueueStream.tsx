import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { MonitorSummary } from '../../../server/contract/admin/audit'
import type { StreamQueue } from '../../../server/contract/admin/stream'
import { openLiveStream } from '../../common/api/live-stream'
import { adminApi } from '../api/http'

/*
 * The back-office's live stream (GET /api/admin/stream): each `queue` event puts the open-queue count into the
 * summary query the side menu's badge reads (monitor/useSummary.ts), so a report filed anywhere moves the badge
 * at once. The summary's one-minute poll stays on: it is the fallback while the stream is down (the stream
 * reconnects by itself, common/api/live-stream.ts) and keeps the monitor's other figures fresh.
 */
export function QueueStream(): null {
  const qc = useQueryClient()
  useEffect(
    () =>
      openLiveStream({
        ticket: async () => (await adminApi.post<{ ticket: string }>('/admin/stream-ticket')).ticket,
        path: '/api/admin/stream',
        liveOn: 'queue',
        events: {
          queue: (data) => {
            const { open_reports } = data as StreamQueue
            if (qc.getQueryData<MonitorSummary>(['admin-summary'])) qc.setQueryData<MonitorSummary>(['admin-summary'], (prev) => prev && { ...prev, open_reports })
            else void qc.invalidateQueries({ queryKey: ['admin-summary'] })
          },
        },
      }),
    [qc],
  )
  return null
}

import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { MonitorSummary } from '../../../server/contract/admin/audit'
import type { StreamQueue } from '../../../server/contract/admin/stream'
import { openLiveStream } from '../../common/api/live-stream'
import { setPushedData } from '../../common/api/pushed-data'
import { adminApi } from '../api/http'
import { SUMMARY_KEY } from './useSummary'

/*
 * The back-office's live stream (GET /api/admin/stream): each `queue` event puts the open-queue count into the
 * summary query the side menu's badge reads (monitor/useSummary.ts), so a report filed anywhere moves the badge
 * at once (a summary fetch still in flight then is dropped: common/api/pushed-data.ts). The summary's one-minute poll stays on: it is the fallback while the stream is down (the stream
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
            void setPushedData<MonitorSummary>(qc, SUMMARY_KEY, (prev) => prev && { ...prev, open_reports })
          },
        },
      }),
    [qc],
  )
  return null
}

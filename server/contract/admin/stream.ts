import { z } from 'zod'
import { REPORT_TARGET_TYPES } from '../moderation'

/*
 * The administrators' live stream (GET /api/admin/stream, Server-Sent Events): a `report_group` event for
 * each new report group (its id is the event's `id:`), and a `queue` event with the open-queue count after
 * each batch and whenever the queue changes (a report filed, a group handled).
 */

export const adminStreamQuery = z.object({
  ticket: z.string().optional().describe('POST /admin/stream-ticket 取得的一次性凭证（浏览器 EventSource 无法发送请求头）'),
  lastEventId: z.string().regex(/^\d+$/).optional().describe('从该事件之后续传（等同 Last-Event-ID 请求头）'),
})

/** data of a `report_group` event. */
export const streamReportGroupSchema = z.object({
  id: z.number().int().describe('举报组 id'),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  report_count: z.number().int(),
  open: z.boolean().describe('是否仍待处理'),
  first_reported_at: z.string(),
})
export type StreamReportGroup = z.infer<typeof streamReportGroupSchema>

/** data of a `queue` event. */
export const streamQueueSchema = z.object({
  open_reports: z.number().int().describe('待处理的举报组（审核队列角标）'),
})
export type StreamQueue = z.infer<typeof streamQueueSchema>

import { z } from 'zod'
import { pageQuery, paginationSchema } from '../common'

/** The back-office's read-only outbox (SMTP_URL=outbox, issue 20): the messages the server wrote to DATA_DIR/outbox. */

export const OUTBOX_MESSAGES = { notOutbox: '未使用本地发件箱（SMTP_URL=outbox）' } as const

export const outboxEntrySchema = z.object({
  id: z.string().describe('同 name'),
  name: z.string().describe('文件名（DATA_DIR/outbox/ 下）'),
  created_at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().describe('纯文本正文'),
})
export type OutboxEntry = z.infer<typeof outboxEntrySchema>

export const outboxReply = z.object({ data: z.array(outboxEntrySchema), pagination: paginationSchema })
export type OutboxReply = z.infer<typeof outboxReply>

export const outboxQuery = pageQuery(20)

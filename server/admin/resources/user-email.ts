import { z } from 'zod'
import { textFilter } from '../../contract/admin/list'
import { EMAIL_MESSAGES, maskEmail, normaliseEmail } from '../../contract/email'
import { inList } from '../../db/reader'
import { query } from '../../db/sql'
import type { AppDeps } from '../../deps'
import { sendResetCodeFor } from '../../domain/email-accounts'
import type { Row } from '../fields'
import { actionWith, type FilterDef, type ResourceAction } from '../resource'

/*
 * The members' email on the users resource (issue 20): the table shows it masked (d***@example.edu), the
 * `email` filter finds the member of one whole address (any case; no partial matches, so the list cannot be
 * combed for addresses), and POST /admin/users/{id}/send-reset-code mails a reset code to the member's
 * bound address (audited; the administrator never sees or sets the code).
 */

/** Each row's masked email, for a page of users in one query. */
export async function loadMaskedEmails(deps: AppDeps, rows: Row[]): Promise<void> {
  const list = inList(rows.map((r) => Number(r.id)))
  const found = await query<{ id: number; email: string | null }>(deps.db, `SELECT id, email FROM users WHERE id IN ${list.sql}`, list.params)
  const byUser = new Map(found.map((r) => [Number(r.id), r.email]))
  for (const row of rows) row.email = maskEmail(byUser.get(Number(row.id)) ?? null)
}

export const emailExpansion = { email: z.string().nullable().describe('绑定邮箱（脱敏，如 d***@example.edu）；未绑定为 null') }

/** email=<a whole address>: the member bound to it (compared normalised, so any case matches). */
export const emailFilter: FilterDef = {
  sql: 'u.email',
  schema: textFilter,
  where: (value) => ({ sql: 'u.email = :email_filter', params: { email_filter: normaliseEmail(String(value)) } }),
}

export const emailActions: ResourceAction[] = [
  actionWith({
    method: 'post',
    path: '/send-reset-code',
    summary: '代用户发送找回密码验证码（发到用户绑定的邮箱，管理员看不到验证码）',
    action: 'send_reset_code',
    body: z.object({}),
    message: EMAIL_MESSAGES.adminResetSent,
    run: async ({ deps }, id) => {
      const email = await sendResetCodeFor(deps, id)
      return { detail: { email: maskEmail(email) } }
    },
  }),
]

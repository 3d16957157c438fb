import { BAN_DURATION_LABELS, BAN_DURATIONS, banEnd, type BanDuration } from '../../../server/contract/admin/reports'
import { errorMessage } from '../api/http'
import type { ActionContext, Row, RowAction } from '../table/types'
import { asText } from '../ui/format'
import type { IconName } from '../ui/icons'

/*
 * The moderation actions of the back-office (issue 18): one helper builds every queue action and the
 * users' ban / unban from what each asks the moderator (nothing, a confirmation, a reason, or a reason and a duration).
 */

export const BAN_CHOICES = BAN_DURATIONS.map((value) => ({ value, label: BAN_DURATION_LABELS[value] }))

type Ask = { kind: 'none' } | { kind: 'confirm'; message: string } | { kind: 'note'; message: string } | { kind: 'reason'; message: string; placeholder: string; requiredMessage: string } | { kind: 'ban'; message: string; /** The queue takes a duration; the users route (XiaoShiLiu v1.3) an end time. */ send: 'duration' | 'end_time' }

interface ActionSpec {
  id: string
  title: string
  icon: IconName
  /** POST {endpoint}/{id}{path}. */
  endpoint: string
  path: string
  ask: Ask
  done: string
  hidden?: (row: Row) => boolean
}

async function bodyFor(ask: Ask, title: string, ctx: ActionContext): Promise<Record<string, unknown> | null> {
  switch (ask.kind) {
    case 'none':
      return {}
    case 'confirm':
      return (await ctx.confirm(ask.message)) ? {} : null
    case 'note': {
      const note = await ctx.prompt({ title, message: ask.message, placeholder: '备注（选填）' })
      return note === null ? null : note ? { reason: note } : {}
    }
    case 'reason': {
      const reason = await ctx.prompt({ title, message: ask.message, placeholder: ask.placeholder, required: true, requiredMessage: ask.requiredMessage })
      return reason === null ? null : { reason }
    }
    case 'ban': {
      const picked = await ctx.choose({ title, message: ask.message, placeholder: '限制理由（会告诉对方）', required: true, requiredMessage: '请填写处理理由', choices: BAN_CHOICES })
      if (picked === null) return null
      if (ask.send === 'duration') return { reason: picked.text, duration: picked.choice }
      const end = banEnd(picked.choice as BanDuration)
      return end ? { reason: picked.text, end_time: end.toISOString() } : { reason: picked.text }
    }
  }
}

export function moderationAction(spec: ActionSpec): RowAction {
  return {
    id: spec.id,
    title: spec.title,
    icon: spec.icon,
    hidden: spec.hidden,
    async run(row, ctx) {
      const body = await bodyFor(spec.ask, spec.title, ctx)
      if (body === null) return
      try {
        await ctx.api.post(`${spec.endpoint}/${asText(row.id)}${spec.path}`, body)
        ctx.toast(spec.done, 'success')
      } catch (err) {
        ctx.toast(`操作失败: ${errorMessage(err) || '请稍后重试'}`, 'error')
      }
    },
  }
}

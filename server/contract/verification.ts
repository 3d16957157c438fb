import { z } from 'zod'
import { multiLine } from './common'
import { fixed, known } from '../i18n/message'

/*
 * Verification (认证) calls: POST /users/verification, GET /users/verification/status,
 * DELETE /users/verification/revoke (member-and-visitor.md §3 Verification application, §4, §5).
 * Type 1 is official (organisation), 2 personal: the member screen's reading (docs/decisions.md).
 */

export const VERIFICATION_TYPES = { official: 1, personal: 2 } as const
export const REASON_MAX = 200
const FIELD_MAX = 50

export const VERIFICATION_MESSAGES = {
  typeRequired: '请选择认证类型',
  contentRequired: '请填写认证信息',
  reasonTooLong: fixed('申请理由不能超过{max}个字符', { max: REASON_MAX }),
  fieldTooLong: fixed('填写内容不能超过{max}个字符', { max: FIELD_MAX }),
  pending: '您的认证申请正在审核中，请勿重复提交',
  approved: '您已通过认证，无需重复申请',
  nothingToRevoke: '没有可撤回的认证申请',
  submitted: '申请已提交',
  revoked: '申请已撤回',
} as const

/** The form of each type, in display order: field name, label in the stored table, message when missing. */
export const VERIFICATION_FORMS = {
  2: [
    { field: 'realName', label: '真实姓名', required: '请输入真实姓名' },
    { field: 'idCard', label: '身份证号', required: '请输入身份证号' },
    { field: 'occupation', label: '职业', required: '请输入职业' },
    { field: 'reason', label: '申请理由', required: '请输入申请理由' },
  ],
  1: [
    { field: 'organizationName', label: '机构名称', required: '请输入机构名称' },
    { field: 'creditCode', label: '统一社会信用代码', required: '请输入统一社会信用代码' },
    { field: 'contactName', label: '联系人', required: '请输入联系人姓名' },
    { field: 'contactPhone', label: '联系电话', required: '请输入联系电话' },
    { field: 'reason', label: '申请理由', required: '请输入申请理由' },
  ],
} as const

type FormField = (typeof VERIFICATION_FORMS)[1 | 2][number]['field']

/** snake_case names of the documented API accepted as aliases. */
const ALIASES: Record<string, FormField> = {
  real_name: 'realName',
  id_card: 'idCard',
  organization_name: 'organizationName',
  credit_code: 'creditCode',
  contact_name: 'contactName',
  contact_phone: 'contactPhone',
  description: 'reason',
  /** XiaoShiLiu v1.3.2's form sends the occupation as `title`. */
  title: 'occupation',
}

function applyAliases(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) }
  for (const [alias, name] of Object.entries(ALIASES)) if (out[name] === undefined && out[alias] !== undefined) out[name] = out[alias]
  return out
}

const field = z.string({ error: VERIFICATION_MESSAGES.contentRequired }).trim().max(REASON_MAX * 5, VERIFICATION_MESSAGES.fieldTooLong).refine(...multiLine('申请内容')).optional()
/** A form field as the document declares it: the transform below holds it to FIELD_MAX (the reason to REASON_MAX). */
const formField = field.meta({ maxLength: FIELD_MAX })
const reasonField = field.meta({ maxLength: REASON_MAX })

export interface VerificationRow {
  label: string
  value: string
}

export const verificationApplyBody = z.preprocess(
  applyAliases,
  z
    .object({
      type: z.coerce
        .number({ error: VERIFICATION_MESSAGES.typeRequired })
        .refine((t) => t === 1 || t === 2, VERIFICATION_MESSAGES.typeRequired)
        .meta({ enum: [1, 2] }),
      content: z.string({ error: VERIFICATION_MESSAGES.contentRequired }).max(10_000, VERIFICATION_MESSAGES.contentRequired).refine(...multiLine('申请内容')).optional(),
      realName: formField,
      idCard: formField,
      occupation: formField,
      reason: reasonField,
      organizationName: formField,
      creditCode: formField,
      contactName: formField,
      contactPhone: formField,
    })
    .transform((b, ctx) => {
      const type = b.type as 1 | 2
      const form = VERIFICATION_FORMS[type]
      const hasForm = form.some((f) => b[f.field] !== undefined)
      if (!hasForm) {
        if (!b.content?.trim()) {
          ctx.addIssue({ code: 'custom', message: VERIFICATION_MESSAGES.contentRequired, path: ['content'] })
          return z.NEVER
        }
        return { type, rows: null, content: b.content }
      }
      const rows: VerificationRow[] = []
      for (const f of form) {
        const value = b[f.field] ?? ''
        if (!value) {
          ctx.addIssue({ code: 'custom', message: f.required, path: [f.field] })
          return z.NEVER
        }
        const max = f.field === 'reason' ? REASON_MAX : FIELD_MAX
        if (value.length > max) {
          ctx.addIssue({ code: 'custom', message: f.field === 'reason' ? VERIFICATION_MESSAGES.reasonTooLong : fixed('{label}不能超过{max}个字符', { label: known(f.label), max: FIELD_MAX }), path: [f.field] })
          return z.NEVER
        }
        rows.push({ label: f.label, value })
      }
      return { type, rows, content: null }
    }),
)
export type VerificationApplyBody = z.infer<typeof verificationApplyBody>

export const VERIFICATION_STATUS_TEXT = { 0: '审核中', 1: '已通过', 2: '未通过' } as const

/** One of the member's applications, as the member sees it: never the submitted content (ID-card numbers). */
export const verificationApplicationSchema = z.object({
  id: z.number().int(),
  status: z.number().int().describe('0 审核中 / 1 已通过 / 2 未通过'),
  statusText: z.string(),
  type: z.number().int().describe('1 官方认证 / 2 个人认证'),
  admin_note: z.string().nullable().describe('审核意见'),
  created_at: z.string(),
  audit_time: z.string().nullable(),
  verified: z.number().int().describe('当前认证标识'),
})
export type VerificationApplication = z.infer<typeof verificationApplicationSchema>

/** GET /users/verification/status: the member's applications, newest first (empty: none). */
export const verificationStatusReply = z.array(verificationApplicationSchema)
export type VerificationStatusReply = z.infer<typeof verificationStatusReply>

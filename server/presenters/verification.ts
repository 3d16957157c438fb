import { VERIFICATION_STATUS_TEXT, type VerificationStatus } from '../contract/verification'
import type { Verification } from '../db/entities'

/**
 * The applicant's view of their application: state, type, dates and the reviewer's note. The submitted
 * content (which holds an ID-card or credit-code number) is never sent back.
 */
export function presentVerification(v: Verification | null, verified: number): VerificationStatus {
  if (!v) return { id: null, status: null, statusText: '未申请', type: null, admin_note: null, created_at: null, audit_time: null, verified }
  return {
    id: v.id,
    status: v.status,
    statusText: VERIFICATION_STATUS_TEXT[v.status as 0 | 1 | 2] ?? '未知',
    type: v.type,
    admin_note: v.admin_note,
    created_at: v.created_at.toISOString(),
    audit_time: v.audit_time ? v.audit_time.toISOString() : null,
    verified,
  }
}

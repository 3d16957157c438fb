import { VERIFICATION_STATUS_TEXT, type VerificationApplication } from '../contract/verification'
import type { Verification } from '../db/entities'

/**
 * The applicant's view of one application: state, type, dates, the reviewer's note and the member's current
 * badge. The submitted content (which holds an ID-card or credit-code number) is never sent back.
 */
export function presentVerification(v: Verification, verified: number): VerificationApplication {
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

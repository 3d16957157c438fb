import type { MeReply, ReportReason, ReportTargetType } from '../../../server/contract/moderation'
import { api } from './client'

/** Reports and the signed-in member's ban (issue 18). */

export async function fileReport(target_type: ReportTargetType, target_id: string | number, reason: ReportReason, description: string): Promise<void> {
  await api.post<unknown>('/reports', { target_type, target_id, reason, description: description.trim() || null })
}

export async function reportStatus(target_type: ReportTargetType, target_id: string | number): Promise<boolean> {
  return (await api.get<{ reported: boolean }>('/reports/status', { target_type, target_id: String(target_id) })).reported
}

export async function fetchMyBan(): Promise<MeReply['ban']> {
  return (await api.get<MeReply>('/auth/me')).ban
}

/*
 * The report form's choices and limits (issue 18). A leaf module with no imports: the note viewer's report
 * button needs them, and the viewer is prefetched on explore, which must not download zod for them
 * (server/contract/moderation.ts builds the schemas from these).
 */
// i18n-ignore: the reasons are values clients send and moderators read; the apps label them
export const REPORT_REASONS = ['垃圾广告', '骚扰/人身攻击', '违法违规', '泄露隐私', '色情低俗', '其他'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export const REPORT_TARGET_TYPES = ['post', 'comment', 'user'] as const
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number]
export const REPORT_DESCRIPTION_MAX = 200

import sanitizeHtml from 'sanitize-html'
import { VERIFICATION_MESSAGES, type VerificationApplyBody, type VerificationRow } from '../contract/verification'
import { User, VERIFICATION_STATUS, Verification } from '../db/entities'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { Invalid, NotFound } from '../errors'
import { protectApplication } from './identity'
import { plainText } from './richtext'

/*
 * Verification applications (member-and-visitor.md §3, §4): none → pending (0) on submit → approved (1) or
 * rejected (2) by an administrator (server/admin/resources/verifications.ts). A member has at most one
 * application; they may withdraw it in any state, which removes it and, if it was approved, the badge.
 * Type 1 is official, 2 personal; an approval sets users.verified to the type.
 */

const TYPE_LABELS: Record<1 | 2, string> = { 1: '官方认证', 2: '个人认证' }

/** The stored content: a table of the form, escaped, then passed through an allow-list of table markup. */
const TABLE_ONLY: sanitizeHtml.IOptions = {
  allowedTags: ['table', 'thead', 'tbody', 'tr', 'th', 'td', 'p', 'br', 'strong', 'b'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function buildContent(type: 1 | 2, rows: readonly VerificationRow[]): string {
  const cells = [{ label: '认证类型', value: TYPE_LABELS[type] }, ...rows].map((r) => `<tr><th>${escape(r.label)}</th><td>${escape(r.value)}</td></tr>`)
  return sanitizeHtml(`<table><tbody>${cells.join('')}</tbody></table>`, TABLE_ONLY)
}

/** Content sent ready-made by a client (the member screen builds the table itself): sanitised the same way. */
function cleanContent(html: string): string {
  const clean = sanitizeHtml(html, TABLE_ONLY).trim()
  if (!plainText(clean)) throw Invalid(VERIFICATION_MESSAGES.contentRequired)
  return clean
}

/** The member's applications, newest first. */
export async function applicationsOf(deps: AppDeps, userId: number): Promise<Verification[]> {
  return deps.db.getRepository(Verification).find({ where: { user_id: userId }, order: { created_at: 'DESC', id: 'DESC' } })
}

/** Submit an application. A pending or approved one blocks a new one; a rejected one is replaced. */
export async function apply(deps: AppDeps, userId: number, body: VerificationApplyBody): Promise<Verification> {
  const clean = body.rows ? buildContent(body.type, body.rows) : cleanContent(body.content ?? '')
  // Stored masked, with the full table encrypted (domain/identity.ts); encrypted before the job.
  const stored = protectApplication(deps.config.dataKeys, clean)
  return inTransaction(deps.db, async (m) => {
    const repo = m.getRepository(Verification)
    const existing = await repo.find({ where: { user_id: userId } })
    if (existing.some((v) => v.status === VERIFICATION_STATUS.pending)) throw Invalid(VERIFICATION_MESSAGES.pending)
    if (existing.some((v) => v.status === VERIFICATION_STATUS.approved)) throw Invalid(VERIFICATION_MESSAGES.approved)
    if (existing.length) await repo.delete({ user_id: userId })
    return repo.save(repo.create({ user_id: userId, type: body.type, ...stored, status: VERIFICATION_STATUS.pending, admin_note: null, audit_time: null }))
  })
}

/** Withdraw, whatever the state; an approved application takes the badge with it. */
export async function revoke(deps: AppDeps, userId: number): Promise<void> {
  await inTransaction(deps.db, async (m) => {
    const repo = m.getRepository(Verification)
    const existing = await repo.find({ where: { user_id: userId } })
    if (!existing.length) throw NotFound(VERIFICATION_MESSAGES.nothingToRevoke)
    await repo.delete({ user_id: userId })
    if (existing.some((v) => v.status === VERIFICATION_STATUS.approved)) await m.getRepository(User).update({ id: userId }, { verified: 0 })
  })
}

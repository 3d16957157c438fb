/**
 * What the demo adds so that every back-office screen has something to show (issue 43, docs/demo-data.md
 * "Back-office showcase"): open reports of each kind in the moderation queue, a note and a comment held for
 * review, watched words of each action, a member under a timed ban, a warned member, mails in the outbox, a
 * data export ready to download, and a site notification for `demo` (so its centre has all nine types).
 *
 * Written offline after the generator, through the domain's own commands (the same rows, counters and
 * notifications a moderator's clicks would make), on targets chosen by id, so every demo start shows the same.
 */
import type { Logger } from 'pino'
import { BackgroundWork } from '../background'
import type { AppConfig, MailConfig } from '../config'
import type { DataSource } from 'typeorm'
import type { WatchAction } from '../contract/admin/moderation'
import type { ReportReason } from '../contract/moderation'
import { Moderation } from '../db/visibility'
import { query } from '../db/sql'
import type { SqlValue } from '../db/reader'
import type { AppDeps } from '../deps'
import { requestExport } from '../domain/data-export'
import { closeGroup } from '../domain/moderation-queue'
import { setCommentModeration, setNoteModeration } from '../domain/moderation-state'
import { createReport } from '../domain/reports'
import { addWatchedWord } from '../domain/watched-words'
import { emailCodeMessage, passwordResetNotice, resetCodeMessage } from '../mail/messages'
import { mailerOf } from '../mail/transport'

/** One watched word per action (the matcher folds case and width; none of them occurs in the corpus' notes). */
export const SHOWCASE_WORDS: ReadonlyArray<{ word: string; action: WatchAction }> = [
  { word: '代写论文', action: 'block' },
  { word: '加微信领资料', action: 'review' },
  { word: '笨蛋', action: 'replace' },
]
export const SHOWCASE_BAN_DAYS = 3
/** How many mails the outbox shows. */
export const SHOWCASE_MAILS = 3

export interface ShowcaseReport {
  openReports: Record<'post' | 'comment' | 'user', number>
  held: { noteId: number; commentId: number }
  warnedUserId: number
  bannedUserId: number
  mails: number
  exportId: number
}

const ids = async (db: DataSource, sql: string, params: SqlValue[] = []): Promise<number[]> => (await query<{ id: number }>(db, sql, params)).map((r) => Number(r.id))
const one = async (db: DataSource, sql: string, params: SqlValue[] = []): Promise<number> => {
  const [id] = await ids(db, sql, params)
  if (id === undefined) throw new Error(`demo showcase: nothing found for ${sql}`)
  return id
}

/** The mails go to the outbox folder whatever SMTP_URL says: a demo never sends real mail for its showcase. */
function outboxOnly(config: AppConfig): MailConfig {
  return { from: '石榴 <no-reply@localhost>', requiredForRegistration: false, intervalSeconds: 60, perDay: 10, ...config.mail, smtpUrl: 'outbox' }
}

export async function writeShowcase(db: DataSource, config: AppConfig, logger: Logger): Promise<ShowcaseReport> {
  const deps: AppDeps = { config: { ...config, mail: outboxOnly(config) }, db, logger, redis: null, startedAt: Date.now(), background: new BackgroundWork(logger) }
  const demoId = await one(db, 'SELECT id FROM users WHERE user_id = ?', ['demo'])
  const adminId = await one(db, 'SELECT id FROM admins ORDER BY id LIMIT 1')
  // Corpus people (not the demo member, not official accounts), the oldest first: targets' authors and reporters.
  const people = await ids(db, "SELECT id FROM users WHERE user_id <> 'demo' AND verified <> 1 ORDER BY id LIMIT 40")
  const used = new Set<number>()
  /** The first note (or comment) of a person not used yet; that person is then used. */
  const pick = async (table: 'posts' | 'comments'): Promise<{ id: number; author: number }> => {
    const visible = table === 'posts' ? 'is_draft = FALSE AND moderation = 0' : 'moderation = 0'
    for (const person of people) {
      if (used.has(person)) continue
      const [id] = await ids(db, `SELECT id FROM ${table} WHERE user_id = ? AND ${visible} ORDER BY id LIMIT 1`, [person])
      if (id !== undefined) {
        used.add(person)
        return { id, author: person }
      }
    }
    throw new Error(`demo showcase: no ${table} left to pick`)
  }
  const person = (): number => {
    const found = people.find((p) => !used.has(p))
    if (found === undefined) throw new Error('demo showcase: too few demo people')
    used.add(found)
    return found
  }
  /** Reporters: people who are not the target's author (the demo member first when `withDemo`). */
  const reporters = (author: number, n: number, withDemo = false) => [...(withDemo ? [demoId] : []), ...people.filter((p) => p !== author)].slice(0, n)
  const report = (reporter: number, target_type: 'post' | 'comment' | 'user', target_id: number | string, reason: ReportReason, description: string | null = null) =>
    createReport(db, reporter, { target_type, target_id, reason, description })
  const displayId = async (id: number) => (await query<{ user_id: string }>(db, 'SELECT user_id FROM users WHERE id = ?', [id]))[0]!.user_id
  const groupOf = async (reportId: number) => Number((await query<{ group_id: number }>(db, 'SELECT group_id FROM reports WHERE id = ?', [reportId]))[0]!.group_id)

  // 1. Watched words, one per action.
  for (const w of SHOWCASE_WORDS) await addWatchedWord(db, w)

  // 2. Held for review: a note and a comment, as if a review word had caught them.
  const heldNote = await pick('posts')
  await setNoteModeration(db, heldNote.id, Moderation.pending, '包含需要审核的词：加微信领资料')
  const heldComment = await pick('comments')
  await setCommentModeration(db, heldComment.id, Moderation.pending, '包含需要审核的词：加微信领资料')

  // 3. Open reports of each kind: a note (three reporters, the demo member among them), a comment, a member.
  const reportedNote = await pick('posts')
  const [r1, r2, r3] = reporters(reportedNote.author, 3, true) as [number, number, number]
  await report(r1, 'post', reportedNote.id, '垃圾广告')
  await report(r2, 'post', reportedNote.id, '垃圾广告')
  await report(r3, 'post', reportedNote.id, '其他', '标题党，内容和标题不符')
  const reportedComment = await pick('comments')
  await report(reporters(reportedComment.author, 1)[0]!, 'comment', reportedComment.id, '骚扰/人身攻击', '在评论区反复嘲讽别人')
  const reportedUser = person()
  await report(reporters(reportedUser, 1)[0]!, 'user', await displayId(reportedUser), '泄露隐私', '主页贴了别人的课表和宿舍号')

  // 4. A warned member (the demo member reported it: its report handled is its site notification).
  const warnedComment = await pick('comments')
  const [w1, w2] = reporters(warnedComment.author, 2, true) as [number, number]
  const warnedGroup = await groupOf(await report(w1, 'comment', warnedComment.id, '骚扰/人身攻击'))
  await report(w2, 'comment', warnedComment.id, '骚扰/人身攻击')
  await closeGroup(db, warnedGroup, { action: 'warn', adminId, reason: '请文明发言，再次违规将被封禁', postId: null })

  // 5. A member under a timed ban.
  const bannedUser = person()
  const bannedGroup = await groupOf(await report(reporters(bannedUser, 1)[0]!, 'user', await displayId(bannedUser), '垃圾广告', '私信群发广告'))
  await closeGroup(db, bannedGroup, { action: 'ban', adminId, reason: '群发广告', banEndsAt: new Date(Date.now() + SHOWCASE_BAN_DAYS * 86_400_000), postId: null })

  // 6. Mails in the outbox (SMTP_URL=outbox: files in DATA_DIR/outbox/, as the email features write them).
  const mailer = mailerOf(deps)!
  await mailer.send(emailCodeMessage('demo@example.edu', '482915'))
  await mailer.send(resetCodeMessage('demo@example.edu', '730264', 'demo'))
  await mailer.send(passwordResetNotice('demo@example.edu', 'demo', new Date()))

  // 7. The demo member's data export, built now and ready to download.
  const requested = await requestExport(deps, demoId)
  await deps.background.settled(60_000)
  const [exported] = await query<{ status: number }>(db, 'SELECT status FROM data_exports WHERE id = ?', [requested.id])
  if (!exported) throw new Error('demo showcase: the data export was not written')

  return {
    openReports: { post: 1, comment: 1, user: 1 },
    held: { noteId: heldNote.id, commentId: heldComment.id },
    warnedUserId: warnedComment.author,
    bannedUserId: bannedUser,
    mails: SHOWCASE_MAILS,
    exportId: Number(requested.id),
  }
}

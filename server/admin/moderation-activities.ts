import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm'
import { Admin, Comment, Report, ReportGroup, User, UserBan } from '../db/entities'
import type { AppDeps } from '../deps'
import { known, msg, type Message } from '../i18n/message'

/*
 * The activity monitor's moderation sources (issue 18 part 8): reports filed (by the reporter), the queue's
 * actions (on the target's author, at the time handled) and bans (on the member, at their start). Each
 * selects the monitor's columns plus `extra` (the moderator or the report's text).
 */

export type ModerationActivity = 'report_submit' | 'moderation_action' | 'user_ban'

interface Raw {
  title: string | null
  content: string | null
  extra?: string | null
  /** The queue action (moderation_action). */
  kind?: string | null
}

const NOUN: Record<string, string> = { post: '笔记', comment: '评论', user: '账号' }
const ACTION: Record<string, string> = { dismiss: '驳回', hide: '隐藏', restore: '恢复显示', delete: '删除', warn: '警告', ban: '限制账号' }

/** The note a report group's target is or belongs to (comments via their note), for the item's link. */
const POST_OF_TARGET = "CASE WHEN g.target_type = 'post' THEN g.target_id WHEN g.target_type = 'comment' THEN c.post_id ELSE NULL END"

export function moderationSource(deps: AppDeps, type: ModerationActivity): { qb: SelectQueryBuilder<ObjectLiteral>; at: string } {
  if (type === 'report_submit') {
    const qb = deps.db
      .getRepository(Report)
      .createQueryBuilder('x')
      .innerJoin(ReportGroup, 'g', 'g.id = x.group_id')
      .innerJoin(User, 'u', 'u.id = x.reporter_id')
      .leftJoin(Comment, 'c', "g.target_type = 'comment' AND c.id = g.target_id")
      .select(['x.id AS id', 'u.user_id AS user_id', `${POST_OF_TARGET} AS target_id`, 'u.avatar AS avatar', 'u.nickname AS nickname', 'g.target_type AS title', 'x.reason AS content', 'x.description AS extra', 'x.created_at AS created_at'])
    return { qb, at: 'x.created_at' }
  }
  if (type === 'moderation_action') {
    const qb = deps.db
      .getRepository(ReportGroup)
      .createQueryBuilder('x')
      .innerJoin(User, 'u', 'u.id = x.author_id')
      .leftJoin(Admin, 'm', 'm.id = x.resolved_by')
      .leftJoin(Comment, 'c', "x.target_type = 'comment' AND c.id = x.target_id")
      .select([
        'x.id AS id',
        'u.user_id AS user_id',
        POST_OF_TARGET.replace(/g\./g, 'x.') + ' AS target_id',
        'u.avatar AS avatar',
        'u.nickname AS nickname',
        'x.target_type AS title',
        'x.resolution AS kind',
        'x.resolution_note AS content',
        'm.username AS extra',
        'x.resolved_at AS created_at',
      ])
      .where('x.resolved_at IS NOT NULL')
    return { qb, at: 'x.resolved_at' }
  }
  const qb = deps.db
    .getRepository(UserBan)
    .createQueryBuilder('x')
    .innerJoin(User, 'u', 'u.id = x.user_id')
    .leftJoin(Admin, 'm', 'm.id = x.admin_id')
    .select(['x.id AS id', 'u.user_id AS user_id', 'NULL AS target_id', 'u.avatar AS avatar', 'u.nickname AS nickname', 'x.ends_at AS title', 'x.reason AS content', 'm.username AS extra', 'x.starts_at AS created_at'])
  return { qb, at: 'x.starts_at' }
}

/** The line after the member's name, as a message (rendered in the administrator's language by the caller). */
export function describeModeration(type: ModerationActivity, raw: Raw): Message {
  const noun = known(NOUN[raw.title ?? ''] ?? '内容')
  if (type === 'report_submit') return raw.extra ? msg('举报了{noun}：{text}', { noun, text: raw.extra }) : msg('举报了{noun}', { noun })
  const by = raw.extra ? msg('管理员 {name}', { name: raw.extra }) : known('管理员')
  if (type === 'user_ban') return raw.title ? msg('被{by} 限制账号', { by }) : msg('被{by} 限制账号（永久）', { by })
  const resolution = raw.kind ?? ''
  const action = ACTION[resolution] ? known(ACTION[resolution]) : resolution
  return resolution === 'dismiss' || resolution === 'ban' || resolution === 'warn' ? msg('的{noun}被举报，{by} {action}', { noun, by, action }) : msg('的{noun}被{by} {action}', { noun, by, action })
}

import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm'
import type { Activity, ActivityType, MonitorQuery } from '../contract/admin/audit'
import { ACTIVITY_TYPES, MONITOR_DEFAULT_LIMIT } from '../contract/admin/audit'
import { Comment, Post, User } from '../db/entities'
import { moderationSource, describeModeration, type ModerationActivity } from './moderation-activities'
import type { AppDeps } from '../deps'
import { toIso } from './fields'
import { msg, type Message } from '../i18n/message'
import { render } from '../i18n/format'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'

interface RawActivity {
  id: number | string
  user_id: string
  target_id: number | string | null
  avatar: string | null
  nickname: string | null
  title: string | null
  content: string | null
  created_at: Date | string
  /** The moderation sources' extra column (the moderator, the reason). */
  extra?: string | null
  kind?: string | null
}

/** Plain-text excerpt of stored (sanitised) rich text. */
export function excerpt(html: string | null, length = 100): string | null {
  if (html === null) return null
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
  return [...text].length > length ? `${[...text].slice(0, length).join('')}…` : text
}

function between(qb: SelectQueryBuilder<ObjectLiteral>, column: string, q: MonitorQuery): SelectQueryBuilder<ObjectLiteral> {
  if (q.date_from) qb.andWhere(`${column} >= :from`, { from: new Date(q.date_from) })
  if (q.date_to) {
    const to = new Date(q.date_to)
    const wholeDay = /^\d{4}-\d{2}-\d{2}$/.test(q.date_to)
    if (wholeDay) to.setUTCDate(to.getUTCDate() + 1)
    qb.andWhere(`${column} ${wholeDay ? '<' : '<='} :to`, { to })
  }
  return qb
}

/** Each source selects its time as created_at; `at` is the column behind it (for date filters and order). */
interface Source {
  qb: SelectQueryBuilder<ObjectLiteral>
  at: string
}

function source(deps: AppDeps, type: ActivityType): Source {
  if (type === 'report_submit' || type === 'moderation_action' || type === 'user_ban') return moderationSource(deps, type)
  return { qb: specSource(deps, type), at: 'x.created_at' }
}

function specSource(deps: AppDeps, type: Exclude<ActivityType, ModerationActivity>): SelectQueryBuilder<ObjectLiteral> {
  switch (type) {
    case 'user_register':
      return deps.db
        .getRepository(User)
        .createQueryBuilder('x')
        .select(['x.id AS id', 'x.user_id AS user_id', 'NULL AS target_id', 'x.avatar AS avatar', 'x.nickname AS nickname', 'NULL AS title', 'x.bio AS content', 'x.created_at AS created_at'])
    case 'post_publish':
      return deps.db
        .getRepository(Post)
        .createQueryBuilder('x')
        .innerJoin(User, 'u', 'u.id = x.user_id')
        .select(['x.id AS id', 'u.user_id AS user_id', 'x.id AS target_id', 'u.avatar AS avatar', 'u.nickname AS nickname', 'x.title AS title', 'x.content AS content', 'x.created_at AS created_at'])
        .where('x.is_draft = :draft', { draft: false })
    case 'comment_publish':
      return deps.db
        .getRepository(Comment)
        .createQueryBuilder('x')
        .innerJoin(User, 'u', 'u.id = x.user_id')
        .innerJoin(Post, 'p', 'p.id = x.post_id')
        .select(['x.id AS id', 'u.user_id AS user_id', 'x.post_id AS target_id', 'u.avatar AS avatar', 'u.nickname AS nickname', 'p.title AS title', 'x.content AS content', 'x.created_at AS created_at'])
  }
}

function describe(type: ActivityType, raw: RawActivity): Message {
  if (type === 'report_submit' || type === 'moderation_action' || type === 'user_ban') return describeModeration(type, raw)
  if (type === 'user_register') return msg('注册了账号')
  if (type === 'post_publish') return raw.title ? msg('发布了笔记《{title}》', { title: raw.title }) : msg('发布了笔记')
  return raw.title ? msg('评论了笔记《{title}》', { title: raw.title }) : msg('发表了评论')
}

/**
 * The activity feed: registrations, published notes and comments, newest first. One bounded query per
 * type (each already limited), merged and cut to the limit.
 */
export async function recentActivities(deps: AppDeps, q: MonitorQuery, locale: Locale = DEFAULT_LOCALE): Promise<Activity[]> {
  const limit = q.limit ?? MONITOR_DEFAULT_LIMIT
  const types: readonly ActivityType[] = q.activity_type ? [q.activity_type] : ACTIVITY_TYPES
  const batches = await Promise.all(
    types.map(async (type) => {
      const { qb, at } = source(deps, type)
      const rows = await between(qb, at, q).orderBy(at, 'DESC').addOrderBy('x.id', 'DESC').limit(limit).getRawMany<RawActivity>()
      return rows.map(
        (raw): Activity => ({
          id: Number(raw.id),
          type,
          user_id: String(raw.user_id),
          target_id: raw.target_id === null ? null : Number(raw.target_id),
          avatar: raw.avatar || null,
          nickname: raw.nickname,
          description: render(describe(type, raw), locale),
          content: type === 'moderation_action' || type === 'user_ban' || type === 'report_submit' ? raw.content : excerpt(raw.content),
          created_at: toIso(raw.created_at) ?? '',
        }),
      )
    }),
  )
  return batches
    .flat()
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .slice(0, limit)
}

import { z } from 'zod'
import { intFilter, textFilter } from '../../contract/admin/list'
import { noteApproveBody, noteRejectBody, SITE_SETTINGS, siteSettingUpdateBody, WATCH_ACTIONS, watchedWordCreateBody, watchedWordUpdateBody } from '../../contract/admin/moderation'
import { NOTE_STATUS } from '../../contract/posts'
import { Category, Comment, Post, SiteSetting, User, WatchedWord } from '../../db/entities'
import { Moderation } from '../../db/visibility'
import { approveComment, approveNote, rejectComment, rejectNote } from '../../domain/review-decisions'
import { updateSiteSetting } from '../../domain/site-settings'
import { addWatchedWord, removeWatchedWords, updateWatchedWord } from '../../domain/watched-words'
import { date, int, str } from '../fields'
import { actionWith, createWith, updateWith, type AdminResource } from '../resource'
import { COMMENT_FIELDS } from './comments'
import { NOTE_MEDIA } from './posts'

/**
 * Watched words (docs/moderation.md "Watched words and review"). Every change writes a new list version in
 * its transaction, so the next publish, comment or profile edit on any instance uses the new list.
 */
export const watchedWords: AdminResource = {
  name: 'watched-words',
  label: '敏感词',
  description: '敏感词（action：block 禁止发布，review 需要审核，replace 替换为***；匹配不区分大小写和全半角）',
  entity: WatchedWord,
  alias: 'w',
  fields: {
    id: int('w.id'),
    word: str('w.word'),
    action: str('w.action', { description: WATCH_ACTIONS.join(' / ') }),
    created_at: date('w.created_at'),
    updated_at: date('w.updated_at'),
  },
  filters: { action: { sql: 'w.action', schema: z.enum(WATCH_ACTIONS, { error: '处理方式只能是 block、review 或 replace' }) }, word: { sql: 'w.folded', schema: textFilter, op: 'like' } },
  search: ['w.word', 'w.folded'],
  sortable: ['id', 'word', 'action', 'created_at', 'updated_at'],
  defaultSort: { field: 'id', order: 'desc' },
  create: createWith(watchedWordCreateBody, ({ deps }, input) => addWatchedWord(deps.db, input)),
  update: updateWith(watchedWordUpdateBody, ({ deps }, id, input) => updateWatchedWord(deps.db, id, input)),
  remove: ({ deps }, ids) => removeWatchedWords(deps.db, ids),
}

/** The label of each setting, as SQL (the labels are constants of the contract). */
const settingLabel = `CASE s.name ${Object.entries(SITE_SETTINGS)
  .map(([name, spec]) => `WHEN '${name}' THEN '${spec.label}'`)
  .join(' ')} ELSE s.name END`

/** The settings the back-office edits (系统设置): read and update only; the rows come with the migrations. */
export const siteSettings: AdminResource = {
  name: 'settings',
  label: '设置',
  description: `系统设置（${Object.entries(SITE_SETTINGS)
    .map(([name, spec]) => `${name} ${spec.label}：${Object.entries(spec.values).map(([v, l]) => `${v} ${l}`).join('，')}`)
    .join('；')}）`,
  entity: SiteSetting,
  alias: 's',
  fields: {
    id: int('s.id'),
    name: str('s.name'),
    label: str(settingLabel),
    value: str('s.value'),
    updated_at: date('s.updated_at'),
  },
  sortable: ['id', 'name'],
  defaultSort: { field: 'id', order: 'asc' },
  update: updateWith(siteSettingUpdateBody, ({ deps }, id, input) => updateSiteSetting(deps.db, id, input.value, { providers: deps.config.oidc.length })),
}

/**
 * Held notes (审核中), the back-office's 待审核 screen and XiaoShiLiu v1.3's /admin/posts-audit: a view of
 * the notes table scoped to the pending state, with approve and reject (a reason the author reads).
 */
export const postsAudit: AdminResource = {
  name: 'posts-audit',
  label: '待审核笔记',
  description: '待审核的笔记（敏感词“需要审核”或笔记审核设置使其待审）：通过后公开发布，拒绝时作者可看到原因并修改后重新提交',
  entity: Post,
  alias: 'p',
  scope: `p.moderation = ${Moderation.pending}`,
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = p.user_id').leftJoin(Category, 'c', 'c.id = p.category_id'),
  fields: {
    id: int('p.id'),
    title: str('p.title'),
    content: str('p.content', { description: '已净化的富文本' }),
    user_id: int('p.user_id', { description: '作者数字ID' }),
    user_display_id: str('u.user_id', { description: '作者小石榴号' }),
    nickname: str('u.nickname'),
    category_id: int('p.category_id', { nullable: true }),
    category: str('c.name', { nullable: true }),
    type: int('p.type'),
    status: int(`CASE WHEN p.is_draft = TRUE THEN ${NOTE_STATUS.draft} WHEN p.moderation = ${Moderation.pending} THEN ${NOTE_STATUS.pending} WHEN p.moderation = ${Moderation.rejected} THEN ${NOTE_STATUS.rejected} ELSE ${NOTE_STATUS.published} END`, { description: '0 已发布，1 草稿，2 待审核，3 未通过（通过或拒绝后的回复中为新状态）' }),
    moderation: int('p.moderation'),
    moderation_reason: str('p.moderation_reason', { nullable: true }),
    created_at: date('p.created_at'),
    updated_at: date('p.updated_at'),
  },
  expand: NOTE_MEDIA,
  filters: { type: { sql: 'p.type', schema: intFilter }, category_id: { sql: 'p.category_id', schema: intFilter } },
  search: ['p.title', 'p.content'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'updated_at'],
  defaultSort: { field: 'updated_at', order: 'asc' },
  actions: [
    actionWith({ method: 'put', path: '/approve', summary: '通过：笔记公开发布，通知作者（及笔记中@的用户）', action: 'approve', message: '审核通过成功', body: noteApproveBody, run: ({ deps }, id) => approveNote(deps.db, id) }),
    actionWith({ method: 'put', path: '/reject', summary: '拒绝（reason 必填）：作者看到「未通过：原因」，可修改后重新提交', action: 'reject', message: '已拒绝', body: noteRejectBody, run: ({ deps }, id, input) => rejectNote(deps.db, id, input.reason) }),
  ],
}

/** Held comments (a review word): approve or reject, as for notes. */
export const commentsAudit: AdminResource = {
  name: 'comments-audit',
  label: '待审核评论',
  description: '待审核的评论（含“需要审核”的敏感词）：通过后公开显示并通知相关用户',
  entity: Comment,
  alias: 'c',
  scope: `c.moderation = ${Moderation.pending}`,
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = c.user_id').leftJoin(Post, 'p', 'p.id = c.post_id'),
  fields: {
    ...COMMENT_FIELDS,
    moderation: int('c.moderation'),
    moderation_reason: str('c.moderation_reason', { nullable: true }),
    created_at: date('c.created_at'),
  },
  filters: { post_id: { sql: 'c.post_id', schema: intFilter } },
  search: ['c.content'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at'],
  defaultSort: { field: 'created_at', order: 'asc' },
  actions: [
    actionWith({ method: 'put', path: '/approve', summary: '通过：评论公开显示，通知笔记作者、被回复者和被@的用户', action: 'approve', message: '审核通过成功', body: noteApproveBody, run: ({ deps }, id) => approveComment(deps.db, id) }),
    actionWith({ method: 'put', path: '/reject', summary: '拒绝（reason 必填）：作者看到「未通过：原因」', action: 'reject', message: '已拒绝', body: noteRejectBody, run: ({ deps }, id, input) => rejectComment(deps.db, id, input.reason) }),
  ],
}

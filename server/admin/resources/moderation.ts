import { textFilter } from '../../contract/admin/list'
import { SITE_SETTINGS, siteSettingUpdateBody, WATCH_ACTIONS, watchedWordCreateBody, watchedWordUpdateBody } from '../../contract/admin/moderation'
import { SiteSetting, WatchedWord } from '../../db/entities'
import { updateSiteSetting } from '../../domain/site-settings'
import { addWatchedWord, removeWatchedWords, updateWatchedWord } from '../../domain/watched-words'
import { date, int, str } from '../fields'
import { createWith, updateWith, type AdminResource } from '../resource'
import { z } from 'zod'

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
  description: `系统设置（post_review 笔记审核：${Object.entries(SITE_SETTINGS.post_review.values)
    .map(([v, l]) => `${v} ${l}`)
    .join('，')}）`,
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
  update: updateWith(siteSettingUpdateBody, ({ deps }, id, input) => updateSiteSetting(deps.db, id, input.value)),
}

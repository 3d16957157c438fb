import type { DataSource } from 'typeorm'
import { SITE_SETTINGS, type PostReviewMode, type SiteSettingName } from '../contract/admin/moderation'
import { SiteSetting } from '../db/entities'
import { execute, insertIgnore, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { Invalid } from '../errors'
import { known, msg } from '../i18n/message'

/*
 * The settings the back-office edits (系统设置), one row of site_settings each. Read at every write that
 * depends on them (a primary-key read), so a change applies from the next write on every instance.
 */

const isName = (name: string): name is SiteSettingName => Object.hasOwn(SITE_SETTINGS, name)

export async function readSiteSetting<N extends SiteSettingName>(db: DataSource, name: N): Promise<keyof (typeof SITE_SETTINGS)[N]['values']> {
  const [row] = await query<{ value: string }>(db, 'SELECT value FROM site_settings WHERE name = ?', [name])
  const values = SITE_SETTINGS[name].values as Record<string, string>
  const value = row && Object.hasOwn(values, row.value) ? row.value : SITE_SETTINGS[name].default
  return value as keyof (typeof SITE_SETTINGS)[N]['values']
}

/**
 * Every setting has its row, with its default, so the back-office lists and edits it. Run at each start
 * (insert-or-ignore: instances starting together, and rows an operator changed, are left as they are), not
 * in a migration, so a freshly migrated database stays empty for `npm run db:copy`.
 */
export async function ensureSiteSettings(db: DataSource): Promise<void> {
  const sql = insertIgnore(kindOf(db), 'site_settings', ['name', 'value'])
  await inTransaction(db, async (m) => {
    for (const [name, spec] of Object.entries(SITE_SETTINGS)) await execute(m, sql, [name, spec.default])
  }, { changesCards: false })
}

export const postReviewMode = (db: DataSource): Promise<PostReviewMode> => readSiteSetting(db, 'post_review')

/** Whether members may sign in and register with a local password (成员登录方式, issue 39 item 3). */
export const memberPasswordsAllowed = async (db: DataSource): Promise<boolean> => (await readSiteSetting(db, 'member_sign_in')) !== 'campus_only'

export const SIGN_IN_SETTING_MESSAGES = {
  noProvider: '尚未配置统一身份认证（OIDC_ISSUER），不能关闭密码登录',
  loginOff: '本站已关闭密码登录，请使用统一身份认证登录',
  registerOff: '本站已关闭注册，请使用统一身份认证登录',
} as const

/**
 * Set a setting's value; 400 when the setting does not take it, or when campus-only sign-in is chosen with
 * no identity provider configured (members could not sign in at all).
 */
export async function updateSiteSetting(db: DataSource, id: number, value: string, context: { providers: number } = { providers: 0 }): Promise<void> {
  const setting = await db.getRepository(SiteSetting).findOneByOrFail({ id })
  if (!isName(setting.name)) throw Invalid('该设置不能修改')
  const spec = SITE_SETTINGS[setting.name]
  if (!Object.hasOwn(spec.values, value)) throw Invalid(msg('{label}只能是：{values}', { label: known(spec.label), values: Object.keys(spec.values).join('、') }))
  if (setting.name === 'member_sign_in' && value === 'campus_only' && context.providers === 0) throw Invalid(SIGN_IN_SETTING_MESSAGES.noProvider)
  await inTransaction(db, (m) => m.getRepository(SiteSetting).update({ id }, { value }))
}

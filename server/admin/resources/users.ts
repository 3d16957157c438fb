import { hashPassword } from '../../auth/passwords'
import { closeAllSessions } from '../../auth/sessions'
import { AUTH_MESSAGES } from '../../contract/auth'
import { flagFilter, intFilter, textFilter } from '../../contract/admin/list'
import { userCreateBody, userUpdateBody, type UserUpdateBody } from '../../contract/admin/people'
import { DEFAULT_AVATAR, DEFAULT_BIO, DEFAULT_LOCATION } from '../../contract/users'
import { User } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import type { AppDeps } from '../../deps'
import { cleanBio, deleteAccount, isDisplayIdFree, updateProfile } from '../../domain/accounts'
import { Conflict } from '../../errors'
import { bool, date, int, list, str } from '../fields'
import { createWith, updateWith, type AdminResource } from '../resource'
import { banActions, banExpansion, banStatusFilter, loadBans } from './user-bans'
import { emailActions, emailExpansion, emailFilter, loadMaskedEmails } from './user-email'
import { identitiesExpansion, identityActions, loadIdentities } from './user-identities'

async function assertIdFree(deps: AppDeps, userId: string): Promise<void> {
  // A duplicate is a conflict, as for every other admin resource (a unique key: 409).
  if (!(await isDisplayIdFree(deps, userId))) throw Conflict(AUTH_MESSAGES.userIdTaken)
}

/** Account switches and credentials: display id, password, is_active, verified. Ends sessions when needed. */
async function updateAccount(deps: AppDeps, user: User, input: UserUpdateBody): Promise<void> {
  const patch: Partial<User> = {}
  if (input.user_id !== undefined && input.user_id !== user.user_id) {
    await assertIdFree(deps, input.user_id)
    patch.user_id = input.user_id
  }
  if (input.nickname !== undefined) patch.nickname = input.nickname
  if (input.verified !== undefined) patch.verified = input.verified
  if (input.is_active !== undefined) patch.is_active = input.is_active
  if (input.password !== undefined) patch.password_hash = await hashPassword(input.password)
  await inTransaction(deps.db, async (m) => {
    if (Object.keys(patch).length) await m.getRepository(User).update({ id: user.id }, patch)
    // Deactivation and a new password take effect at once: every session of the member ends.
    if (input.is_active === false || input.password !== undefined) await closeAllSessions(m, 'user', user.id)
  })
}

/**
 * Members. Counters are derived from rows and read-only here. Deactivating (is_active false) ends every
 * session and blocks login until reactivated; deleting goes through the account deletion command, which
 * removes everything of the member and recounts every counter those rows fed.
 */
export const users: AdminResource = {
  name: 'users',
  label: '用户',
  description: '用户账号（verified：0 未认证，1 官方认证，2 个人认证；ban：当前生效的限制，ban_status=banned 或 1 筛选被限制的用户（ban_status / ban_status_display 为 XiaoShiLiu v1.3.2 的写法）；email：脱敏的绑定邮箱，email=完整地址 筛选；identities：关联的统一身份认证）',
  entity: User,
  alias: 'u',
  fields: {
    id: int('u.id'),
    user_id: str('u.user_id', { description: '小石榴号（展示ID）' }),
    nickname: str('u.nickname'),
    avatar: str('u.avatar'),
    bio: str('u.bio', { nullable: true }),
    location: str('u.location', { description: 'IP属地' }),
    gender: str('u.gender', { nullable: true }),
    zodiac_sign: str('u.zodiac_sign', { nullable: true }),
    mbti: str('u.mbti', { nullable: true }),
    education: str('u.education', { nullable: true }),
    major: str('u.major', { nullable: true }),
    interests: list('u.interests'),
    follow_count: int('u.follow_count'),
    fans_count: int('u.fans_count'),
    post_count: int('u.post_count'),
    like_count: int('u.like_count', { description: '获赞数' }),
    collect_count: int('u.collect_count', { description: '被收藏数' }),
    verified: int('u.verified'),
    is_active: bool('u.is_active'),
    created_at: date('u.created_at'),
    updated_at: date('u.updated_at'),
  },
  filters: {
    is_active: { sql: 'u.is_active', schema: flagFilter },
    verified: { sql: 'u.verified', schema: intFilter },
    nickname: { sql: 'u.nickname', schema: textFilter, op: 'like' },
    location: { sql: 'u.location', schema: textFilter, op: 'like' },
    gender: { sql: 'u.gender', schema: textFilter },
    ban_status: banStatusFilter,
    email: emailFilter,
  },
  expand: {
    schema: { ...banExpansion, ...emailExpansion, ...identitiesExpansion },
    load: async (deps, rows) => {
      await loadBans(deps, rows)
      await loadMaskedEmails(deps, rows)
      await loadIdentities(deps, rows)
    },
  },
  actions: [...banActions, ...emailActions, ...identityActions],
  search: ['u.user_id', 'u.nickname'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'user_id', 'nickname', 'follow_count', 'fans_count', 'post_count', 'like_count', 'collect_count', 'verified', 'created_at'],
  create: createWith(userCreateBody, async ({ deps }, input) => {
    await assertIdFree(deps, input.user_id)
    const passwordHash = await hashPassword(input.password)
    const user = await inTransaction(deps.db, (m) => {
      const repo = m.getRepository(User)
      return repo.save(
        repo.create({
          user_id: input.user_id,
          nickname: input.nickname,
          password_hash: passwordHash,
          avatar: input.avatar || DEFAULT_AVATAR,
          bio: cleanBio(input.bio) || DEFAULT_BIO,
          location: input.location || DEFAULT_LOCATION,
          gender: input.gender ?? null,
          zodiac_sign: input.zodiac_sign ?? null,
          mbti: input.mbti ?? null,
          education: input.education ?? null,
          major: input.major ?? null,
          interests: input.interests?.length ? input.interests : null,
          verified: input.verified ?? 0,
          is_active: input.is_active ?? true,
        }),
      )
    })
    return user.id
  }),
  update: updateWith(userUpdateBody, async ({ deps }, id, input) => {
    const user = await deps.db.getRepository(User).findOneByOrFail({ id })
    const { user_id: _u, nickname: _n, password: _p, verified: _v, is_active: _a, ...profile } = input
    if (Object.values(profile).some((v) => v !== undefined)) await updateProfile(deps, user, profile)
    await updateAccount(deps, user, input)
  }),
  async remove({ deps }, ids) {
    for (const id of ids) await deleteAccount(deps, id)
  },
}

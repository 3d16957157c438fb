import { randomInt } from 'node:crypto'
import type { OidcProviderConfig } from '../config'
import { DEFAULT_AVATAR, DEFAULT_BIO, DEFAULT_LOCATION, NICKNAME_MAX, isDisplayIdShape } from '../contract/users'
import { User, UserIdentity } from '../db/entities'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { AppError, Invalid, NotFound } from '../errors'
import { msg } from '../i18n/message'
import { FlowError } from '../auth/oidc/flows'
import { isDisplayIdFree } from './accounts'
import { screenProfile } from './watched-words'
import { memberPasswordsAllowed } from './site-settings'

/*
 * Members' identities at OpenID providers (issue 39, docs/identity.md): the operator's rules, the member made
 * just in time at a first sign-in, linking from 账号与安全 and unlinking. An identity is matched by the
 * provider's `sub` only; an email the provider reports never joins an existing account by itself (whoever
 * controls the address at the provider would otherwise take the account over): its owner links it signed in.
 */

export const IDENTITY_MESSAGES = {
  missingSubject: '身份提供方没有提供账号标识，无法登录',
  domainRefused: (domains: string[]) => msg('本站仅允许 {domains} 邮箱的账号登录', { domains: domains.map((d) => '@' + d) }),
  groupRefused: '你的账号不在允许登录本站的用户组中，请联系管理员',
  emailTaken: '该邮箱已绑定本站的其他账号：请先用该账号登录，再在「账号与安全」中关联统一身份认证',
  linkedToOther: '该统一身份认证账号已关联本站的其他账号',
  alreadyLinked: '你的账号已关联该身份提供方的另一个账号，请先解除关联',
  notLinked: '尚未关联该登录方式',
  lastWay: '这是你唯一的登录方式：请先设置密码或关联其他登录方式，再解除关联',
  unknownProvider: '不存在该登录方式',
} as const

/** Claims of the ID token and the userinfo reply, merged (the ID token's win). */
export type Claims = Record<string, unknown> & { sub?: unknown }

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null)

/** The address the provider vouches for: only when it does not say the address is unverified. */
function emailOf(claims: Claims): string | null {
  const email = str(claims.email)?.toLowerCase() ?? null
  return email && claims.email_verified !== false && claims.email_verified !== 'false' ? email : null
}

/** The member's `sub`, or a refusal (no account is touched without it). */
export function subjectOf(claims: Claims): string {
  const sub = str(claims.sub)
  if (!sub || sub.length > 255) throw new FlowError(400, IDENTITY_MESSAGES.missingSubject, 'no sub claim')
  return sub
}

/**
 * The operator's rules, at every sign-in through the provider (not only the first: a member who left the
 * group or the school is refused from then on): the email's domain among OIDC_ALLOWED_DOMAINS, membership of
 * OIDC_REQUIRED_GROUP in the group claim. Refused: 403 with the reason the member can act on.
 */
export function checkRules(p: OidcProviderConfig, claims: Claims): void {
  if (p.allowedDomains.length) {
    const domain = emailOf(claims)?.split('@')[1]
    if (!domain || !p.allowedDomains.includes(domain)) {
      throw new FlowError(403, IDENTITY_MESSAGES.domainRefused(p.allowedDomains), `email domain not allowed (${domain ?? 'no verified email'})`)
    }
  }
  if (p.requiredGroup) {
    const value = claims[p.groupClaim]
    const groups = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\s,]+/) : []
    if (!groups.includes(p.requiredGroup)) throw new FlowError(403, IDENTITY_MESSAGES.groupRefused, `not in group ${p.requiredGroup} (claim ${p.groupClaim})`)
  }
}

/** A free display id: the provider's user name when it is one, else `u` and random digits. */
async function newDisplayId(deps: AppDeps, claims: Claims): Promise<string> {
  const preferred = str(claims.preferred_username)
  if (preferred && isDisplayIdShape(preferred) && (await isDisplayIdFree(deps, preferred))) return preferred
  for (;;) {
    const id = `u${randomInt(10 ** 8, 10 ** 9)}`
    if (await isDisplayIdFree(deps, id)) return id
  }
}

/** Unique-index conflicts (a concurrent first sign-in of the same identity): the caller looks again. */
const isConflict = (err: unknown) => !(err instanceof AppError) && /unique|duplicate|constraint/i.test(String((err as Error)?.message))

/** The member this identity signs in: linked already, or made now from the claims (with the identity). */
export async function memberForIdentity(deps: AppDeps, p: OidcProviderConfig, claims: Claims): Promise<User> {
  const subject = subjectOf(claims)
  const email = str(claims.email)?.toLowerCase().slice(0, 254) ?? null
  const linked = await deps.db.getRepository(UserIdentity).findOneBy({ provider: p.id, subject })
  if (linked) {
    await inTransaction(deps.db, (m) => m.getRepository(UserIdentity).update({ id: linked.id }, { last_login_at: new Date(), email }), { changesCards: false })
    const user = await deps.db.getRepository(User).findOneBy({ id: linked.user_id })
    if (user) return user
  }
  const verified = emailOf(claims)
  if (verified && (await deps.db.getRepository(User).existsBy({ email: verified }))) {
    throw new FlowError(409, IDENTITY_MESSAGES.emailTaken, 'verified email already bound to another member')
  }
  // i18n-ignore: a stored field value (the new member's nickname when the provider gives no name), not a message
  const rawName = str(claims.nickname) ?? str(claims.name) ?? str(claims.preferred_username) ?? '石榴用户'
  const nickname = [...rawName].slice(0, NICKNAME_MAX).join('')
  const screened = await screenProfile(deps.db, { nickname }, { nickname: NICKNAME_MAX, bio: 0 })
  const userId = await newDisplayId(deps, claims)
  try {
    return await inTransaction(deps.db, async (m) => {
      const user = await m.getRepository(User).save(
        m.getRepository(User).create({
          user_id: userId,
          nickname: screened.nickname ?? nickname,
          // No local password: '' never verifies (argon2 refuses it), so only the provider signs this member in.
          password_hash: '',
          avatar: DEFAULT_AVATAR,
          bio: DEFAULT_BIO,
          location: DEFAULT_LOCATION,
          email: verified,
        }),
      )
      await m.getRepository(UserIdentity).insert({ user_id: user.id, provider: p.id, subject, email, last_login_at: new Date() })
      deps.logger.info({ provider: p.id, userId: user.id }, 'oidc: member created at first sign-in')
      return user
    })
  } catch (err) {
    if (!isConflict(err)) throw err
    const again = await deps.db.getRepository(UserIdentity).findOneBy({ provider: p.id, subject })
    const user = again && (await deps.db.getRepository(User).findOneBy({ id: again.user_id }))
    if (user) return user
    throw err
  }
}

/** Link the identity to a signed-in member (from 账号与安全). */
export async function linkIdentity(deps: AppDeps, p: OidcProviderConfig, claims: Claims, userId: number): Promise<void> {
  const subject = subjectOf(claims)
  const email = str(claims.email)?.toLowerCase().slice(0, 254) ?? null
  const repo = deps.db.getRepository(UserIdentity)
  const existing = await repo.findOneBy({ provider: p.id, subject })
  if (existing) {
    if (existing.user_id !== userId) throw new FlowError(409, IDENTITY_MESSAGES.linkedToOther, 'identity linked to another member')
    return
  }
  if (await repo.existsBy({ user_id: userId, provider: p.id })) throw new FlowError(409, IDENTITY_MESSAGES.alreadyLinked, 'member has another identity at this provider')
  try {
    await inTransaction(deps.db, (m) => m.getRepository(UserIdentity).insert({ user_id: userId, provider: p.id, subject, email, last_login_at: null }), { changesCards: false })
  } catch (err) {
    if (isConflict(err)) throw new FlowError(409, IDENTITY_MESSAGES.linkedToOther, 'identity linked concurrently')
    throw err
  }
}

export interface IdentityView {
  provider: string
  name: string
  email: string | null
  linked_at: string
  last_login_at: string | null
}

/** A member's linked identities, named as the operator configured their providers. */
export async function listIdentities(deps: AppDeps, userId: number): Promise<IdentityView[]> {
  const rows = await deps.db.getRepository(UserIdentity).find({ where: { user_id: userId }, order: { id: 'ASC' } })
  return rows.map((r) => ({
    provider: r.provider,
    name: deps.config.oidc.find((p) => p.id === r.provider)?.name ?? r.provider,
    email: r.email,
    linked_at: r.created_at.toISOString(),
    last_login_at: r.last_login_at ? r.last_login_at.toISOString() : null,
  }))
}

/** Unlink, while another way to sign in remains (a local password or another identity). */
export async function unlinkIdentity(deps: AppDeps, userId: number, provider: string): Promise<void> {
  await inTransaction(deps.db, async (m) => {
    const identities = await m.getRepository(UserIdentity).findBy({ user_id: userId })
    const target = identities.find((i) => i.provider === provider)
    if (!target) throw NotFound(IDENTITY_MESSAGES.notLinked)
    const user = await m.getRepository(User).findOneBy({ id: userId })
    // With campus-only sign-in (成员登录方式) a password is no way in.
    const hasPassword = Boolean(user?.password_hash) && (await memberPasswordsAllowed(deps.db))
    if (!hasPassword && identities.length < 2) throw Invalid(IDENTITY_MESSAGES.lastWay)
    await m.getRepository(UserIdentity).delete({ id: target.id })
  }, { changesCards: false })
}

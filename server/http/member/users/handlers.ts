import { savedLocale } from '../../../i18n/locales'
import type { Context } from 'koa'
import { currentUser, viewer } from '../../../auth/middleware'
import { verifyPassword } from '../../../auth/passwords'
import { ACCOUNT_DELETE_MESSAGES, USER_MESSAGES, type AccountDeleteBody, type PasswordChangeBody, type ProfileUpdateBody, type UserParams } from '../../../contract/users'
import type { User } from '../../../db/entities'
import type { AppDeps } from '../../../deps'
import * as accounts from '../../../domain/accounts'
import { isBlocking } from '../../../domain/blocks'
import { presentProfile, presentSelf, presentStats } from '../../../presenters/user'
import { ok } from '../../envelope'
import { Forbidden, Invalid, NotFound } from '../../../errors'
import { validated } from '../../middlewares/validate'
import { profileByDisplayId } from './queries'

/** Profile, stats, personality tags; the owner's profile update, password change and account deletion. */

async function profileOr404(ctx: Context, deps: AppDeps) {
  const profile = await profileByDisplayId(deps, validated<never, never, UserParams>(ctx).params.id)
  if (!profile) throw NotFound(USER_MESSAGES.notFound)
  return profile
}

/**
 * The signed-in member's own account when `/users/{id}` names it: 404 when nobody has that id, 403 when it
 * is someone else's.
 */
export async function ownAccount(ctx: Context, deps: AppDeps, forbidden: string = USER_MESSAGES.notOwner): Promise<User> {
  const { id } = validated<never, never, UserParams>(ctx).params
  const me = currentUser(ctx)
  const target = await accounts.findByDisplayId(deps.db, id)
  if (!target) throw NotFound(USER_MESSAGES.notFound)
  if (target.id !== me.id) throw Forbidden(forbidden)
  return target
}

/** The profile, with whether the viewer blocked this member (no extra query for visitors). */
export async function getProfile(ctx: Context, deps: AppDeps): Promise<void> {
  const profile = await profileOr404(ctx, deps)
  ok(ctx, { ...presentProfile(profile), isBlocked: await isBlocking(deps, viewer(ctx)?.id ?? null, profile.id) })
}

export async function getStats(ctx: Context, deps: AppDeps): Promise<void> {
  ok(ctx, presentStats(await profileOr404(ctx, deps)))
}

/** The profile's personality fields, also as one ordered list of tags for the tag chips. */
export async function getPersonalityTags(ctx: Context, deps: AppDeps): Promise<void> {
  const p = presentProfile(await profileOr404(ctx, deps))
  const tags = [p.gender, p.zodiac_sign, p.mbti, p.education, p.major, ...p.interests].filter((t): t is string => Boolean(t))
  ok(ctx, { tags, gender: p.gender, zodiac_sign: p.zodiac_sign, mbti: p.mbti, education: p.education, major: p.major, interests: p.interests })
}

export async function updateProfile(ctx: Context, deps: AppDeps): Promise<void> {
  const user = await ownAccount(ctx, deps)
  const updated = await accounts.updateProfile(deps, user, validated<never, ProfileUpdateBody>(ctx).body)
  // A language chosen now answers this very reply in it.
  currentUser(ctx).locale = savedLocale(updated.locale)
  ok(ctx, presentSelf(updated), '资料更新成功')
}

export async function changePassword(ctx: Context, deps: AppDeps): Promise<void> {
  const user = await ownAccount(ctx, deps, '只能修改自己的密码')
  await accounts.changePassword(deps, user, currentUser(ctx).sessionId, validated<never, PasswordChangeBody>(ctx).body)
  ok(ctx, null, '密码修改成功')
}

export async function deleteAccount(ctx: Context, deps: AppDeps): Promise<void> {
  const user = await ownAccount(ctx, deps, '只能注销自己的账号')
  if (!(await verifyPassword(user.password_hash, validated<never, AccountDeleteBody>(ctx).body.password))) throw Invalid(ACCOUNT_DELETE_MESSAGES.passwordWrong)
  await accounts.deleteAccount(deps, user.id)
  ok(ctx, null, '账号已注销')
}

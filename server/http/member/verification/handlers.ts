import type { Context } from 'koa'
import { currentUser } from '../../../auth/middleware'
import { VERIFICATION_MESSAGES, type VerificationApplyBody, type VerificationStatusReply } from '../../../contract/verification'
import { User } from '../../../db/entities'
import type { AppDeps } from '../../../deps'
import * as verifications from '../../../domain/verifications'
import { presentVerification } from '../../../presenters/verification'
import { ok } from '../../envelope'
import { validated } from '../../middlewares/validate'

/** The signed-in member's own verification application: apply, status, withdraw. */

async function badgeOf(deps: AppDeps, userId: number): Promise<number> {
  const user = await deps.db.getRepository(User).findOne({ select: { id: true, verified: true }, where: { id: userId } })
  return Number(user?.verified ?? 0)
}

export async function apply(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  const application = await verifications.apply(deps, me.id, validated<never, VerificationApplyBody>(ctx).body)
  ok(ctx, presentVerification(application, await badgeOf(deps, me.id)), VERIFICATION_MESSAGES.submitted)
}

/** The member's applications as a list, newest first (the latest one first, with today's fields). */
async function applications(deps: AppDeps, userId: number): Promise<VerificationStatusReply> {
  const [list, badge] = await Promise.all([verifications.applicationsOf(deps, userId), badgeOf(deps, userId)])
  return list.map((v) => presentVerification(v, badge))
}

export async function status(ctx: Context, deps: AppDeps): Promise<void> {
  ok(ctx, await applications(deps, currentUser(ctx).id))
}

/** Withdraw; the reply is the list as it is afterwards. */
export async function revoke(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  await verifications.revoke(deps, me.id)
  ok(ctx, await applications(deps, me.id), VERIFICATION_MESSAGES.revoked)
}

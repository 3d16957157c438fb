import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentUser, requireUser } from '../../../auth/middleware'
import { EMAIL_MESSAGES, emailBody, emailCodeBody, resetPasswordBody, type EmailBody, type EmailCodeBody, type ResetPasswordBody } from '../../../contract/email'
import { User } from '../../../db/entities'
import type { AppDeps } from '../../../deps'
import * as email from '../../../domain/email-accounts'
import { NotFound } from '../../../errors'
import { ok } from '../../envelope'
import { registerLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'
import { localeOf } from '../../locale'

/**
 * Email binding and password reset under /api/auth, as XiaoShiLiu v1.3 names them (issue 20; docs/email.md).
 * Every send is limited per client address (the auth limit) and per email address and purpose (1 a minute,
 * 10 a day: domain/email-codes.ts). Binding works during a ban (it changes nothing anyone else sees and helps
 * the member keep the account); the reset calls need no session, so a banned member can reset too.
 */
export function registerEmailRoutes(router: Router, deps: AppDeps): void {
  const perClient = registerLimit(deps)
  const member = requireUser(deps, { duringBan: 'allowed' })
  router.get('/auth/email-config', (ctx) => config(ctx, deps))
  router.post('/auth/send-email-code', perClient, validate({ body: emailBody }), (ctx) => sendEmailCode(ctx, deps))
  router.post('/auth/bind-email', member, perClient, validate({ body: emailCodeBody }), (ctx) => bind(ctx, deps))
  router.delete('/auth/unbind-email', member, perClient, (ctx) => unbind(ctx, deps))
  router.post('/auth/send-reset-code', perClient, validate({ body: emailBody }), (ctx) => sendResetCode(ctx, deps))
  router.post('/auth/verify-reset-code', perClient, validate({ body: emailCodeBody }), (ctx) => verifyResetCode(ctx, deps))
  router.post('/auth/reset-password', perClient, validate({ body: resetPasswordBody }), (ctx) => resetPassword(ctx, deps))
}

function config(ctx: Context, deps: AppDeps): void {
  // What the register form needs: the email fields, and in classroom mode the class code (issue 43).
  ok(ctx, { emailEnabled: Boolean(deps.config.mail), emailRequired: Boolean(deps.config.mail?.requiredForRegistration), classCodeRequired: Boolean(deps.config.classroom) })
}

async function sendEmailCode(ctx: Context, deps: AppDeps): Promise<void> {
  await email.sendEmailCode(deps, validated<never, EmailBody>(ctx).body.email, localeOf(ctx))
  ok(ctx, null, EMAIL_MESSAGES.codeSent)
}

async function me(ctx: Context, deps: AppDeps): Promise<User> {
  const user = await deps.db.getRepository(User).findOneBy({ id: currentUser(ctx).id })
  if (!user) throw NotFound()
  return user
}

async function bind(ctx: Context, deps: AppDeps): Promise<void> {
  const bound = await email.bindEmail(deps, await me(ctx, deps), validated<never, EmailCodeBody>(ctx).body)
  ok(ctx, { email: bound }, EMAIL_MESSAGES.bound)
}

async function unbind(ctx: Context, deps: AppDeps): Promise<void> {
  await email.unbindEmail(deps, await me(ctx, deps))
  ok(ctx, { email: null }, EMAIL_MESSAGES.unbound)
}

async function sendResetCode(ctx: Context, deps: AppDeps): Promise<void> {
  await email.sendResetCode(deps, validated<never, EmailBody>(ctx).body.email, localeOf(ctx))
  ok(ctx, null, EMAIL_MESSAGES.resetCodeSent)
}

async function verifyResetCode(ctx: Context, deps: AppDeps): Promise<void> {
  await email.verifyResetCode(deps, validated<never, EmailCodeBody>(ctx).body)
  ok(ctx, { valid: true }, EMAIL_MESSAGES.codeVerified)
}

async function resetPassword(ctx: Context, deps: AppDeps): Promise<void> {
  await email.resetPassword(deps, validated<never, ResetPasswordBody>(ctx).body, localeOf(ctx))
  ok(ctx, null, EMAIL_MESSAGES.passwordReset)
}

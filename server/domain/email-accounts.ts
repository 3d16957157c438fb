import type { EmailCodeBody, ResetPasswordBody } from '../contract/email'
import { EMAIL_MESSAGES } from '../contract/email'
import { User } from '../db/entities'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { AppError, Forbidden, Invalid } from '../errors'
import { hashPassword } from '../auth/passwords'
import { clearLoginFailures } from '../auth/login-guard'
import { closeAllSessions } from '../auth/sessions'
import { emailCodeMessage, emailRemovedNotice, mailLocale, passwordResetNotice, resetCodeMessage } from '../mail/messages'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'
import { mailerOf, type MailMessage, type Mailer } from '../mail/transport'
import { checkCode, issueCode, spendSendAllowance } from './email-codes'

/*
 * Email binding and password reset (issue 20; XiaoShiLiu v1.3's calls). Decisions (docs/email.md):
 * - send-reset-code answers alike for every address: the allowance is spent and a code row written whether
 *   or not an active account has the address, and the mail leaves in the background, so neither the reply,
 *   its status nor its timing says whether the address is bound.
 * - send-email-code (registration, binding) sends to any address; whether it is taken is said only to whoever
 *   holds its code (bind-email / register), that is, to the address's owner.
 * - A reset ends every session of the account, clears its failed-login lock and notifies the address.
 */

function mailer(deps: AppDeps): Mailer {
  const m = mailerOf(deps)
  if (!m) throw Forbidden(EMAIL_MESSAGES.emailDisabled)
  return m
}

/** Send now, and say so when it fails (the member is waiting for this code). */
async function sendNow(deps: AppDeps, m: Mailer, message: MailMessage): Promise<void> {
  try {
    await m.send(message)
  } catch (err) {
    deps.logger.error({ err }, 'email could not be sent')
    throw new AppError(503, EMAIL_MESSAGES.sendFailed)
  }
}

/** Send without waiting (notices, and reset codes, whose reply must not wait on whether a mail goes). */
function sendLater(deps: AppDeps, m: Mailer, message: MailMessage): void {
  deps.background.run(() => m.send(message).catch((err: unknown) => deps.logger.error({ err }, 'email could not be sent')))
}

export const userByEmail = (deps: AppDeps, email: string): Promise<User | null> => deps.db.getRepository(User).findOneBy({ email })

/** `locale`: the request's language (http/locale.ts); an account's saved language wins over it (mail/messages.ts). */
export async function sendEmailCode(deps: AppDeps, email: string, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  const m = mailer(deps)
  await spendSendAllowance(deps, email, 'email')
  const code = await issueCode(deps, email, 'email')
  await sendNow(deps, m, emailCodeMessage(email, code, locale))
}

export async function sendResetCode(deps: AppDeps, email: string, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  const m = mailer(deps)
  await spendSendAllowance(deps, email, 'reset')
  const user = await userByEmail(deps, email)
  const code = await issueCode(deps, email, 'reset')
  if (user?.is_active) sendLater(deps, m, resetCodeMessage(email, code, user.user_id, mailLocale(user, locale)))
}

export async function verifyResetCode(deps: AppDeps, body: EmailCodeBody): Promise<void> {
  mailer(deps)
  await checkCode(deps, body.email, 'reset', body.emailCode, { consume: false })
}

export async function resetPassword(deps: AppDeps, body: ResetPasswordBody, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  const m = mailer(deps)
  await checkCode(deps, body.email, 'reset', body.emailCode, { consume: true })
  const user = await userByEmail(deps, body.email)
  // A code for an address no active account has was never sent: nobody can hold it.
  if (!user?.is_active) throw Invalid(EMAIL_MESSAGES.codeExpired)
  const passwordHash = await hashPassword(body.newPassword)
  await inTransaction(deps.db, async (tx) => {
    await tx.getRepository(User).update({ id: user.id }, { password_hash: passwordHash })
    await closeAllSessions(tx, 'user', user.id)
  })
  await clearLoginFailures(deps, 'user', user.user_id)
  sendLater(deps, m, passwordResetNotice(body.email, user.user_id, new Date(), mailLocale(user, locale)))
}

/** Bind (or change to) an address the member proved to hold; the code comes first, so only its owner learns it is taken. */
export async function bindEmail(deps: AppDeps, user: User, body: EmailCodeBody): Promise<string> {
  const m = mailer(deps)
  if (user.email === body.email) throw Invalid(EMAIL_MESSAGES.emailSame)
  await checkCode(deps, body.email, 'email', body.emailCode, { consume: true })
  await assertEmailFree(deps, body.email, user.id)
  try {
    await inTransaction(deps.db, (tx) => tx.getRepository(User).update({ id: user.id }, { email: body.email }))
  } catch (err) {
    await assertEmailFree(deps, body.email, user.id)
    throw err
  }
  if (user.email) sendLater(deps, m, emailRemovedNotice(user.email, user.user_id, true, mailLocale(user)))
  return body.email
}

export async function unbindEmail(deps: AppDeps, user: User): Promise<void> {
  if (!user.email) throw Invalid(EMAIL_MESSAGES.noEmailBound)
  await inTransaction(deps.db, (tx) => tx.getRepository(User).update({ id: user.id }, { email: null }))
  const m = mailerOf(deps)
  if (m) sendLater(deps, m, emailRemovedNotice(user.email, user.user_id, false, mailLocale(user)))
}

/** 400 该邮箱已被其他账号绑定 when another account has the address. */
export async function assertEmailFree(deps: AppDeps, email: string, exceptUserId?: number): Promise<void> {
  const owner = await userByEmail(deps, email)
  if (owner && owner.id !== exceptUserId) throw Invalid(EMAIL_MESSAGES.emailTaken)
}

/**
 * The registration's email step: required with EMAIL_REQUIRED_FOR_REGISTRATION, optional otherwise (given, it
 * is checked and bound). Returns the address to store, or null.
 */
export async function registrationEmail(deps: AppDeps, email: string | undefined, code: string | undefined): Promise<string | null> {
  if (!email) {
    if (deps.config.mail?.requiredForRegistration) throw Invalid(EMAIL_MESSAGES.registrationNeedsEmail)
    return null
  }
  mailer(deps)
  if (!code) throw Invalid(EMAIL_MESSAGES.codeRequired)
  await checkCode(deps, email, 'email', code, { consume: true })
  await assertEmailFree(deps, email)
  return email
}

/**
 * An administrator sends a reset code to a member's bound address (audited by the caller). The code goes only
 * to the address: the administrator never sees or sets it. Same limits as the member's own request.
 */
export async function sendResetCodeFor(deps: AppDeps, userId: number): Promise<string> {
  const m = mailer(deps)
  const user = await deps.db.getRepository(User).findOneByOrFail({ id: userId })
  if (!user.email) throw Invalid(EMAIL_MESSAGES.noEmailOfMember)
  if (!user.is_active) throw Invalid(EMAIL_MESSAGES.memberDisabled)
  await spendSendAllowance(deps, user.email, 'reset')
  const code = await issueCode(deps, user.email, 'reset')
  await sendNow(deps, m, resetCodeMessage(user.email, code, user.user_id, mailLocale(user)))
  return user.email
}

import type { EmailBindingReply, EmailConfigReply } from '../../../server/contract/email'
import { api } from './client'

/** Email binding and password reset (issue 20): the v1.3 calls under /auth. */

let config: Promise<EmailConfigReply> | null = null

/** Whether email is on (asked once per page load; a failure counts as off and is asked again next time). */
export function fetchEmailConfig(): Promise<EmailConfigReply> {
  config ??= api.get<EmailConfigReply>('/auth/email-config').catch(() => {
    config = null
    return { emailEnabled: false, emailRequired: false }
  })
  return config
}

export async function sendEmailCode(email: string): Promise<void> {
  await api.post<null>('/auth/send-email-code', { email })
}

export async function bindEmail(email: string, emailCode: string): Promise<string | null> {
  return (await api.post<EmailBindingReply>('/auth/bind-email', { email, emailCode })).email
}

export async function unbindEmail(): Promise<void> {
  await api.del<EmailBindingReply>('/auth/unbind-email')
}

export async function sendResetCode(email: string): Promise<void> {
  await api.post<null>('/auth/send-reset-code', { email })
}

export async function verifyResetCode(email: string, emailCode: string): Promise<void> {
  await api.post<{ valid: true }>('/auth/verify-reset-code', { email, emailCode })
}

export async function resetPassword(email: string, emailCode: string, newPassword: string): Promise<void> {
  await api.post<null>('/auth/reset-password', { email, emailCode, newPassword })
}

/** Change-password validation (spec §5) and the server-reply mapping of §8. */
export const PASSWORD_MESSAGES = {
  currentRequired: '请输入当前密码',
  newRequired: '请输入新密码',
  newShort: '新密码至少需要6位',
  mismatch: '两次输入的新密码不一致',
  wrongCurrent: '当前密码错误，请检查后重新输入',
  same: '新密码不能与当前密码相同',
  failed: '密码修改失败，请重试',
  ok: '密码修改成功',
} as const

export interface PasswordForm {
  current: string
  next: string
  confirm: string
}

export function validatePasswordForm(f: PasswordForm): Partial<Record<keyof PasswordForm, string>> {
  const e: Partial<Record<keyof PasswordForm, string>> = {}
  if (!f.current) e.current = PASSWORD_MESSAGES.currentRequired
  if (!f.next) e.next = PASSWORD_MESSAGES.newRequired
  else if (f.next.length < 6) e.next = PASSWORD_MESSAGES.newShort
  if (f.confirm !== f.next) e.confirm = PASSWORD_MESSAGES.mismatch
  return e
}

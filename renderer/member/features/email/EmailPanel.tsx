import { useState, type FormEvent } from 'react'
import { ApiError } from '../../../common/api/errors'
import { confirmDialog } from '../../../common/components/confirm'
import { toast } from '../../../common/components/toast'
import { bindEmail, sendEmailCode, unbindEmail } from '../../api/email'
import { useSession } from '../../session/SessionContext'
import { CodeFields, validateEmailCode } from './CodeFields'
import { useEmailConfig } from './useEmailConfig'

const failed = (err: unknown) => toast.error(err instanceof ApiError && err.message ? err.message : '操作失败，请稍后重试')

/** 绑定邮箱 in 账号与安全: bind an address with its code, change it (the new address's code), or unbind. Hidden when email is off. */
export function EmailPanel() {
  const config = useEmailConfig()
  const { user, updateUser } = useSession()
  const [editing, setEditing] = useState(false)
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({})
  const [busy, setBusy] = useState(false)
  if (!config?.emailEnabled || !user) return null
  const bound = user.email ?? null

  const reset = () => {
    setEditing(false)
    setEmail('')
    setCode('')
    setErrors({})
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const found = validateEmailCode(email, code)
    setErrors(found)
    if (found.email || found.code) return
    setBusy(true)
    try {
      const next = await bindEmail(email.trim(), code.trim())
      updateUser({ ...user, email: next })
      toast.success(bound ? '邮箱已更换' : '邮箱绑定成功')
      reset()
    } catch (err) {
      if (err instanceof ApiError && /验证码/.test(err.message)) setErrors({ code: err.message })
      else failed(err)
    } finally {
      setBusy(false)
    }
  }

  const onUnbind = async () => {
    if (!(await confirmDialog({ title: '解绑邮箱', message: '解绑后将无法通过邮箱找回密码，确定要解绑吗？', confirmText: '解绑' }))) return
    try {
      await unbindEmail()
      updateUser({ ...user, email: null })
      toast.success('邮箱已解绑')
    } catch (err) {
      failed(err)
    }
  }

  return (
    <section className="acc-section" aria-label="绑定邮箱">
      <h4>
        绑定邮箱 <small>用于找回密码</small>
      </h4>
      {bound && !editing && (
        <div className="email-bound">
          <span data-testid="bound-email">{bound}</span>
          <span className="email-bound-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)}>
              更换
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void onUnbind()}>
              解绑
            </button>
          </span>
        </div>
      )}
      {!bound && !editing && (
        <div className="email-bound">
          <span className="acc-muted">未绑定邮箱</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)}>
            绑定邮箱
          </button>
        </div>
      )}
      {editing && (
        <form className="email-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <CodeFields email={email} code={code} onEmail={setEmail} onCode={setCode} send={sendEmailCode} errors={errors} emailLabel={bound ? '新邮箱' : '邮箱'} />
          <span className="email-bound-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {busy ? '提交中...' : bound ? '确认更换' : '确认绑定'}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={reset}>
              取消
            </button>
          </span>
        </form>
      )}
    </section>
  )
}

import { useState, type FormEvent } from 'react'
import { ApiError } from '../../../common/api/errors'
import { confirmDialog } from '../../../common/components/confirm'
import { Modal } from '../../../common/components/Modal'
import { toast } from '../../../common/components/toast'
import { changePassword } from '../../api/auth'
import { deleteAccount } from '../../api/users'
import { useSession } from '../../session/SessionContext'
import { PASSWORD_MESSAGES, validatePasswordForm, type PasswordForm } from './passwordRules'
import { BlacklistPanel } from '../blocks/BlacklistPanel'
import { DataExportPanel } from './DataExportPanel'
import { SessionsPanel } from './SessionsPanel'
import { IdentitiesPanel } from '../identity/IdentitiesPanel'
import { EmailPanel } from '../email/EmailPanel'
import './account.css'

const EMPTY: PasswordForm = { current: '', next: '', confirm: '' }

/** Account and security: change password, the bound email, signed-in devices, the blacklist, export my data, delete the account. */
export function AccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, logout } = useSession()
  const [form, setForm] = useState<PasswordForm>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordForm, string>>>({})
  const [busy, setBusy] = useState(false)
  const [deletePassword, setDeletePassword] = useState('')

  const close = () => {
    setForm(EMPTY)
    setErrors({})
    setDeletePassword('')
    onClose()
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!user) return
    const found = validatePasswordForm(form)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await changePassword(user.user_id, form.current, form.next)
      toast.success(PASSWORD_MESSAGES.ok)
      close()
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : ''
      if (/当前密码|current/i.test(msg) && /错|wrong|incorrect/i.test(msg)) {
        setForm((f) => ({ ...f, current: '' }))
        setErrors({ current: PASSWORD_MESSAGES.wrongCurrent })
      } else if (/相同|same/i.test(msg)) setErrors({ next: PASSWORD_MESSAGES.same })
      else toast.error(PASSWORD_MESSAGES.failed)
    } finally {
      setBusy(false)
    }
  }

  const onDelete = async () => {
    if (!user || !deletePassword) return
    const ok = await confirmDialog({ title: '注销账号', message: '注销后你的笔记、评论和关注关系都将被删除且无法恢复，确定要注销吗？', confirmText: '注销' })
    if (!ok) return
    try {
      await deleteAccount(user.user_id, deletePassword)
      toast.success('账号已注销')
      close()
      await logout()
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : '操作失败，请稍后重试')
    }
  }

  const input = (key: keyof PasswordForm, label: string) => (
    <label className="acc-field">
      <span>{label}</span>
      <input
        className={`field-input ${errors[key] ? 'has-error' : ''}`}
        type="password"
        value={form[key]}
        maxLength={20}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      />
      {errors[key] && <em>{errors[key]}</em>}
    </label>
  )

  return (
    <Modal open={open} onClose={close} width={420} title="账号与安全">
      <div className="acc-user">
        石榴号：<b>{user?.user_id}</b>
      </div>
      <form className="acc-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h3>修改密码</h3>
        {input('current', '当前密码')}
        {input('next', '新密码')}
        {input('confirm', '确认新密码')}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? '提交中...' : '修改密码'}
        </button>
      </form>
      {open && <EmailPanel />}
      {open && <IdentitiesPanel />}
      {open && <SessionsPanel />}
      {open && <BlacklistPanel onNavigate={close} />}
      {open && <DataExportPanel />}
      <div className="acc-danger">
        <h3>注销账号</h3>
        <label className="acc-field">
          <span>当前密码（确认身份）</span>
          <input className="field-input" type="password" value={deletePassword} maxLength={200} autoComplete="current-password" onChange={(e) => setDeletePassword(e.target.value)} />
        </label>
        <button type="button" className="btn btn-ghost btn-sm" disabled={!deletePassword} onClick={() => void onDelete()}>
          注销账号
        </button>
      </div>
    </Modal>
  )
}

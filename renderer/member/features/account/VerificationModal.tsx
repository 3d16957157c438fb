import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { REASON_MAX, VERIFICATION_FORMS, VERIFICATION_STATUS_TEXT, type VerificationApplication, type VerificationStatusReply } from '../../../../server/contract/verification'
import { ApiError } from '../../../common/api/errors'
import { confirmDialog } from '../../../common/components/confirm'
import { Modal } from '../../../common/components/Modal'
import { Spinner } from '../../../common/components/Spinner'
import { toast } from '../../../common/components/toast'
import { api } from '../../api/client'
import './account.css'

type VType = 1 | 2

/** The latest of the member's applications (the list is newest first), or null when there is none. */
async function fetchLatest(): Promise<VerificationApplication | null> {
  return (await api.get<VerificationStatusReply>('/users/verification/status'))[0] ?? null
}

/** Apply for a verification badge (spec §4): type choice, the type's form, status with withdraw. */
export function VerificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient()
  const status = useQuery({ queryKey: ['verification'], queryFn: fetchLatest, enabled: open })
  const [type, setType] = useState<VType | null>(null)
  const [values, setValues] = useState<Record<string, string>>({})
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    if (!type) return setError('请选择认证类型')
    for (const f of VERIFICATION_FORMS[type]) {
      if (!values[f.field]?.trim()) return setError(f.required)
    }
    if ((values.reason ?? '').length > REASON_MAX) return setError(`申请理由不能超过${REASON_MAX}个字符`)
    setBusy(true)
    try {
      const body: Record<string, string | number> = { type }
      for (const f of VERIFICATION_FORMS[type]) body[f.field] = values[f.field]!.trim()
      await api.post<unknown>('/users/verification', body)
      toast.success('申请已提交')
      setValues({})
      await qc.invalidateQueries({ queryKey: ['verification'] })
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : '提交失败，请重试')
    } finally {
      setBusy(false)
    }
  }

  const revoke = async () => {
    if (!(await confirmDialog({ title: '撤回认证', message: '确定要撤回认证申请吗？', confirmText: '撤回' }))) return
    try {
      await api.del<unknown>('/users/verification/revoke')
      toast.success('申请已撤回')
      await qc.invalidateQueries({ queryKey: ['verification'] })
    } catch {
      toast.error('撤回失败，请重试')
    }
  }

  const s = status.data
  return (
    <Modal open={open} onClose={onClose} width={440} title="申请认证">
      {status.isLoading ? (
        <Spinner />
      ) : s ? (
        <div className="verify-status">
          <div className={`verify-badge s${s.status}`}>{VERIFICATION_STATUS_TEXT[s.status as 0 | 1 | 2] ?? '未知'}</div>
          <p>{s.type === 1 ? '官方认证' : '个人认证'}</p>
          {s.admin_note && <p className="verify-note">审核意见：{s.admin_note}</p>}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void revoke()}>
            撤回申请
          </button>
        </div>
      ) : (
        <div className="verify-form">
          <div className="more-segment verify-types" role="radiogroup" aria-label="认证类型">
            {([2, 1] as const).map((t) => (
              <button key={t} type="button" role="radio" aria-checked={type === t} className={type === t ? 'active' : ''} onClick={() => (setType(t), setError(''))}>
                {t === 1 ? '官方认证' : '个人认证'}
              </button>
            ))}
          </div>
          {type &&
            VERIFICATION_FORMS[type].map((f) => (
              <label key={f.field} className="acc-field">
                <span>{f.label}</span>
                {f.field === 'reason' ? (
                  <textarea className="field-input pe-bio" rows={3} maxLength={REASON_MAX} value={values[f.field] ?? ''} onChange={(e) => setValues((v) => ({ ...v, [f.field]: e.target.value }))} />
                ) : (
                  <input className="field-input" maxLength={50} value={values[f.field] ?? ''} onChange={(e) => setValues((v) => ({ ...v, [f.field]: e.target.value }))} />
                )}
              </label>
            ))}
          {error && <div className="auth-error">{error}</div>}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()}>
            {busy ? '提交中...' : '提交申请'}
          </button>
        </div>
      )}
    </Modal>
  )
}

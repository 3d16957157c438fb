import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, type ReportReason, type ReportTargetType } from '../../../../server/contract/report-reasons'
import { ApiError } from '../../../common/api/errors'
import { Modal } from '../../../common/components/Modal'
import { toast } from '../../../common/components/toast'
import { fileReport, reportStatus } from '../../api/moderation'
import { useSession } from '../../session/SessionContext'
import './report.css'

const NOUN: Record<ReportTargetType, string> = { post: '笔记', comment: '评论', user: '用户' }

export interface ReportButtonProps {
  targetType: ReportTargetType
  /** Note or comment id, or the user's 石榴号. */
  targetId: string | number
  className?: string
  /**
   * Ask the server whether this member already reported it (已举报 before any click). Lists of comments leave
   * it off (no request per row): a second report there answers 你已举报过该内容 and the button turns 已举报.
   */
  checkStatus?: boolean
}

/**
 * 举报 from a ⋯ menu (issue 18): a reason from the fixed list (其他 needs a text ≤ 200), then 已举报 until the
 * report is handled. Visitors get the login dialog.
 */
export function ReportButton({ targetType, targetId, className, checkStatus = true }: ReportButtonProps) {
  const { user, requireLogin } = useSession()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const key = ['report-status', user?.user_id, targetType, String(targetId)]
  const status = useQuery({ queryKey: key, queryFn: () => reportStatus(targetType, targetId), enabled: Boolean(user) && checkStatus, staleTime: 60_000 })
  const reported = status.data === true

  const submit = async () => {
    if (!reason) return toast.warning('请选择举报原因')
    if (reason === '其他' && !text.trim()) return toast.warning('请填写举报说明')
    setSending(true)
    try {
      await fileReport(targetType, targetId, reason, text)
      toast.success('举报成功，我们会尽快处理')
      setOpen(false)
      queryClient.setQueryData(key, true)
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : '举报失败，请稍后重试')
      if (err instanceof ApiError && err.status === 409) queryClient.setQueryData(key, true)
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className={`report-button ${className ?? ''}`}
        disabled={reported}
        onClick={() => {
          if (!requireLogin()) return
          setReason(null)
          setText('')
          setOpen(true)
        }}
      >
        {reported ? '已举报' : '举报'}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`举报${NOUN[targetType]}`} width={420} className="report-dialog">
        <div className="report-reasons" role="radiogroup" aria-label="举报原因">
          {REPORT_REASONS.map((r) => (
            <label key={r} className={`report-reason ${reason === r ? 'active' : ''}`}>
              <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              {r}
            </label>
          ))}
        </div>
        <textarea
          className="field-input report-text"
          rows={3}
          maxLength={REPORT_DESCRIPTION_MAX}
          placeholder={reason === '其他' ? '请填写举报说明（必填）' : '补充说明（选填）'}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="report-count">
          {[...text].length}/{REPORT_DESCRIPTION_MAX}
        </div>
        <div className="report-actions">
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            取消
          </button>
          <button type="button" className="btn btn-primary" disabled={sending} onClick={() => void submit()}>
            {sending ? '提交中...' : '提交举报'}
          </button>
        </div>
      </Modal>
    </>
  )
}

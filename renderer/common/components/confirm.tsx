import { useEffect, useId, useState } from 'react'
import { Modal } from './Modal'

/** Promise-based confirm dialog: `if (await confirmDialog({...})) ...`. Render <ConfirmHost/> once. */
export interface ConfirmOptions {
  title?: string
  message: string
  confirmText?: string
  cancelText?: string
  danger?: boolean
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void
}

let setPending: ((p: Pending | null) => void) | null = null

export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    if (!setPending) return resolve(window.confirm(options.message))
    setPending({ ...options, resolve })
  })
}

export function ConfirmHost() {
  const [pending, set] = useState<Pending | null>(null)
  const titleId = useId()
  useEffect(() => {
    setPending = set
    return () => {
      setPending = null
    }
  }, [])
  const finish = (ok: boolean) => {
    pending?.resolve(ok)
    set(null)
  }
  return (
    <Modal open={pending !== null} onClose={() => finish(false)} width={360} showClose={false} labelledBy={titleId}>
      {pending && (
        <div className="confirm">
          <div className="confirm-title" id={titleId}>{pending.title ?? '提示'}</div>
          <div className="confirm-message">{pending.message}</div>
          <div className="confirm-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => finish(false)}>
              {pending.cancelText ?? '取消'}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => finish(true)} data-autofocus>
              {pending.confirmText ?? '确定'}
            </button>
          </div>
        </div>
      )}
    </Modal>
  )
}

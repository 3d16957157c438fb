import { useId, type ReactNode } from 'react'
import { useModalDialog } from '../../common/hooks/useModalDialog'
import { Icon } from './icons'

interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  width?: number
}

/**
 * Admin dialog: a modal `<dialog>` (the shared useModalDialog: focus in, kept in, Escape, focus back to the opener,
 * page inert), named by its title. Its head and foot are plain blocks: a `<header>` here would be a second banner.
 */
export function Modal({ title, onClose, children, footer, width = 520 }: ModalProps) {
  const titleId = useId()
  const { ref, isTop } = useModalDialog(true, onClose)
  return (
    <dialog ref={ref} className="modal-backdrop dialog-cover" aria-labelledby={titleId} onMouseDown={(e) => e.target === e.currentTarget && isTop() && onClose()}>
      <div className="modal" style={{ width }}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="关闭">
            <Icon name="x" />
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer ? <div className="modal-footer">{footer}</div> : null}
      </div>
    </dialog>
  )
}

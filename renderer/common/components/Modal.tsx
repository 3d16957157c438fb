import { useId, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useModalDialog } from '../hooks/useModalDialog'
import { Icon } from './Icon'
import './components.css'

export interface ModalProps {
  open: boolean
  onClose: () => void
  children: ReactNode
  title?: ReactNode
  width?: number | string
  className?: string
  /** Close when the mask is clicked (default true). */
  maskClosable?: boolean
  showClose?: boolean
  /** Id of the element that names the dialog when it has no `title` (its accessible name). */
  labelledBy?: string
  /** The dialog's name when it has neither `title` nor `labelledBy`. */
  label?: string
}

/**
 * Dialog over a dimmed mask, a modal `<dialog>` (useModalDialog: focus in, kept in, Escape, focus back, page inert),
 * named by its title. The `<dialog>` is the full-screen mask; the card inside is what a click outside misses.
 */
export function Modal({ open, onClose, children, title, width = 400, className, maskClosable = true, showClose = true, labelledBy, label }: ModalProps) {
  const titleId = useId()
  const { ref, isTop } = useModalDialog(open, onClose)

  if (!open) return null
  return createPortal(
    <dialog
      ref={ref}
      className="modal-mask dialog-cover"
      aria-labelledby={title ? titleId : labelledBy}
      aria-label={title || labelledBy ? undefined : label}
      onMouseDown={(e) => {
        if (maskClosable && e.target === e.currentTarget && isTop()) onClose()
      }}
    >
      <div className={`modal-card ${className ?? ''}`} style={{ width }}>
        {showClose && (
          <button type="button" className="modal-close" aria-label="关闭" onClick={onClose}>
            <Icon name="close" size={18} />
          </button>
        )}
        {title && (
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
        )}
        {children}
      </div>
    </dialog>,
    document.body,
  )
}

import { useEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { isTopModal, popModal, pushModal } from '../hooks/modalStack'
import { lockScroll } from '../hooks/scrollLock'
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
  labelledBy?: string
}

/** Dialog over a dimmed mask: counted scroll lock, Escape/mask close for the topmost modal only. */
export function Modal({ open, onClose, children, title, width = 400, className, maskClosable = true, showClose = true, labelledBy }: ModalProps) {
  const idRef = useRef(0)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    if (!open) return
    const id = pushModal()
    idRef.current = id
    const unlock = lockScroll()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && isTopModal(id)) {
        e.stopPropagation()
        onCloseRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      popModal(id)
      unlock()
    }
  }, [open])

  if (!open) return null
  return createPortal(
    <div
      className="modal-mask"
      onMouseDown={(e) => {
        if (maskClosable && e.target === e.currentTarget && isTopModal(idRef.current)) onClose()
      }}
    >
      <div className={`modal-card ${className ?? ''}`} style={{ width }} role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
        {showClose && (
          <button type="button" className="modal-close" aria-label="关闭" onClick={onClose}>
            <Icon name="close" size={18} />
          </button>
        )}
        {title && <div className="modal-title">{title}</div>}
        {children}
      </div>
    </div>,
    document.body,
  )
}

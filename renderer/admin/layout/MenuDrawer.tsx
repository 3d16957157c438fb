import type { ReactNode } from 'react'
import { useModalDialog } from '../../common/hooks/useModalDialog'

/**
 * The phone menu: a modal `<dialog>` like every admin dialog (common/hooks/useModalDialog: focus in, Escape, focus
 * back to 打开菜单, the page inert); a click on the dimmed part closes it.
 */
export function MenuDrawer({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { ref } = useModalDialog(true, onClose)
  return (
    <dialog ref={ref} className="drawer-backdrop dialog-cover" aria-label="菜单" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      {children}
    </dialog>
  )
}

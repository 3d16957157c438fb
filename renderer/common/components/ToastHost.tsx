import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTopLayer } from '../hooks/useTopLayer'
import { subscribeToasts, type ToastItem } from './toast'
import './components.css'

const ICON: Record<ToastItem['kind'], string> = { success: '✓', error: '!', info: 'i', warning: '!' }

export function ToastHost() {
  const [items, setItems] = useState<readonly ToastItem[]>([])
  useEffect(() => subscribeToasts(setItems), [])
  const ref = useTopLayer<HTMLDivElement>(items)
  return createPortal(
    <div ref={ref} className="toast-host" aria-live="polite" popover="manual">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role="status">
          <span className="toast-icon">{ICON[t.kind]}</span>
          <span>{t.message}</span>
        </div>
      ))}
    </div>,
    document.body,
  )
}

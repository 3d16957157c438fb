import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { Icon } from '../../common/components/Icon'
import { readThemeColor, readThemeMode, saveThemeColor, saveThemeMode, THEME_COLORS, type ThemeMode } from '../../common/theme/theme'
import { useSession } from '../session/SessionContext'

const MODES: readonly { mode: ThemeMode; label: string }[] = [
  { mode: 'system', label: '跟随系统' },
  { mode: 'light', label: '浅色' },
  { mode: 'dark', label: '深色' },
]

type Dialog = 'about' | 'shortcuts' | 'account' | 'verify' | null

// Loaded on demand: it brings the shared contract (zod) along.
// The menu's dialogs load when they are opened (none is on the first screen).
const AboutModal = lazy(async () => ({ default: (await import('../features/account/AboutModal')).AboutModal }))
const ShortcutsModal = lazy(async () => ({ default: (await import('../features/account/ShortcutsModal')).ShortcutsModal }))
const AccountModal = lazy(async () => ({ default: (await import('../features/account/AccountModal')).AccountModal }))
const VerificationModal = lazy(async () => ({ default: (await import('../features/account/VerificationModal')).VerificationModal }))

/** More menu: about, shortcuts, account & security, colour theme, dark mode, logout or login. */
export function MoreMenu({ placement = 'up', trigger }: { placement?: 'up' | 'down'; trigger: (open: boolean, toggle: () => void) => ReactNode }) {
  const { user, logout, openAuth } = useSession()
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [mode, setMode] = useState<ThemeMode>(readThemeMode)
  const [color, setColor] = useState(readThemeColor)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  const pick = (d: Dialog) => {
    setOpen(false)
    setDialog(d)
  }

  return (
    <div className="more" ref={ref}>
      {trigger(open, () => setOpen((o) => !o))}
      {open && (
        <div className={`more-panel more-${placement}`} role="menu">
          <button type="button" className="more-item" role="menuitem" onClick={() => pick('about')}>
            <Icon name="info" size={18} /> 关于石榴
          </button>
          <button type="button" className="more-item" role="menuitem" onClick={() => pick('shortcuts')}>
            <Icon name="keyboard" size={18} /> 键盘快捷键
          </button>
          {user && (
            <button type="button" className="more-item" role="menuitem" onClick={() => pick('account')}>
              <Icon name="shield" size={18} /> 账号与安全
            </button>
          )}
          {user && (
            <button type="button" className="more-item" role="menuitem" onClick={() => pick('verify')}>
              <Icon name="verified" size={18} /> 申请认证
            </button>
          )}
          <div className="more-section">
            <div className="more-label" aria-hidden>
              <Icon name="palette" size={18} /> 主题色
            </div>
            {/* a menu holds menu items only: both choices are groups of menuitemradio (WAI-ARIA menu pattern) */}
            <div className="more-swatches" role="group" aria-label="主题色">
              {THEME_COLORS.map((c) => (
                <button
                  key={c.value}
                  type="button"
                  role="menuitemradio"
                  title={c.name}
                  aria-label={c.name}
                  aria-checked={color === c.value}
                  className={`swatch ${color === c.value ? 'active' : ''}`}
                  style={{ background: c.value }}
                  onClick={() => {
                    setColor(c.value)
                    saveThemeColor(c.value)
                  }}
                />
              ))}
            </div>
          </div>
          <div className="more-section">
            <div className="more-label" aria-hidden>
              <Icon name="moon" size={18} /> 深色模式
            </div>
            <div className="more-segment" role="group" aria-label="深色模式">
              {MODES.map((m) => (
                <button
                  key={m.mode}
                  type="button"
                  role="menuitemradio"
                  aria-checked={mode === m.mode}
                  className={mode === m.mode ? 'active' : ''}
                  onClick={() => {
                    setMode(m.mode)
                    saveThemeMode(m.mode)
                  }}
                >
                  {m.label}
                </button>
              ))}
            </div>
          </div>
          {user ? (
            <button
              type="button"
              className="more-item"
              role="menuitem"
              onClick={() => {
                setOpen(false)
                void logout()
              }}
            >
              <Icon name="logout" size={18} /> 退出登录
            </button>
          ) : (
            <button
              type="button"
              className="more-item"
              role="menuitem"
              onClick={() => {
                setOpen(false)
                openAuth('login')
              }}
            >
              <Icon name="user" size={18} /> 登录 / 注册
            </button>
          )}
        </div>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'about' && <AboutModal open onClose={() => setDialog(null)} />}
          {dialog === 'shortcuts' && <ShortcutsModal open onClose={() => setDialog(null)} />}
          {dialog === 'account' && <AccountModal open onClose={() => setDialog(null)} />}
          {dialog === 'verify' && <VerificationModal open onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </div>
  )
}

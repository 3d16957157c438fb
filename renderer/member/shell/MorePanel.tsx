import { useEffect, useRef, useState } from 'react'
import { Icon } from '../../common/components/Icon'
import { readThemeColor, readThemeMode, saveThemeColor, saveThemeMode, THEME_COLORS, type ThemeMode } from '../../common/theme/theme'
import { useSession } from '../session/SessionContext'

const MODES: readonly { mode: ThemeMode; label: string }[] = [
  { mode: 'system', label: '跟随系统' },
  { mode: 'light', label: '浅色' },
  { mode: 'dark', label: '深色' },
]

export type MoreDialog = 'about' | 'shortcuts' | 'account' | 'verify'

/**
 * The More menu's panel: about, shortcuts, account & security, colour theme, dark mode, logout or login. Loaded the
 * first time the menu opens (prefetched a few seconds after the first screen), which needs only the trigger.
 */
export function MorePanel({ placement, onPick, onClose }: { placement: 'up' | 'down'; onPick: (dialog: MoreDialog) => void; onClose: () => void }) {
  const { user, logout, openAuth } = useSession()
  const [mode, setMode] = useState<ThemeMode>(readThemeMode)
  const [color, setColor] = useState(readThemeColor)
  const ref = useRef<HTMLDivElement>(null)
  // opening the menu moves focus to its first item (the arrows then move among them: MoreMenu)
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus()
  }, [])
  return (
    <div ref={ref} className={`more-panel more-${placement}`} role="menu" aria-label="更多">
      <button type="button" className="more-item" role="menuitem" onClick={() => onPick('about')}>
        <Icon name="info" size={18} /> 关于石榴
      </button>
      <button type="button" className="more-item" role="menuitem" onClick={() => onPick('shortcuts')}>
        <Icon name="keyboard" size={18} /> 键盘快捷键
      </button>
      {user && (
        <button type="button" className="more-item" role="menuitem" onClick={() => onPick('account')}>
          <Icon name="shield" size={18} /> 账号与安全
        </button>
      )}
      {user && (
        <button type="button" className="more-item" role="menuitem" onClick={() => onPick('verify')}>
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
            onClose()
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
            onClose()
            openAuth('login')
          }}
        >
          <Icon name="user" size={18} /> 登录 / 注册
        </button>
      )}
    </div>
  )
}

import { useState } from 'react'
import { NavLink } from 'react-router'
import { Icon } from '../ui/icons'
import { useSummary } from '../monitor/useSummary'
import { CLASSROOM_ENTRY, MENU } from './menu'
import { useClassroomMode } from '../classroom/useClassroom'
import { useTheme, type ThemeChoice } from './theme'

const THEMES: { value: ThemeChoice; label: string; icon: 'system' | 'sun' | 'moon' }[] = [
  { value: 'system', label: '跟随系统', icon: 'system' },
  { value: 'light', label: '浅色模式', icon: 'sun' },
  { value: 'dark', label: '深色模式', icon: 'moon' },
]

function ThemeSwitch() {
  const [theme, setTheme] = useTheme()
  return (
    <div className="theme-switch" role="radiogroup" aria-label="主题">
      {THEMES.map((t) => (
        <button key={t.value} type="button" role="radio" aria-checked={theme === t.value} title={t.label} aria-label={t.label} className={theme === t.value ? 'active' : ''} onClick={() => setTheme(t.value)}>
          <Icon name={t.icon} size={14} />
        </button>
      ))}
    </div>
  )
}

interface SideMenuProps {
  /** 'rail' collapses to icons and expands on hover; 'drawer' is the mobile menu. */
  variant: 'rail' | 'drawer'
  onNavigate?: () => void
  onLogout: () => void
}

export function SideMenu({ variant, onNavigate, onLogout }: SideMenuProps) {
  // The rail opens on hover or focus; after a click it folds back at once (it would otherwise stay 270 px wide
  // over the title and filters while the pointer or the focus stays on it) until the pointer leaves it.
  const [folded, setFolded] = useState(false)
  const openReports = useSummary()?.open_reports ?? 0
  const entries = useClassroomMode() ? [...MENU.slice(0, 2), CLASSROOM_ENTRY, ...MENU.slice(2)] : MENU
  const navigate = () => {
    if (variant === 'rail') {
      setFolded(true)
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    }
    onNavigate?.()
  }
  return (
    <aside className={`side-menu side-menu-${variant}${folded ? ' folded' : ''}`} aria-label="管理菜单" onMouseLeave={() => setFolded(false)}>
      <div className="brand">
        <span className="logo">石榴</span>
        <span className="brand-text">石榴管理后台</span>
      </div>
      <nav className="menu">
        {entries.map((m) => (
          <NavLink key={m.path} to={m.path} className={({ isActive }) => `menu-item${isActive ? ' active' : ''}`} title={m.label} onClick={navigate}>
            <Icon name={m.icon} size={20} />
            {m.path === '/admin/reports' && openReports > 0 ? (
              <span className="menu-badge" aria-label={`${openReports} 组待处理举报`}>
                {openReports > 99 ? '99+' : openReports}
              </span>
            ) : null}
            <span className="menu-text">
              <span className="menu-label">{m.label}</span>
              <span className="menu-desc">{m.description}</span>
            </span>
          </NavLink>
        ))}
      </nav>
      <div className="menu-footer">
        <ThemeSwitch />
        <button type="button" className="menu-item logout" onClick={onLogout} title="退出登录">
          <Icon name="logout" size={20} />
          <span className="menu-text">
            <span className="menu-label">退出登录</span>
          </span>
        </button>
      </div>
    </aside>
  )
}

import type { MouseEvent } from 'react'
import { NavLink, useLocation } from 'react-router'
import { Icon, type IconName } from '../../common/components/Icon'
import { Avatar } from '../../common/components/Img'
import { badgeText, useUnreadCounts } from '../features/notifications/useUnreadCounts'
import { useSession } from '../session/SessionContext'
import { requestExploreRefresh } from './events'
import { MoreMenu } from './MoreMenu'

function Item({ to, icon, label, badge, onClick }: { to: string; icon: IconName; label: string; badge?: number; onClick?: (e: MouseEvent) => void }) {
  return (
    <NavLink to={to} className={({ isActive }) => `side-item ${isActive ? 'active' : ''}`} onClick={onClick}>
      <Icon name={icon} size={22} />
      <span>{label}</span>
      {badge ? <span className="badge">{badgeText(badge)}</span> : null}
    </NavLink>
  )
}

/** Left navigation above 960 px. */
export function Sidebar() {
  const { user, openAuth } = useSession()
  const unread = useUnreadCounts()
  const location = useLocation()
  const onExplore = location.pathname.startsWith('/explore')
  return (
    <aside className="sidebar" aria-label="主导航">
      <nav className="side-nav">
        <Item
          to="/explore"
          icon="home"
          label="发现"
          onClick={(e) => {
            if (onExplore) {
              e.preventDefault()
              window.scrollTo({ top: 0, behavior: window.scrollY > 500 ? 'auto' : 'smooth' })
              requestExploreRefresh()
            }
          }}
        />
        <Item to="/publish" icon="publish" label="发布" />
        <Item to="/notification" icon="bell" label="通知" badge={unread.total} />
        {user ? (
          <NavLink to="/user" end className={({ isActive }) => `side-item ${isActive ? 'active' : ''}`}>
            <Avatar src={user.avatar} size={24} />
            <span>我</span>
          </NavLink>
        ) : (
          <button type="button" className="btn btn-primary side-login" onClick={() => openAuth('login')}>
            登录
          </button>
        )}
      </nav>
      <MoreMenu
        placement="up"
        trigger={(open, toggle) => (
          <button type="button" className={`side-item side-more ${open ? 'active' : ''}`} onClick={toggle} aria-haspopup="menu" aria-expanded={open}>
            <Icon name="menu" size={22} />
            <span>更多</span>
          </button>
        )}
      />
    </aside>
  )
}

import type { MouseEvent } from 'react'
import { NavLink, useLocation } from 'react-router'
import { Icon } from '../../common/components/Icon'
import { badgeText, useUnreadCounts } from '../features/notifications/useUnreadCounts'
import { requestExploreRefresh } from './events'

/** Bottom tab bar at 960 px or less: explore, publish, notifications, me. */
export function BottomBar() {
  const unread = useUnreadCounts()
  const location = useLocation()
  const onExploreClick = (e: MouseEvent) => {
    if (location.pathname.startsWith('/explore')) {
      e.preventDefault()
      window.scrollTo({ top: 0 })
      requestExploreRefresh()
    }
  }
  const cls = ({ isActive }: { isActive: boolean }) => `bottom-item ${isActive ? 'active' : ''}`
  return (
    <nav className="bottom-bar" aria-label="底部导航">
      <NavLink to="/explore" className={cls} aria-label="发现" onClick={onExploreClick}>
        <Icon name="home" size={26} />
      </NavLink>
      <NavLink to="/publish" className={cls} aria-label="发布">
        <Icon name="publish" size={26} />
      </NavLink>
      {/* the name holds the visible unread count (WCAG 2.5.3) */}
      <NavLink to="/notification" className={cls} aria-label={unread.total > 0 ? `通知 ${badgeText(unread.total)}` : '通知'}>
        <Icon name="bell" size={26} />
        {unread.total > 0 && <span className="badge bottom-badge">{badgeText(unread.total)}</span>}
      </NavLink>
      <NavLink to="/user" end className={cls} aria-label="我">
        <Icon name="user" size={26} />
      </NavLink>
    </nav>
  )
}

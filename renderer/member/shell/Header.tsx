import { useState } from 'react'
import { Link } from 'react-router'
import { Icon } from '../../common/components/Icon'
import { DesktopStatusSlot } from '../../common/desktop/slots'
import { BREAKPOINTS, useMaxWidth } from '../../common/hooks/useMediaQuery'
import { MoreMenu } from './MoreMenu'
import { SearchBox } from './SearchBox'

/** Top bar: logo (home), search box (collapsible at 695 px or less), More menu when the sidebar is hidden. */
export function Header() {
  const compact = useMaxWidth(BREAKPOINTS.search)
  const noSidebar = useMaxWidth(BREAKPOINTS.sidebar)
  const [searchOpen, setSearchOpen] = useState(false)

  if (compact && searchOpen) {
    return (
      <header className="header header-searching">
        <button type="button" className="header-icon" aria-label="返回" onClick={() => setSearchOpen(false)}>
          <Icon name="arrowLeft" size={22} />
        </button>
        <SearchBox autoFocus onDone={() => setSearchOpen(false)} />
      </header>
    )
  }

  return (
    <header className="header">
      <Link to="/explore" className="logo" aria-label="石榴首页">
        石榴
      </Link>
      {!compact && (
        <div className="header-search">
          <SearchBox />
        </div>
      )}
      <div className="header-actions">
        <DesktopStatusSlot />
        {compact && (
          <button type="button" className="header-icon" aria-label="搜索" onClick={() => setSearchOpen(true)}>
            <Icon name="search" size={24} />
          </button>
        )}
        {noSidebar && (
          <MoreMenu
            placement="down"
            trigger={(open, toggle) => (
              <button type="button" className="header-icon" aria-label="更多" aria-haspopup="menu" aria-expanded={open} onClick={toggle}>
                <Icon name="menu" size={24} />
              </button>
            )}
          />
        )}
      </div>
    </header>
  )
}

import { Outlet } from 'react-router'
import { BREAKPOINTS, useMaxWidth } from '../../common/hooks/useMediaQuery'
import { BanBanner } from '../features/moderation/BanBanner'
import { BottomBar } from './BottomBar'
import { Header } from './Header'
import { Sidebar } from './Sidebar'
import './shell.css'

export function Layout() {
  const noSidebar = useMaxWidth(BREAKPOINTS.sidebar)
  return (
    <div className="shell">
      <Header />
      {!noSidebar && <Sidebar />}
      <main className="main">
        <BanBanner />
        <Outlet />
      </main>
      {noSidebar && <BottomBar />}
    </div>
  )
}

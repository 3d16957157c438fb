import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import { adminApi, onAdminSessionExpired, SESSION_EXPIRED_MESSAGE } from '../api/http'
import { clearAdminSession, hasAdminToken, type AdminInfo } from '../auth/session'
import { useFeedback } from '../ui/feedback'
import { Icon } from '../ui/icons'
import { QueueStream } from '../monitor/QueueStream'
import { menuEntryFor } from './menu'
import { MenuDrawer } from './MenuDrawer'
import { PasswordDialog } from './PasswordDialog'
import { SideMenu } from './SideMenu'
import { useFollowLink } from '../../common/components/AppLink'
import { DesktopStatusSlot } from '../../common/desktop/slots'

export function AdminLayout() {
  const navigate = useNavigate()
  const follow = useFollowLink()
  const queryClient = useQueryClient()
  const location = useLocation()
  const { toast, confirm } = useFeedback()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [passwordOpen, setPasswordOpen] = useState(false)
  const hasToken = hasAdminToken()

  const me = useQuery({
    queryKey: ['admin-me'],
    queryFn: () => adminApi.get<AdminInfo>('/auth/admin/me'),
    enabled: hasToken,
    retry: false,
    staleTime: Infinity,
  })

  useEffect(() => {
    onAdminSessionExpired((message) => {
      toast(message, 'error')
      navigate('/admin/login', { replace: true })
    })
    return () => onAdminSessionExpired(null)
  }, [navigate, toast])

  useEffect(() => {
    if (me.isError) {
      // A 401 has already been reported by the client's session-expired handler (and the tokens cleared).
      if (hasAdminToken()) toast(SESSION_EXPIRED_MESSAGE, 'error')
      clearAdminSession()
      queryClient.clear()
      navigate('/admin/login', { replace: true })
    }
  }, [me.isError, navigate, toast, queryClient])

  if (!hasToken) return <Navigate to="/admin/login" replace />
  if (me.isPending || me.isError) {
    return (
      <div className="auth-check" role="status">
        <span className="spinner" /> 正在验证登录状态...
      </div>
    )
  }

  const logout = async () => {
    if (!(await confirm('确定要退出登录吗？', '退出登录'))) return
    try {
      await adminApi.post('/auth/admin/logout').catch(() => undefined)
      clearAdminSession()
      queryClient.clear()
      toast('已退出登录', 'success')
      navigate('/admin/login', { replace: true })
    } catch {
      toast('退出登录失败', 'error')
    }
  }

  const entry = menuEntryFor(location.pathname)
  return (
    <div className="admin-shell">
      <QueueStream />
      <SideMenu variant="rail" onLogout={() => void logout()} />
      {drawerOpen ? (
        <MenuDrawer onClose={() => setDrawerOpen(false)}>
          <SideMenu variant="drawer" onNavigate={() => setDrawerOpen(false)} onLogout={() => void logout()} />
        </MenuDrawer>
      ) : null}
      <div className="admin-main">
        <header className="page-header">
          <button type="button" className="icon-btn mobile-menu-btn" aria-label="打开菜单" onClick={() => setDrawerOpen(true)}>
            <Icon name="menu" size={20} />
          </button>
          <div className="page-heading">
            <h1>{entry?.label ?? '管理后台'}</h1>
            {entry ? <p>{entry.description}</p> : null}
          </div>
          <DesktopStatusSlot />
          <button type="button" className="admin-name" title="修改密码" onClick={() => setPasswordOpen(true)}>
            <Icon name="user" size={14} /> {me.data.username}
          </button>
          <button type="button" className="btn btn-primary btn-round" onClick={() => follow('/')}>
            <Icon name="home" size={14} /> 返回主站
          </button>
        </header>
        <main className="page-content">
          <Outlet />
        </main>
        {passwordOpen ? <PasswordDialog onClose={() => setPasswordOpen(false)} /> : null}
      </div>
    </div>
  )
}

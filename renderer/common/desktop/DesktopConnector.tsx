import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { desktopBridge, type ShiliuUnreadCounts } from './bridge'

/**
 * Desktop app only, mounted once inside each app's router: shows the routes the main process asks for
 * (an admin clicking a member opens it here; a click on an OS notification opens the notification centre),
 * and reports the unread notification counts for the taskbar/dock badge.
 */
export function DesktopConnector({ unread }: { unread?: ShiliuUnreadCounts }) {
  const navigate = useNavigate()
  const bridge = desktopBridge()

  useEffect(() => bridge?.onNavigate((path) => void navigate(path)), [bridge, navigate])

  const total = unread?.total
  useEffect(() => {
    if (bridge && unread && total !== undefined) bridge.setUnreadCount({ ...unread })
    // Reported when the total changes; the per-kind counts only make up the notification's text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, total])

  return null
}

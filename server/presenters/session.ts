import Bowser from 'bowser'
import type { SessionInfo } from '../contract/auth'
import type { UserSession } from '../db/entities'

/** "Chrome 140 · Windows 10", from the User-Agent the session signed in with (bowser's parser). */
export function deviceOf(userAgent: string): string {
  // i18n-ignore: a field value (the device column), labelled by the apps
  if (!userAgent) return '未知设备'
  const parsed = Bowser.parse(userAgent)
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ')
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
  const device = parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' ? [parsed.platform.vendor, parsed.platform.model].filter(Boolean).join(' ') : ''
  const parts = [browser, device, os].filter(Boolean)
  return parts.length ? parts.join(' · ') : userAgent.slice(0, 60)
}

export function presentSession(session: UserSession, currentSessionId: number): SessionInfo {
  return {
    handle: session.handle,
    device: deviceOf(session.user_agent),
    user_agent: session.user_agent,
    ip: session.ip,
    last_activity: session.last_activity.toISOString(),
    created_at: session.created_at.toISOString(),
    current: session.id === currentSessionId,
  }
}

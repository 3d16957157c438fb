import { useCallback, useEffect, useRef, useState } from 'react'
import { apiBase } from '../api/env'
import { desktopBridge } from './bridge'
import './desktop.css'

/** How often the server is checked while it answers, and while it does not. */
const CHECK_MS = 30_000
const RETRY_MS = 10_000
const TIMEOUT_MS = 5_000

type Reachability = 'checking' | 'online' | 'offline'

/** GET <base>/api/health with a time limit: true when the server answers like a Shiliu server. */
export async function serverAnswers(base: string): Promise<boolean> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
  try {
    const res = await fetch(`${base}/api/health`, { signal: controller.signal, cache: 'no-store' })
    const body = (await res.json()) as { data?: { service?: string } }
    return res.ok && body.data?.service === 'shiliu'
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

function serverLabel(base: string): string {
  try {
    return new URL(base).host
  } catch {
    return base
  }
}

/**
 * Desktop app only: which server this window talks to ("离线演示 · 本机" or "校园服务器 · host"), and
 * "offline" with a retry button when it does not answer. A click opens the settings window.
 */
export function DesktopStatus({ className }: { className?: string }) {
  const bridge = desktopBridge()
  const [state, setState] = useState<Reachability>('checking')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const check = useCallback(async () => {
    clearTimeout(timer.current)
    setState('checking')
    const up = await serverAnswers(apiBase())
    setState(up ? 'online' : 'offline')
    timer.current = setTimeout(() => void check(), up ? CHECK_MS : RETRY_MS)
  }, [])

  useEffect(() => {
    if (!bridge) return
    void check()
    const recheck = () => void check()
    window.addEventListener('online', recheck)
    window.addEventListener('offline', recheck)
    return () => {
      clearTimeout(timer.current)
      window.removeEventListener('online', recheck)
      window.removeEventListener('offline', recheck)
    }
  }, [bridge, check])

  if (!bridge) return null
  const embedded = bridge.mode === 'embedded'
  const where = embedded ? '离线演示 · 本机' : `校园服务器 · ${serverLabel(bridge.baseUrl)}`
  const title = embedded ? `正在使用这台电脑上的离线演示服务器（${bridge.baseUrl}）。点击打开设置` : `正在使用校园服务器 ${bridge.baseUrl}。点击打开设置`
  return (
    <div className={`desktop-status is-${state}${className ? ` ${className}` : ''}`} role="status" aria-live="polite" data-testid="desktop-status">
      <button type="button" className="desktop-status-main" title={title} onClick={() => bridge.openSettings()}>
        <span className="desktop-status-dot" aria-hidden="true" />
        <span>{where}</span>
        {state === 'offline' && <span className="desktop-status-offline">离线</span>}
      </button>
      {state === 'offline' && (
        <button type="button" className="desktop-status-retry" onClick={() => void check()}>
          重试
        </button>
      )}
    </div>
  )
}

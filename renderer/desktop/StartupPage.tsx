import { useEffect, useState } from 'react'
import { desktopBridge, type ShiliuStartupState } from '../common/desktop/bridge'

const STEP_LABELS: Record<string, string> = {
  server: '正在启动本机服务器',
  media: '正在准备演示图片和视频',
  database: '正在生成演示数据',
  ready: '即将完成',
}

/** The start-up window: progress while the offline demo is prepared, or why it could not start. */
export function StartupPage() {
  const bridge = desktopBridge()
  const [state, setState] = useState<ShiliuStartupState>({ phase: 'starting', step: 'server', done: 0, total: 1, message: '' })
  useEffect(() => bridge?.onStartupState(setState), [bridge])
  if (!bridge) return <main className="dp-page">请在石榴桌面应用中打开此页面。</main>

  if (state.phase === 'starting') {
    const percent = state.total > 0 ? Math.round((100 * state.done) / state.total) : 0
    return (
      <main className="dp-page dp-startup" aria-busy="true">
        <div className="dp-logo">石榴</div>
        <h1>{STEP_LABELS[state.step] ?? '正在启动'}</h1>
        <progress max={100} value={percent} aria-label="启动进度" />
        <p className="dp-muted">{state.message || '第一次启动需要准备演示数据，请稍候，不要关闭应用。'}</p>
        <p className="dp-muted">即使中途退出，下次启动也会接着完成。</p>
      </main>
    )
  }
  return (
    <main className="dp-page dp-startup" role="alert">
      <div className="dp-logo">石榴</div>
      <h1>{state.phase === 'failed' ? '石榴无法启动' : '设置文件无效'}</h1>
      <pre className="dp-error">{state.message}</pre>
      {state.phase === 'failed' && state.logFile && <p className="dp-muted">日志：{state.logFile}</p>}
      {state.phase === 'settings-invalid' && <p className="dp-muted">设置文件没有被修改。请在设置中选择服务器并保存（原文件会先备份）。</p>}
      <div className="dp-buttons">
        {state.phase === 'failed' && (
          <button type="button" className="dp-btn dp-primary" onClick={() => bridge.retryStartup()}>
            重试
          </button>
        )}
        <button type="button" className="dp-btn" onClick={() => bridge.openSettings()}>
          设置
        </button>
        <button type="button" className="dp-btn" onClick={() => bridge.openLogFolder()}>
          打开日志文件夹
        </button>
        <button type="button" className="dp-btn" onClick={() => bridge.quit()}>
          退出
        </button>
      </div>
    </main>
  )
}

import { useEffect, useState } from 'react'
import { desktopBridge, type ShiliuAppInfo, type ShiliuServerCheck } from '../common/desktop/bridge'

type Mode = 'embedded' | 'remote'

/** The settings window: offline demo on this computer, or a campus server checked before it is saved. */
export function SettingsPage() {
  const bridge = desktopBridge()
  const [info, setInfo] = useState<ShiliuAppInfo | null>(null)
  const [mode, setMode] = useState<Mode>('embedded')
  const [url, setUrl] = useState('')
  const [savedRemoteUrl, setSavedRemoteUrl] = useState<string | null>(null)
  const [check, setCheck] = useState<ShiliuServerCheck | null>(null)
  const [checking, setChecking] = useState(false)
  const [acceptInsecure, setAcceptInsecure] = useState(false)
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)

  useEffect(() => {
    if (!bridge) return
    void Promise.all([bridge.getSettings(), bridge.getInfo()]).then(([settings, appInfo]) => {
      setInfo(appInfo)
      setMode(settings.mode)
      setUrl(settings.remoteUrl ?? '')
      setSavedRemoteUrl(settings.remoteUrl)
    })
  }, [bridge])

  if (!bridge) return <main className="dp-page">请在石榴桌面应用中打开此页面。</main>

  const checked = check?.ok === true && (check.url === url.trim().replace(/\/+$/, '') || check.url === url.trim())
  const canSave = !saving && (mode === 'embedded' || (checked && (!check.insecure || acceptInsecure)))

  const runCheck = async () => {
    setChecking(true)
    setMessage(null)
    setAcceptInsecure(false)
    const result = await bridge.checkServer(url)
    setCheck(result)
    if (result.ok) setUrl(result.url)
    setChecking(false)
  }

  const save = async () => {
    setSaving(true)
    setMessage(null)
    // In offline demo mode the last campus server is kept, so switching back needs no retyping.
    const result = await bridge.saveSettings({ mode, remoteUrl: mode === 'remote' ? url : savedRemoteUrl, acceptInsecure })
    setSaving(false)
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.errors.map((e) => e.message).join('；') })
      return
    }
    const text = { unchanged: '设置已保存。', switched: '已切换服务器，窗口已重新载入。', restart: '设置已保存，石榴需要重新启动才能连接明文 http 服务器。' }[result.applied]
    setMessage({ kind: 'ok', text })
    setSavedRemoteUrl(result.settings.remoteUrl)
    setInfo(await bridge.getInfo())
  }

  const resetDemo = async () => {
    if (await bridge.resetDemoData()) setMessage({ kind: 'ok', text: '演示数据已重置。' })
  }

  return (
    <main className="dp-page dp-settings">
      <h1>服务器设置</h1>
      {info?.settingsProblem && (
        <div className="dp-banner dp-warning" role="alert">
          <b>设置文件无效，未作任何修改：</b>
          <div>{info.settingsProblem}</div>
          <div className="dp-muted">保存后会替换它（原文件先备份在同一文件夹）。</div>
        </div>
      )}
      <p className="dp-muted" data-testid="current-server">
        当前：{info ? (info.mode === 'embedded' ? `本机离线演示${info.baseUrl ? `（${info.baseUrl}）` : ''}` : `校园服务器 ${info.baseUrl}`) : '…'}
      </p>

      <fieldset className="dp-choice">
        <label className={mode === 'embedded' ? 'is-selected' : ''}>
          <input type="radio" name="mode" value="embedded" checked={mode === 'embedded'} onChange={() => setMode('embedded')} />
          <span>
            <b>本机离线演示</b>
            <span className="dp-muted">在这台电脑上运行石榴，不需要网络；数据只保存在本机，无法分享给别人。</span>
          </span>
        </label>
        <label className={mode === 'remote' ? 'is-selected' : ''}>
          <input type="radio" name="mode" value="remote" checked={mode === 'remote'} onChange={() => setMode('remote')} />
          <span>
            <b>校园服务器</b>
            <span className="dp-muted">连接学校部署的石榴服务器，和网页版使用同一份数据。</span>
          </span>
        </label>
      </fieldset>

      {mode === 'remote' && (
        <section className="dp-remote">
          <label htmlFor="server-url">服务器地址</label>
          <div className="dp-row">
            <input
              id="server-url"
              className="dp-input"
              type="url"
              placeholder="https://shiliu.example.edu"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value)
                setCheck(null)
              }}
              onKeyDown={(e) => e.key === 'Enter' && void runCheck()}
            />
            <button type="button" className="dp-btn" disabled={checking || url.trim() === ''} onClick={() => void runCheck()}>
              {checking ? '检查中…' : '检查连接'}
            </button>
          </div>
          {check && !check.ok && (
            <p className="dp-error-text" role="alert">
              {check.error}
            </p>
          )}
          {check?.ok && <p className="dp-ok-text">已连接：石榴服务器 {check.version}</p>}
          {check?.ok && check.insecure && (
            <div className="dp-banner dp-warning" role="alert">
              <b>这是明文 http:// 地址。</b>你的密码、登录凭证和内容会在网络上以未加密的方式传输，同一网络中的其他人可能看到或篡改它们。请向管理员索取 https:// 地址。
              <label className="dp-check">
                <input type="checkbox" checked={acceptInsecure} onChange={(e) => setAcceptInsecure(e.target.checked)} /> 我了解风险，仍然使用这个地址
              </label>
            </div>
          )}
          {!check && <p className="dp-muted">保存前会先检查地址：必须能连上，并且是兼容版本的石榴服务器。</p>}
        </section>
      )}

      <p className="dp-muted">切换服务器会退出当前登录，窗口会重新载入。</p>
      <div className="dp-buttons">
        <button type="button" className="dp-btn dp-primary" disabled={!canSave} onClick={() => void save()}>
          {saving ? '保存中…' : '保存并使用'}
        </button>
      </div>
      {message && (
        <p className={message.kind === 'ok' ? 'dp-ok-text' : 'dp-error-text'} role="status">
          {message.text}
        </p>
      )}

      {info && (
        <section className="dp-about">
          <h2>关于本机</h2>
          <dl>
            <dt>版本</dt>
            <dd>{info.version}</dd>
            {info.demoAccounts && (
              <>
                <dt>演示账号</dt>
                <dd>
                  成员 <code>{info.demoAccounts.member.user}</code> / <code>{info.demoAccounts.member.password}</code>
                  <br />
                  管理员 <code>{info.demoAccounts.admin.user}</code> / <code data-testid="admin-password">{info.demoAccounts.admin.password}</code>（本机专用的初始密码）
                </dd>
              </>
            )}
            <dt>数据文件夹</dt>
            <dd>
              <code>{info.dataDir}</code>
            </dd>
            <dt>日志文件夹</dt>
            <dd>
              <code>{info.logDir}</code>
            </dd>
          </dl>
          <div className="dp-buttons">
            <button type="button" className="dp-btn" onClick={() => bridge.openLogFolder()}>
              打开日志文件夹
            </button>
            {info.mode === 'embedded' && (
              <button type="button" className="dp-btn dp-danger" onClick={() => void resetDemo()}>
                重置演示数据
              </button>
            )}
          </div>
        </section>
      )}
    </main>
  )
}

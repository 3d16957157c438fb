/**
 * The desktop app's own pages (renderer/desktop: settings and start-up), served through the app:// handler
 * with its CSP, with a stand-in for the preload's window.shiliu whose answers the test sets up: the checks
 * themselves (server-check.ts, connection.ts) are tested against real servers in tests/electron.
 */
import { expect, test, type Page } from '@playwright/test'
import { APP, serveRendererAsTheApp } from './app-origin'

// Browser globals used inside page functions (tests/e2e is type-checked without the DOM library).
declare const window: object

let stopServing: () => Promise<void>
test.beforeAll(async () => {
  stopServing = await serveRendererAsTheApp()
})
test.afterAll(async () => {
  await stopServing()
})

interface FakeSetup {
  settings: { version: 1; mode: 'embedded' | 'remote'; remoteUrl: string | null }
  settingsProblem?: string | null
}

/** window.shiliu for the desktop pages; calls are kept in window.__calls, startup states pushed by __push. */
async function fakeBridge(page: Page, setup: FakeSetup): Promise<void> {
  await page.addInitScript((setup) => {
    const calls: Array<{ method: string; args: unknown[] }> = []
    const startupListeners: Array<(state: unknown) => void> = []
    Object.assign(window, { __calls: calls, __push: (state: unknown) => startupListeners.forEach((l) => l(state)) })
    const record = (method: string, result?: unknown) => (...args: unknown[]) => {
      calls.push({ method, args })
      return result
    }
    const checks: Record<string, unknown> = {
      'https://campus.example.edu': { ok: true, url: 'https://campus.example.edu', version: '1.2.0', insecure: false },
      'http://10.0.0.5:3000': { ok: true, url: 'http://10.0.0.5:3000', version: '1.2.0', insecure: true },
    }
    Object.defineProperty(window, 'shiliu', {
      value: {
        baseUrl: 'http://127.0.0.1:49321',
        mode: setup.settings.mode,
        getSettings: async () => setup.settings,
        getInfo: async () => ({
          version: '1.2.0',
          mode: setup.settings.mode,
          baseUrl: 'http://127.0.0.1:49321',
          webUrl: null,
          dataDir: '/home/u/.config/Shiliu/server-data',
          logDir: '/home/u/.config/Shiliu/logs',
          settingsFile: '/home/u/.config/Shiliu/settings.json',
          settingsProblem: setup.settingsProblem ?? null,
          demoAccounts: { member: { user: 'demo', password: 'demo123456' }, admin: { user: 'admin', password: 'Xk7pQ2mN9rT4vW8z' } },
        }),
        checkServer: async (url: string) => {
          calls.push({ method: 'checkServer', args: [url] })
          return checks[url.replace(/\/+$/, '')] ?? { ok: false, url, error: '无法连接服务器（ENOTFOUND）' }
        },
        saveSettings: async (input: { mode: string; remoteUrl: string | null }) => {
          calls.push({ method: 'saveSettings', args: [input] })
          const insecure = input.mode === 'remote' && String(input.remoteUrl).startsWith('http://')
          return { ok: true, settings: { version: 1, mode: input.mode, remoteUrl: input.remoteUrl }, applied: insecure ? 'restart' : 'switched' }
        },
        openSettings: record('openSettings'),
        openInWindow: record('openInWindow'),
        openExternal: record('openExternal'),
        openLogFolder: record('openLogFolder'),
        setUnreadCount: record('setUnreadCount'),
        onNavigate: () => () => undefined,
        onStartupState: (listener: (state: unknown) => void) => {
          startupListeners.push(listener)
          return () => undefined
        },
        retryStartup: record('retryStartup'),
        quit: record('quit'),
        resetDemoData: async () => {
          calls.push({ method: 'resetDemoData', args: [] })
          return true
        },
      },
    })
  }, setup)
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: Array<{ method: string; args: unknown[] }> }).__calls)

test('settings: the campus URL is checked before it can be saved; plain http needs a confirmed warning', async ({ page }) => {
  await fakeBridge(page, { settings: { version: 1, mode: 'embedded', remoteUrl: null } })
  await page.goto(`${APP}/desktop/settings`)
  await expect(page.getByTestId('current-server')).toContainText('本机离线演示（http://127.0.0.1:49321）')
  await expect(page.getByTestId('admin-password')).toHaveText('Xk7pQ2mN9rT4vW8z')

  await page.getByLabel('校园服务器').check()
  const save = page.getByRole('button', { name: '保存并使用' })
  await expect(save).toBeDisabled()
  const url = page.getByLabel('服务器地址')
  await url.fill('https://nowhere.example')
  await page.getByRole('button', { name: '检查连接' }).click()
  await expect(page.getByText('无法连接服务器（ENOTFOUND）')).toBeVisible()
  await expect(save).toBeDisabled()

  await url.fill('http://10.0.0.5:3000')
  await page.getByRole('button', { name: '检查连接' }).click()
  await expect(page.getByText('已连接：石榴服务器 1.2.0')).toBeVisible()
  await expect(page.getByText('这是明文 http:// 地址。')).toBeVisible()
  await expect(save).toBeDisabled()
  await page.getByLabel('我了解风险，仍然使用这个地址').check()
  await save.click()
  await expect(page.getByText('石榴需要重新启动')).toBeVisible()

  // Editing the URL after a check asks for a new check.
  await url.fill('https://campus.example.edu/')
  await expect(save).toBeDisabled()
  await page.getByRole('button', { name: '检查连接' }).click()
  await expect(page.getByText('这是明文 http:// 地址。')).toBeHidden()
  await save.click()
  await expect(page.getByText('已切换服务器')).toBeVisible()
  const saved = (await calls(page)).filter((c) => c.method === 'saveSettings').map((c) => c.args[0])
  expect(saved).toEqual([
    { mode: 'remote', remoteUrl: 'http://10.0.0.5:3000', acceptInsecure: true },
    { mode: 'remote', remoteUrl: 'https://campus.example.edu', acceptInsecure: false },
  ])
})

test('settings: a broken settings file is reported; the log folder and demo reset are offered', async ({ page }) => {
  await fakeBridge(page, { settings: { version: 1, mode: 'embedded', remoteUrl: null }, settingsProblem: '/home/u/.config/Shiliu/settings.json is not valid JSON' })
  await page.goto(`${APP}/desktop/settings`)
  await expect(page.getByRole('alert')).toContainText('设置文件无效，未作任何修改')
  await expect(page.getByRole('alert')).toContainText('settings.json is not valid JSON')
  await page.getByRole('button', { name: '打开日志文件夹' }).click()
  await page.getByRole('button', { name: '重置演示数据' }).click()
  await expect(page.getByText('演示数据已重置')).toBeVisible()
  expect((await calls(page)).map((c) => c.method)).toEqual(expect.arrayContaining(['openLogFolder', 'resetDemoData']))
})

test('start-up window: progress, then a failure with retry, settings, log folder and quit', async ({ page }) => {
  await fakeBridge(page, { settings: { version: 1, mode: 'embedded', remoteUrl: null } })
  await page.goto(`${APP}/desktop/startup`)
  const push = (state: unknown) => page.evaluate((s) => (window as unknown as { __push: (s: unknown) => void }).__push(s), state)
  await expect(page.getByRole('heading', { name: '正在启动本机服务器' })).toBeVisible()
  await push({ phase: 'starting', step: 'database', done: 4, total: 8, message: '演示数据 notes: 320' })
  await expect(page.getByRole('heading', { name: '正在生成演示数据' })).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveAttribute('value', '50')
  await expect(page.getByText('演示数据 notes: 320')).toBeVisible()
  await push({ phase: 'failed', message: 'Embedded server exited with code 1 before it was ready', logFile: '/home/u/.config/Shiliu/logs/server.log' })
  await expect(page.getByRole('heading', { name: '石榴无法启动' })).toBeVisible()
  await expect(page.getByText('日志：/home/u/.config/Shiliu/logs/server.log')).toBeVisible()
  for (const name of ['重试', '设置', '打开日志文件夹', '退出']) await page.getByRole('button', { name }).click()
  expect((await calls(page)).map((c) => c.method)).toEqual(['retryStartup', 'openSettings', 'openLogFolder', 'quit'])
})

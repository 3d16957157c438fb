/**
 * Issue 11 in the browser: a page on another origin that frames the apps gets nothing rendered (clickjacking);
 * the apps run under their strict CSP without a single violation; a member ends another device's session from
 * account settings.
 */
import http from 'node:http'
import { expect, test, type Page } from '@playwright/test'
import { loginAsAdmin } from '../admin/helpers'
import { DEMO, login } from './helpers'

// Browser globals used inside page functions (tests/e2e is type-checked without the DOM library).
declare const document: { addEventListener(type: string, fn: (e: { violatedDirective: string; blockedURI: string }) => void): void; querySelector(s: string): { childElementCount: number } | null }
declare const window: { __csp?: string[] }
declare const localStorage: { getItem(key: string): string | null }

const apiPort = Number(process.env.E2E_PORT ?? 4173)
const APP = `http://127.0.0.1:${apiPort}`
/**
 * A second origin, standing in for a hostile site: on a port the system picks (a fixed offset from the app's
 * port collided with the e2e server's OpenID provider at +20, which made this test fail with EADDRINUSE).
 */
let ATTACKER = ''

let attacker: http.Server
test.beforeAll(async () => {
  attacker = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    if (req.url === '/own') return res.end('<p id="own">framed page of the attacker’s own origin</p>')
    res.end(
      `<h1>win a prize</h1>` +
        `<iframe id="own" src="/own"></iframe>` +
        `<iframe id="member" src="${APP}/"></iframe>` +
        `<iframe id="admin" src="${APP}/admin/audit"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
  ATTACKER = `http://127.0.0.1:${(attacker.address() as { port: number }).port}`
})
test.afterAll(async () => {
  await new Promise<void>((resolve) => attacker.close(() => resolve()))
})

/** Records CSP violations of every page of the context from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => window.__csp!.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  const console: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text())
  })
  return async () => [...((await page.evaluate(() => window.__csp ?? [])) as string[]), ...console]
}

test('a page on another origin that frames the member or admin app gets nothing rendered', async ({ page }) => {
  // The admin is signed in in this browser, as in the reported attack.
  await loginAsAdmin(page)
  const appScripts: string[] = []
  page.on('request', (r) => {
    if (r.url().startsWith(`${APP}/assets/`) && r.frame() !== page.mainFrame()) appScripts.push(r.url())
  })
  await page.goto(`${ATTACKER}/`)
  await expect(page.getByRole('heading', { name: 'win a prize' })).toBeVisible()
  // The control: framing as such works (the attacker's own page renders in its frame).
  await expect(page.frameLocator('#own').locator('#own')).toBeVisible()
  // goto resolved on the attacker page's load event, which waits for every frame's document.
  const appFrames = page.frames().filter((f) => f !== page.mainFrame() && !f.url().startsWith(ATTACKER))
  expect(appFrames).toHaveLength(2)
  for (const frame of appFrames) {
    const rendered = await frame.evaluate(() => document.querySelector('#root')?.childElementCount ?? 0).catch(() => 0)
    expect(rendered, `app rendered inside the attacker's frame (${frame.url()})`).toBe(0)
  }
  expect(appScripts, 'the framed apps must not even load their scripts').toEqual([])
})

test('the member app runs under its CSP without a violation, and a member ends another device’s session', async ({ page, browser }) => {
  const violations = await watchCsp(page)
  await page.goto('/')
  await login(page, DEMO.userId, DEMO.password)
  await page.goto('/explore')
  await page.goto('/')

  // A second device of the same member.
  const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' })
  const phonePage = await phone.newPage()
  await phonePage.goto('/')
  await login(phonePage, DEMO.userId, DEMO.password)

  await page.getByRole('button', { name: '更多', exact: true }).click()
  await page.getByRole('menuitem', { name: '账号与安全' }).click()
  const panel = page.getByRole('region', { name: '登录设备' })
  await expect(panel.getByText('本机')).toBeVisible()
  const phoneRow = panel.getByTestId('session-row').filter({ hasText: 'iOS' }).first()
  await expect(phoneRow).toBeVisible()
  await phoneRow.getByRole('button', { name: '退出' }).click()
  await page.locator('.confirm-actions').getByRole('button', { name: '退出' }).click()
  await expect(page.getByText('已退出该设备')).toBeVisible()
  await expect(panel.getByTestId('session-row').filter({ hasText: 'iOS' })).toHaveCount(0)

  // The phone's next call is refused: it is signed out.
  const me = await phonePage.evaluate(async () => (await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } })).status)
  expect(me).toBe(401)
  await phone.close()
  expect(await violations()).toEqual([])
})

test('the admin app runs under its CSP without a violation', async ({ page }) => {
  const violations = await watchCsp(page)
  await loginAsAdmin(page)
  for (const path of ['/admin/audit', '/admin/users', '/admin/posts']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  expect(await violations()).toEqual([])
})

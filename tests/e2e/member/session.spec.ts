/** Issue 13, member app: session expiry and account deletion messages, register id checks, the captcha. */
import { expect, test } from '@playwright/test'
import { computedStyle } from '../support/sweep'
import { registerMember } from './api'
import { DEMO, login, openLogin, uniqueId } from './helpers'

const EXPIRED = '登录已过期，已自动退出'

test('an expired session says so once, though several calls are refused', async ({ page }) => {
  await page.goto('/explore')
  await login(page, DEMO.userId, DEMO.password)
  // both tokens stop being accepted: every call of the next page load gets a 401 and the refresh fails
  await page.evaluate("localStorage.setItem('token', 'expired'); localStorage.setItem('refreshToken', 'expired')")
  const refused: string[] = []
  page.on('response', (r) => {
    if (r.status() === 401 && r.url().includes('/api/') && !r.url().includes('/auth/refresh')) refused.push(r.url())
  })
  await page.reload()
  await expect(page.locator('.toast', { hasText: EXPIRED })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(refused.length, 'several calls were refused with the old token').toBeGreaterThan(1)
  await expect(page.locator('.toast', { hasText: EXPIRED })).toHaveCount(1)
  await expect(page.locator('.side-login')).toBeVisible()
})

test('deleting the account signs out without a session-expired message', async ({ page, request }) => {
  const member = await registerMember(request, uniqueId('gone_'))
  await page.goto('/explore')
  await login(page, member.userId, member.password)
  await page.getByRole('button', { name: '更多', exact: true }).click()
  await page.getByRole('menuitem', { name: '账号与安全' }).click()
  await page.getByRole('dialog').getByLabel('当前密码（确认身份）').fill(member.password)
  await page.getByRole('dialog').getByRole('button', { name: '注销账号' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '注销', exact: true }).click()
  await expect(page.locator('.toast', { hasText: '账号已注销' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.toast', { hasText: EXPIRED })).toHaveCount(0)
  await expect(page.locator('.side-login')).toBeVisible()
})

test('register: an id that fails the local rules is never sent for the uniqueness check', async ({ page }) => {
  const checks: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/check-user-id')) checks.push(r.url())
  })
  await page.goto('/explore')
  await openLogin(page)
  await page.getByRole('button', { name: '立即注册' }).click()
  const id = page.getByPlaceholder('请输入石榴号')
  await id.fill('bad-id!')
  await page.getByPlaceholder('请输入昵称').click()
  await expect(page.getByText('只能包含字母、数字和下划线')).toBeVisible()
  await id.fill('ab')
  await page.getByPlaceholder('请输入昵称').click()
  await expect(page.getByText('长度需在3-15个字符之间')).toBeVisible()
  expect(checks).toEqual([])
  // a valid id is checked
  await id.fill(uniqueId('ok_'))
  const check = page.waitForRequest((r) => r.url().includes('/api/auth/check-user-id'))
  await page.getByPlaceholder('请输入昵称').click()
  await check
})

test('the captcha is large and on a light plate in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/explore')
  await openLogin(page)
  await page.getByRole('button', { name: '立即注册' }).click()
  await page.getByPlaceholder('请输入石榴号').fill(uniqueId('cap_'))
  await page.getByPlaceholder('请输入昵称').fill('验证码')
  await page.getByPlaceholder('请输入密码').fill('secret123')
  await page.getByPlaceholder('请再次输入密码').fill('secret123')
  await page.getByRole('button', { name: '注册', exact: true }).click()
  const image = page.getByRole('img', { name: '验证码' })
  await expect(image).toBeVisible()
  // measured once the dialog's open animation (a scale transform) has settled
  await expect.poll(async () => (await image.boundingBox())!.height).toBeGreaterThanOrEqual(72)
  expect(await computedStyle(image, 'backgroundColor')).toBe('rgb(255, 255, 255)')
  await expect(page.getByText('看不清？点击换一张')).toBeVisible()
})

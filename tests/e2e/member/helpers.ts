import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'

export const DEMO = { userId: 'demo', password: 'demo123456', nickname: '石榴同学' } as const

/** Open the login modal from the shell (sidebar button on wide screens, More menu otherwise). */
export async function openLogin(page: Page) {
  const sideLogin = page.locator('.side-login')
  const more = page.getByRole('button', { name: '更多', exact: true })
  // Wait for the shell: checked before its first render, neither is visible yet and the wrong branch waits forever.
  await expect(sideLogin.or(more).first()).toBeVisible()
  if (await sideLogin.isVisible()) await sideLogin.click()
  else {
    await more.click()
    await page.getByRole('menuitem', { name: '登录 / 注册' }).click()
  }
  await expect(page.getByRole('heading', { name: '登录石榴' })).toBeVisible()
}

export async function login(page: Page, userId: string, password: string) {
  await openLogin(page)
  const dialog = page.getByRole('dialog')
  await dialog.getByPlaceholder('请输入石榴号').fill(userId)
  await dialog.getByPlaceholder('请输入密码').fill(password)
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('登录成功')).toBeVisible()
  await expect(page.getByRole('heading', { name: '登录石榴' })).toBeHidden()
}

/** Register through the modal and the captcha dialog; the e2e server exposes the captcha text. */
export async function register(page: Page, userId: string, nickname: string, password: string) {
  await openLogin(page)
  await page.getByRole('button', { name: '立即注册' }).click()
  await expect(page.getByRole('heading', { name: '注册石榴' })).toBeVisible()
  await page.getByPlaceholder('请输入石榴号').fill(userId)
  await page.getByPlaceholder('请输入昵称').fill(nickname)
  await page.getByPlaceholder('请输入密码').fill(password)
  await page.getByPlaceholder('请再次输入密码').fill(password)
  const captchaReply = page.waitForResponse((r) => r.url().includes('/api/auth/captcha'))
  await page.getByRole('button', { name: '注册', exact: true }).click()
  const body = (await (await captchaReply).json()) as { data: { text?: string } }
  const text = body.data.text
  expect(text, 'the e2e server must run with SHILIU_TEST_CAPTCHA=1').toBeTruthy()
  for (let i = 0; i < 4; i++) await page.getByLabel(`验证码第${i + 1}位`).fill(text![i]!)
  await page.getByRole('button', { name: '确认' }).click()
  await expect(page.getByText('注册成功')).toBeVisible()
}

/** Cards of the waterfall currently rendered. */
export function cards(page: Page) {
  return page.locator('.note-card')
}

export function uniqueId(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`
}

/**
 * Issue 39 in the member app: the login dialog's campus button signs in through a real OpenID Provider
 * (oidc-provider, started by scripts/e2e-server.mjs) and lands back on the page, signed in; 账号与安全 then
 * shows the linked identity.
 */
import { expect, test } from '@playwright/test'
import { openLogin, uniqueId } from './helpers'

// In page.evaluate: the page's storage (the spec files are type-checked without the DOM library).
declare const localStorage: { getItem(key: string): string | null }

test('signs in with the campus account and lands back signed in', async ({ page }) => {
  const login = uniqueId('stu').toLowerCase()
  await page.goto('/explore')
  await openLogin(page)
  await page.getByRole('dialog').getByRole('link', { name: '使用校园统一身份认证登录' }).click()

  // The provider's own pages (oidc-provider's development interactions).
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any-password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()

  // Back on the page it left, the one-time code gone from the address bar.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/explore[^#]*$/)
  await expect(page.getByText('登录成功')).toBeVisible()
  const me = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? ''
    const reply = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })
    return ((await reply.json()) as { data: { user_id: string; email: string } }).data
  })
  expect(me).toMatchObject({ user_id: login, email: `${login}@campus.edu` })

  await page.getByRole('button', { name: '更多', exact: true }).click()
  await page.getByRole('menuitem', { name: '账号与安全' }).click()
  const section = page.getByRole('region', { name: '统一身份认证' })
  await expect(section.getByTestId('identity-campus')).toContainText('已关联')
  // Made by the provider, this member has no password: the campus identity is the only way in and stays.
  await section.getByRole('button', { name: '解除关联' }).click()
  await page.getByRole('button', { name: '解除', exact: true }).click()
  await expect(page.getByText('唯一的登录方式')).toBeVisible()
})

test('campus-only sign-in: the login dialog offers the provider alone', async ({ page, request }) => {
  const signIn = await request.post('/api/auth/admin/login', { data: { username: 'admin', password: 'admin123456' } })
  const token = ((await signIn.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
  const headers = { Authorization: `Bearer ${token}` }
  const list = (await (await request.get('/api/admin/settings?limit=50', { headers })).json()) as { data: { data: Array<{ id: number; name: string }> } }
  const setting = list.data.data.find((s) => s.name === 'member_sign_in')!
  expect((await request.put(`/api/admin/settings/${setting.id}`, { headers, data: { value: 'campus_only' } })).ok()).toBe(true)
  try {
    await page.goto('/explore')
    await openLogin(page)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('link', { name: '使用校园统一身份认证登录' })).toBeVisible()
    await expect(dialog.getByPlaceholder('请输入石榴号')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: '立即注册' })).toHaveCount(0)
  } finally {
    expect((await request.put(`/api/admin/settings/${setting.id}`, { headers, data: { value: 'password_and_campus' } })).ok()).toBe(true)
  }
})

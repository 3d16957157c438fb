/**
 * Issue 20 in the member app, against the e2e server (SMTP_URL=outbox): binding an email in 账号与安全, and
 * 忘记密码 from the login dialog to signing in with the new password. The codes are read from the outbox, as
 * the back-office shows it (GET /api/admin/outbox with the demo administrator).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { registerMember } from './api'
import { login, openLogin, uniqueId } from './helpers'

async function codeFromOutbox(request: APIRequestContext, email: string, subject: RegExp): Promise<string> {
  const signIn = await request.post('/api/auth/admin/login', { data: { username: 'admin', password: 'admin123456' } })
  expect(signIn.ok(), await signIn.text()).toBe(true)
  const token = ((await signIn.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
  let code: string | undefined
  await expect
    .poll(async () => {
      const reply = await request.get('/api/admin/outbox?limit=50', { headers: { Authorization: `Bearer ${token}` } })
      const mails = ((await reply.json()) as { data: { data: Array<{ to: string; subject: string; text: string }> } }).data.data
      code = mails.find((m) => m.to === email && subject.test(m.subject))?.text.match(/\b\d{6}\b/)?.[0]
      return code
    })
    .toBeTruthy()
  return code!
}

async function openAccount(page: Page) {
  await page.getByRole('button', { name: '更多', exact: true }).click()
  await page.getByRole('menuitem', { name: '账号与安全' }).click()
  await expect(page.getByRole('dialog').getByRole('heading', { name: '绑定邮箱' })).toBeVisible()
}

async function bindInAccount(page: Page, request: APIRequestContext, email: string) {
  const section = page.getByRole('region', { name: '绑定邮箱' })
  await section.getByRole('button', { name: '绑定邮箱' }).click()
  await section.getByPlaceholder('请输入邮箱').fill(email)
  await section.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.locator('.toast', { hasText: '验证码已发送' })).toBeVisible()
  await expect(section.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  await section.getByPlaceholder('6位数字').fill(await codeFromOutbox(request, email, /邮箱验证码/))
  await section.getByRole('button', { name: '确认绑定' }).click()
  await expect(page.locator('.toast', { hasText: '邮箱绑定成功' })).toBeVisible()
  await expect(section.getByTestId('bound-email')).toHaveText(email)
}

test('binding an email in 账号与安全: an invalid address is refused before sending, the emailed code binds; unbinding asks first', async ({ page, request }) => {
  const member = await registerMember(request, uniqueId('mail_'))
  const email = `${member.userId.toLowerCase()}@example.edu`
  await page.goto('/explore')
  await login(page, member.userId, member.password)
  await openAccount(page)
  const section = page.getByRole('region', { name: '绑定邮箱' })
  await expect(section.getByText('未绑定邮箱')).toBeVisible()

  await section.getByRole('button', { name: '绑定邮箱' }).click()
  await section.getByPlaceholder('请输入邮箱').fill('not-an-address')
  await section.getByRole('button', { name: '获取验证码' }).click()
  await expect(section.getByText('邮箱格式不正确')).toBeVisible()
  await section.getByRole('button', { name: '取消' }).click()

  await bindInAccount(page, request, email)
  // Still bound after a reload (the server has it, not just this page).
  await page.reload()
  await openAccount(page)
  await expect(section.getByTestId('bound-email')).toHaveText(email)
  await section.getByRole('button', { name: '解绑' }).click()
  await page.getByRole('dialog').filter({ hasText: '解绑后将无法通过邮箱找回密码' }).getByRole('button', { name: '解绑', exact: true }).click()
  await expect(page.locator('.toast', { hasText: '邮箱已解绑' })).toBeVisible()
  await expect(section.getByText('未绑定邮箱')).toBeVisible()
})

test('忘记密码 from the login dialog: email, code from the outbox, new password, then signing in with it', async ({ page, request, browser }) => {
  const member = await registerMember(request, uniqueId('lost_'))
  const email = `${member.userId.toLowerCase()}@example.edu`
  // The member binds an address first (in the app), then loses the password.
  await page.goto('/explore')
  await login(page, member.userId, member.password)
  await openAccount(page)
  await bindInAccount(page, request, email)

  const other = await browser.newPage()
  await other.goto('/explore')
  await openLogin(other)
  const dialog = other.getByRole('dialog')
  await dialog.getByRole('button', { name: '忘记密码？' }).click()
  await expect(other.getByRole('heading', { name: '找回密码' })).toBeVisible()
  await dialog.getByPlaceholder('请输入邮箱').fill(email.toUpperCase())
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(other.locator('.toast', { hasText: '验证码已发送' })).toBeVisible()
  const code = await codeFromOutbox(request, email, /找回密码/)
  await dialog.getByPlaceholder('6位数字').fill(code === '000000' ? '111111' : '000000')
  await dialog.getByRole('button', { name: '下一步' }).click()
  await expect(dialog.getByText('邮箱验证码错误')).toBeVisible()
  await dialog.getByPlaceholder('6位数字').fill(code)
  await dialog.getByRole('button', { name: '下一步' }).click()
  await dialog.getByPlaceholder('请输入新密码').fill('123')
  await dialog.getByPlaceholder('请再次输入新密码').fill('123')
  await dialog.getByRole('button', { name: '重置密码' }).click()
  await expect(dialog.getByText('密码至少需要6位')).toBeVisible()
  await dialog.getByPlaceholder('请输入新密码').fill('newpass789')
  await dialog.getByPlaceholder('请再次输入新密码').fill('newpass789')
  await dialog.getByRole('button', { name: '重置密码' }).click()
  await expect(other.locator('.toast', { hasText: '密码已重置' })).toBeVisible()
  await expect(other.getByRole('heading', { name: '登录石榴' })).toBeVisible()

  await dialog.getByPlaceholder('请输入石榴号').fill(member.userId)
  await dialog.getByPlaceholder('请输入密码').fill(member.password)
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(other.locator('.toast').last()).not.toHaveText('登录成功')
  await dialog.getByPlaceholder('请输入密码').fill('newpass789')
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(other.getByText('登录成功')).toBeVisible()
  await other.close()

  // The first page's session ended with the reset: its next call is refused and it is signed out.
  await page.reload()
  await expect(page.locator('.side-login')).toBeVisible()
})

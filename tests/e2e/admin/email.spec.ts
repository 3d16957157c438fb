/**
 * Issue 20 in the back-office, against the e2e server (SMTP_URL=outbox): the users table's masked email and its
 * filter, 发送找回密码验证码 (the code goes to the member's mailbox, never to the screen), 邮件发件箱 listing it,
 * and 管理员会话.
 */
import { expect, test } from '@playwright/test'
import { registerMember } from '../member/api'
import { uniqueId } from '../member/helpers'
import { loginAsAdmin, rows } from './helpers'

test('users show the masked email and filter by it; the reset code goes to the outbox, not the screen', async ({ page, request }) => {
  const member = await registerMember(request, uniqueId('adm_'))
  const email = `${member.userId.toLowerCase()}@example.edu`
  const auth = { Authorization: `Bearer ${member.token}` }
  expect((await request.post('/api/auth/send-email-code', { data: { email } })).ok()).toBe(true)
  await loginAsAdmin(page)
  // The member binds it with the code from the outbox screen.
  await page.goto('/admin/outbox')
  const mail = rows(page).filter({ hasText: email }).first()
  await expect(mail).toBeVisible()
  const subject = (await mail.textContent()) ?? ''
  const code = subject.match(/\d{6}/)?.[0]
  expect(code).toBeTruthy()
  expect((await request.post('/api/auth/bind-email', { data: { email, emailCode: code }, headers: auth })).ok()).toBe(true)

  await page.goto('/admin/users')
  await page.getByLabel('邮箱（完整地址）').fill(email.toUpperCase())
  await page.getByRole('search').getByRole('button', { name: '筛选', exact: true }).click()
  await expect(rows(page)).toHaveCount(1)
  const row = rows(page).first()
  await expect(row).toContainText(`${email[0]}***@example.edu`)
  await expect(row).not.toContainText(email)
  // Asked first: cancelling sends nothing; confirming sends it.
  await row.getByRole('button', { name: '发送找回密码验证码' }).click()
  const ask = page.getByRole('dialog', { name: '确认操作' })
  await expect(ask).toContainText('你不会看到验证码')
  await ask.getByRole('button', { name: '取消' }).click()
  await expect(ask).toBeHidden()
  await row.getByRole('button', { name: '发送找回密码验证码' }).click()
  await ask.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('找回密码验证码已发送到该用户的绑定邮箱')).toBeVisible()

  await page.goto('/admin/outbox')
  await expect(rows(page).first()).toContainText('找回密码')
  await expect(rows(page).first()).toContainText(email)
  // One reset mail: the cancelled ask sent none.
  await expect(rows(page).filter({ hasText: email }).filter({ hasText: '找回密码' })).toHaveCount(1)
})

test('管理员会话 lists the administrator sessions', async ({ page }) => {
  await loginAsAdmin(page)
  await page.goto('/admin/admin-sessions')
  await expect(page.getByRole('heading', { name: '管理员会话', level: 1 })).toBeVisible()
  await expect(rows(page).filter({ hasText: 'admin' }).first()).toBeVisible()
})

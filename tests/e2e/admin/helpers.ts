import { expect, type Page } from '@playwright/test'

export const ADMIN = { username: 'admin', password: 'admin123456' }

/** Signs in through the login screen and waits for the landing page. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login')
  await page.getByPlaceholder('请输入用户名').fill(ADMIN.username)
  await page.getByPlaceholder('请输入密码').fill(ADMIN.password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  // The success message shows for 1 s before the redirect; on a loaded machine the page may already have moved on.
  await expect(page.getByText('登录成功，正在跳转...').or(page.getByRole('heading', { name: 'API文档', level: 1 }))).toBeVisible()
  await page.waitForURL('**/admin/api-docs')
}

/** The confirmation / prompt dialog's 确定 button. */
export async function confirmDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
}

/** Waits for the next list request of an admin resource and returns its query parameters. */
export async function nextListQuery(page: Page, resource: string, action: () => Promise<void>): Promise<URLSearchParams> {
  const request = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === `/api/admin/${resource}`)
  await action()
  return new URL((await request).url()).searchParams
}

export function rows(page: Page) {
  return page.locator('table.data-table tbody tr:not(:has(td.empty))')
}

/** A localStorage item of the page's origin (read through the context's storage state). */
export async function storedItem(page: Page, key: string): Promise<string | null> {
  const origin = new URL(page.url()).origin
  const state = await page.context().storageState()
  const entry = state.origins.find((o) => o.origin === origin)?.localStorage.find((i) => i.name === key)
  return entry?.value ?? null
}

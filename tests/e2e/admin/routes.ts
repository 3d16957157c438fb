import { expect, type Locator, type Page } from '@playwright/test'
import type { SweepWidth } from '../support/sweep'

/** Every admin route of the spec (§2) except the login, with what must be on screen and its primary actions. */
export interface AdminRoute {
  name: string
  path: string
  /** The resource table's add button text (新增用户), when the resource can create. */
  create?: string
  kind: 'table' | 'monitor' | 'docs'
}

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { name: 'api-docs', path: '/admin/api-docs', kind: 'docs' },
  { name: 'monitor', path: '/admin/monitor', kind: 'monitor' },
  { name: 'users', path: '/admin/users', kind: 'table', create: '新增用户' },
  { name: 'reports', path: '/admin/reports', kind: 'table' },
  { name: 'posts', path: '/admin/posts', kind: 'table', create: '新增笔记' },
  { name: 'comments', path: '/admin/comments', kind: 'table', create: '新增评论' },
  { name: 'categories', path: '/admin/categories', kind: 'table', create: '新增分类' },
  { name: 'tags', path: '/admin/tags', kind: 'table', create: '新增标签' },
  { name: 'likes', path: '/admin/likes', kind: 'table' },
  { name: 'collections', path: '/admin/collections', kind: 'table' },
  { name: 'follows', path: '/admin/follows', kind: 'table' },
  { name: 'notifications', path: '/admin/notifications', kind: 'table' },
  { name: 'sessions', path: '/admin/sessions', kind: 'table' },
  { name: 'audit', path: '/admin/audit', kind: 'table' },
  { name: 'admins', path: '/admin/admins', kind: 'table' },
]

export const MOBILE_MAX = 960

/**
 * Opens a route and waits for its data, not a spinner. After the first page load it navigates inside the app (as
 * the menu does), which saves reloading the bundle and re-checking the session for every route.
 */
export async function openAdminRoute(page: Page, route: AdminRoute, { reload = true } = {}): Promise<void> {
  if (reload) await page.goto(route.path)
  else {
    await page.evaluate(`history.pushState(null, '', ${JSON.stringify(route.path)}); dispatchEvent(new PopStateEvent('popstate'))`)
    await page.waitForURL(`**${route.path}`)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('管理后台')
  }
  if (route.kind === 'docs') await expect(page.locator('.endpoint').first()).toBeVisible({ timeout: 30_000 })
  else if (route.kind === 'monitor') await expect(page.locator('.feed-item').first()).toBeVisible()
  else {
    await expect(page.locator('table.data-table tbody tr').first()).toBeVisible()
    await expect(page.locator('.loading-overlay')).toHaveCount(0)
  }
}

/** The screen's primary actions at this width: header, toolbar, and the first row's actions (ban, edit, delete). */
export async function adminPrimary(page: Page, route: AdminRoute, width: SweepWidth): Promise<Locator[]> {
  const actions: Locator[] = [page.getByRole('button', { name: '返回主站' })]
  if (width <= MOBILE_MAX) actions.push(page.getByRole('button', { name: '打开菜单' }))
  if (route.kind === 'monitor') actions.push(page.getByRole('button', { name: '刷新' }))
  if (route.kind === 'docs') actions.push(page.getByRole('searchbox', { name: '搜索API接口' }))
  if (route.kind !== 'table') return actions
  actions.push(page.getByRole('button', { name: '刷新' }))
  if (route.create) actions.push(page.getByRole('button', { name: route.create }))
  actions.push(width <= MOBILE_MAX ? page.locator('button.filter-toggle') : page.getByRole('button', { name: '筛选', exact: true }))
  const rowActions = page.locator('table.data-table tbody tr .row-actions')
  // An empty table (e.g. no member sessions in the demo data) has no row actions to check.
  if ((await rowActions.count()) > 0) actions.push(rowActions.first().locator('button').first(), rowActions.first().locator('button').last())
  return actions
}

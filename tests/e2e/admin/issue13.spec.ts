/** Issue 13, admin back-office: layout, filters, note form media, hover card, confirmations, docs and errors. */
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { confirmDialog, loginAsAdmin, nextListQuery, rows } from './helpers'

const DEMO_MEMBER = { user_id: 'demo', password: 'demo123456' }

async function openCreateNote(page: Page) {
  await page.goto('/admin/posts')
  await page.getByRole('button', { name: '新增笔记' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('作者小石榴号').fill(DEMO_MEMBER.user_id)
  return dialog
}

test.describe('admin back-office, issue 13', () => {
  test.beforeEach(async ({ page }) => loginAsAdmin(page))

  test('the rail folds back after a menu click, while the pointer is still on it', async ({ page }) => {
    const rail = page.locator('.side-menu-rail')
    await rail.hover()
    await expect.poll(async () => (await rail.boundingBox())?.width).toBe(270)
    await rail.getByRole('link', { name: /分类管理/ }).click()
    await page.waitForURL('**/admin/categories')
    await expect.poll(async () => (await rail.boundingBox())?.width).toBe(78)
    // The title and the filters are not under it.
    await expect(page.getByRole('heading', { name: '分类管理', level: 1 })).toBeVisible()
    const title = await page.getByRole('heading', { name: '分类管理', level: 1 }).boundingBox()
    expect(title!.x).toBeGreaterThan(78)
  })

  test('id filters: text gets the server rule and message; a note opens by its id', async ({ page }) => {
    await page.goto('/admin/comments')
    await expect(rows(page).first()).toBeVisible()
    let listCalls = 0
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/comments') listCalls++
    })
    await page.getByRole('textbox', { name: '笔记ID' }).fill('abc')
    await page.getByRole('button', { name: '筛选', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('笔记ID：筛选值必须是整数')
    await expect(page.getByText('暂无数据')).toHaveCount(0)
    expect(listCalls).toBe(0)

    await page.goto('/admin/posts')
    const id = (await rows(page).nth(3).locator('td[data-label="ID"]').innerText()).trim()
    await page.getByRole('textbox', { name: '笔记ID' }).fill(id)
    await page.getByRole('button', { name: '筛选', exact: true }).click()
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page).first().locator('td[data-label="ID"]')).toHaveText(id)
    await expect(page.getByText('1 条记录', { exact: false })).toBeVisible()
  })

  test('note form: cover upload, URLs by the server rule, a bare draft, 提交失败', async ({ page }) => {
    let dialog = await openCreateNote(page)
    await dialog.getByLabel('类型').selectOption('2')
    const cover = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff2442' } }).png().toBuffer()
    await dialog.getByLabel('上传封面').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover })
    await expect(page.getByText('封面上传成功')).toBeVisible()
    await expect(dialog.getByRole('img', { name: '封面预览' })).toHaveAttribute('src', /\/uploads\//)
    await expect(dialog.getByLabel('封面地址')).toHaveValue(/^\/uploads\//)
    await dialog.getByLabel('封面地址').fill('https://example.com/cover.jpg')
    await dialog.getByLabel('封面地址').press('Enter')
    await expect(page.getByText('图片地址无效，请重新上传')).toBeVisible()

    // A draft needs only a title (or content): no category, content or media demanded.
    await dialog.getByLabel('类型').selectOption('1')
    await dialog.getByLabel('草稿').check()
    await dialog.getByLabel('标题').fill('只有标题的草稿')
    await dialog.getByRole('button', { name: '创建' }).click()
    await expect(page.getByText('笔记创建成功')).toBeVisible()
    await expect(dialog).toBeHidden()

    // The image URL box refuses a foreign link; a well-formed upload path the server cannot find fails at submit.
    dialog = await openCreateNote(page)
    await dialog.getByLabel('标题').fill('失败的提交')
    await dialog.getByLabel('内容').fill('正文')
    await dialog.getByLabel('分类').selectOption({ index: 1 })
    await dialog.getByLabel('图片地址').fill('https://example.com/a.jpg')
    await dialog.getByLabel('图片地址').press('Enter')
    await expect(page.getByText('图片地址无效，请重新上传')).toBeVisible()
    await dialog.getByLabel('图片地址').fill('/uploads/2020/01/missing.webp')
    await dialog.getByLabel('图片地址').press('Enter')
    await dialog.getByRole('button', { name: '创建' }).click()
    await expect(page.getByText(/^提交失败: /)).toBeVisible()
  })

  test('user hover card: note images and the follow state of the member signed in here', async ({ page, request }) => {
    await page.goto('/admin/posts')
    // Another member's note (earlier tests may have added notes by the demo member, whose card says 这是你自己).
    const author = rows(page).filter({ hasNot: page.getByText('石榴同学') }).first().locator('td[data-label="作者"] a')
    await author.hover()
    const card = page.getByRole('tooltip')
    await expect(card).toBeVisible()
    await expect(card.getByText('未登录会员账号')).toBeVisible()
    const images = card.locator('.hover-posts img')
    await expect(images.first()).toBeVisible()
    await expect.poll(() => images.first().evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number; src: string }).naturalWidth > 0 && !(img as unknown as { src: string }).src.startsWith('data:'))).toBe(true)

    const login = await request.post('/api/auth/login', { data: DEMO_MEMBER })
    const token = ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`)
    await page.mouse.move(0, 600)
    await expect(card).toBeHidden()
    await author.hover()
    await expect(card.getByRole('button', { name: /^(关注|已关注|回关|互相关注)$/ })).toBeVisible()
  })

  test('confirmations name the record and say what else goes', async ({ page }) => {
    await page.goto('/admin/comments')
    await expect(rows(page).first()).toBeVisible()
    await nextListQuery(page, 'comments', () => page.getByRole('button', { name: '回复数降序' }).click())
    await expect(page.locator('.loading-overlay')).toHaveCount(0)
    const first = rows(page).first()
    const replies = (await first.locator('td[data-label="回复数"]').innerText()).trim()
    expect(Number(replies)).toBeGreaterThan(0)
    await first.getByRole('button', { name: '删除' }).click()
    await expect(page.getByRole('dialog')).toContainText(`它的 ${replies} 条回复也会一并删除`)
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()

    await page.goto('/admin/users')
    const nickname = (await rows(page).first().locator('td[data-label="昵称"]').innerText()).trim()
    await rows(page).first().getByRole('button', { name: '删除' }).click()
    await expect(page.getByRole('dialog')).toContainText(`确定要删除用户「${nickname}」吗？`)
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
  })

  test('docs header shows the update date; the monitor shows the server message of a 5xx', async ({ page }) => {
    await expect(page.getByText(/更新时间: \d{4}\/\d{1,2}\/\d{1,2}/)).toBeVisible()
    await page.route(/\/api\/admin\/monitor\/activities/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 503, success: false, message: '数据库正在维护，请稍后重试', data: null }) }),
    )
    await page.goto('/admin/monitor')
    await expect(page.getByRole('alert')).toContainText('数据库正在维护，请稍后重试')
    await expect(page.getByText('服务器内部错误')).toHaveCount(0)
  })

  test('broken note images show the placeholder, not the broken-image icon', async ({ page }) => {
    await page.route(/\/uploads\/.*\.webp/, (route) => route.abort('failed'))
    await page.goto('/admin/posts')
    const thumb = page.locator('td[data-label="媒体"] img').first()
    await expect(thumb).toHaveAttribute('src', /^data:image\/svg/)
  })

  test('at 768 px rows are cards with their actions on screen', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 })
    await page.goto('/admin/users')
    const row = rows(page).first()
    await expect(row.getByRole('button', { name: '封禁用户' })).toBeInViewport()
    await expect(row.getByRole('button', { name: '删除' })).toBeInViewport()
    expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true)
    await row.getByRole('button', { name: '封禁用户' }).click()
    await confirmDialog(page)
    await expect(row.locator('td[data-label="状态"]')).toHaveText('已封禁')
    await row.getByRole('button', { name: '解封用户' }).click()
    await confirmDialog(page)
    await expect(row.locator('td[data-label="状态"]')).toHaveText('正常')
  })
})

import { expect, test } from '@playwright/test'
import { cards } from './helpers'

test.describe('visitor', () => {
  test('browses explore, switches channel, opens a note, pages comments, is asked to log in when liking', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/explore\/recommend$/)
    await expect(page.getByRole('tab', { name: '推荐' })).toHaveAttribute('aria-selected', 'true')
    await expect(cards(page).first()).toBeVisible()
    expect(await cards(page).count()).toBeGreaterThan(4)

    // switch channel: the second tab is the first server category
    const second = page.getByRole('tablist', { name: '频道' }).getByRole('tab').nth(1)
    const label = (await second.textContent())!.trim()
    await second.click()
    await expect(second).toHaveAttribute('aria-selected', 'true')
    await expect(page).toHaveURL(/\/explore\/(?!recommend)[^/]+$/)
    await expect(cards(page).first().or(page.getByText('暂无内容'))).toBeVisible()
    expect(label.length).toBeGreaterThan(0)

    // back to 推荐 and open a note as an overlay
    await page.getByRole('tab', { name: '推荐' }).click()
    await expect(page).toHaveURL(/\/explore\/recommend$/)
    await cards(page).first().locator('.note-cover').click()
    await expect(page).toHaveURL(/\/post\?id=\d+/)
    const detail = page.locator('.note-detail')
    await expect(detail).toBeVisible()
    await expect(detail.locator('.note-detail-title')).toBeVisible()
    expect(await page.title()).not.toBe('')

    // comments: 5 per page; the header counts what the comment button counts (replies included, issue 13);
    // a visitor asking for more comments gets the login modal (spec §1)
    await expect(detail.getByText(/共 \d+ 条评论/)).toBeVisible()
    const total = Number((await detail.getByText(/共 \d+ 条评论/).textContent())!.match(/\d+/)![0])
    await expect(detail.getByRole('button', { name: '评论' })).toHaveText(String(total))
    const more = detail.getByRole('button', { name: '加载更多评论' })
    if (await more.isVisible()) {
      expect(await detail.locator('.comment-thread').count()).toBe(5)
      await more.click()
      await expect(page.getByRole('heading', { name: '登录石榴' })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(page.getByRole('heading', { name: '登录石榴' })).toBeHidden()
      expect(await detail.locator('.comment-thread').count()).toBe(5)
    }

    // liking opens the login modal and changes nothing
    const like = detail.getByRole('button', { name: '点赞' })
    const count = await like.textContent()
    await like.click()
    await expect(page.getByRole('heading', { name: '登录石榴' })).toBeVisible()
    await expect(like).toHaveText(count!)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('heading', { name: '登录石榴' })).toBeHidden()

    // closing the overlay restores the feed address
    await page.getByRole('button', { name: '关闭' }).first().click()
    await expect(page).toHaveURL(/\/explore\/recommend$/)
    await expect(detail).toBeHidden()
  })

  test('a direct /post link shows the note as a page; a bad id goes to the not-found page', async ({ page }) => {
    await page.goto('/')
    const href = await cards(page).first().locator('.note-cover').getAttribute('href')
    await page.goto(href!)
    await expect(page.locator('.note-detail.mode-page')).toBeVisible()
    await page.goto('/post?id=999999999')
    await expect(page.getByText('你访问的页面不见了')).toBeVisible()
    await expect(page.getByText(/\d秒后将自动返回首页/)).toBeVisible()
    await expect(page).toHaveURL(/\/explore/, { timeout: 8000 })
  })

  test('search history keeps the latest terms with an edit mode', async ({ page }) => {
    await page.goto('/explore')
    const box = page.getByRole('combobox', { name: '搜索' })
    for (const term of ['学习', '考研']) {
      await box.fill(term)
      await box.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/search_result/all\\?keyword=${encodeURIComponent(term)}`))
    }
    await box.click()
    const history = page.getByRole('listbox', { name: '搜索历史' })
    await expect(history.getByRole('button', { name: '考研' })).toBeVisible()
    await history.getByRole('button', { name: '编辑历史记录' }).click()
    await history.getByRole('button', { name: '删除 学习' }).click()
    await expect(history.getByRole('button', { name: '学习', exact: true })).toBeHidden()
    await history.getByRole('button', { name: '全部删除' }).click()
    await expect(history.getByText('暂无搜索记录')).toBeVisible()
  })
})

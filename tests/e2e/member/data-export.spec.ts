import { expect, test } from '@playwright/test'
import yauzl from 'yauzl'
import { publishNote, registerMember } from './api'
import { login, uniqueId } from './helpers'

/*
 * 账号与安全 → 导出我的数据 (issue 21 part 5): the member asks, the panel follows the build, then 下载数据 saves
 * the zip (sent only with the member's token) holding their data files and their note's image.
 */

function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'))
      const names: string[] = []
      zip.on('entry', (e: yauzl.Entry) => (names.push(e.fileName), zip.readEntry()))
      zip.on('end', () => resolve(names))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

test('a member exports their data and downloads the zip', async ({ page, request }) => {
  const member = await registerMember(request, uniqueId('ex'))
  await publishNote(request, member, '导出测试笔记')
  await page.goto('/explore')
  await login(page, member.userId, member.password)
  await page.getByRole('button', { name: '更多', exact: true }).click()
  await page.getByRole('menuitem', { name: '账号与安全' }).click()
  const panel = page.getByRole('region', { name: '导出我的数据' })
  await panel.getByRole('button', { name: '导出我的数据' }).click()
  await expect(page.getByText('已开始导出，完成后会通知你')).toBeVisible()
  const download = panel.getByRole('button', { name: '下载数据' })
  await expect(download).toBeVisible({ timeout: 15_000 })
  await expect(panel.getByText(/已生成，可下载至/)).toBeVisible()
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
  expect(file.suggestedFilename()).toMatch(/^shiliu-data-\d{4}-\d{2}-\d{2}\.zip$/)
  const stream = await file.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const names = await zipNames(Buffer.concat(chunks))
  expect(names).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'notes.json', 'comments.json', 'likes.json', 'collections.json', 'follows.json', 'verification.json']))
  expect(names.some((n) => n.startsWith('media/'))).toBe(true)
})

/**
 * Style sheets that cannot depend on navigation (issue 13): each route opened first in a fresh tab must style the
 * shared controls (select, text input, chip, button) exactly as /publish does, the route that used to carry them.
 */
import { expect, test, type Page } from '@playwright/test'
import { signedInState } from '../support/sweep'
import { DEMO, login } from './helpers'

const CONTROLS = {
  select: { selector: 'select.field-select', props: ['borderTopLeftRadius', 'borderTopWidth', 'borderTopStyle', 'backgroundColor', 'color', 'paddingLeft', 'height'] },
  input: { selector: 'input.field-input:not(.tag-field)', props: ['backgroundColor', 'borderTopStyle', 'paddingLeft', 'outlineStyle'] },
  chip: { selector: '.tag-chip', props: ['borderTopLeftRadius', 'backgroundColor', 'color', 'fontSize', 'paddingLeft', 'display'] },
  button: { selector: '.btn.btn-primary', props: ['display', 'fontWeight', 'backgroundColor', 'color'] },
} as const
type Kind = keyof typeof CONTROLS
type Styles = Partial<Record<Kind, Record<string, string>>>

/** Computed styles of the first element of each shared control on the page. */
async function controlStyles(page: Page): Promise<Styles> {
  const out: Styles = {}
  for (const [kind, { selector, props }] of Object.entries(CONTROLS) as [Kind, (typeof CONTROLS)[Kind]][]) {
    const el = page.locator(selector).first()
    if ((await el.count()) === 0) continue
    out[kind] = await el.evaluate((node, names) => {
      const style = (globalThis as unknown as { getComputedStyle(n: unknown): Record<string, string> }).getComputedStyle(node)
      return Object.fromEntries(names.map((n) => [n, style[n]!]))
    }, props as readonly string[] as string[])
  }
  return out
}

const ROUTES: { name: string; open: (page: Page) => Promise<void>; kinds: Kind[] }[] = [
  {
    name: 'publish',
    kinds: ['select', 'chip', 'button'],
    open: async (page) => {
      await page.goto('/publish')
      const tag = page.locator('.tag-field')
      await tag.fill('样式')
      await tag.press('Enter')
      await expect(page.locator('.tag-chip')).toBeVisible()
    },
  },
  { name: 'post-management', kinds: ['select', 'input'], open: (page) => page.goto('/post-management').then(() => expect(page.locator('.manage-item').first()).toBeVisible()) },
  { name: 'draft-box', kinds: ['select', 'input'], open: (page) => page.goto('/draft-box').then(() => expect(page.locator('.manage-filters')).toBeVisible()) },
  {
    name: 'profile editor',
    kinds: ['select', 'input', 'chip', 'button'],
    open: async (page) => {
      await page.goto('/user')
      await page.getByRole('button', { name: '编辑资料' }).click()
      await expect(page.locator('.profile-editor .tag-chip').first()).toBeVisible()
    },
  },
  { name: 'not-found', kinds: ['button'], open: (page) => page.goto('/no-such-page').then(() => expect(page.getByRole('button', { name: '返回首页' })).toBeVisible()) },
]

test('shared controls look the same whichever route a tab opens first', async ({ browser }) => {
  const storageState = await signedInState(browser, async (page) => {
    await page.goto('/explore')
    await login(page, DEMO.userId, DEMO.password)
  })
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 860 }, locale: 'zh-CN' })
  try {
    const seen: Record<string, Styles> = {}
    for (const route of ROUTES) {
      const page = await context.newPage() // a fresh tab: only what this route (and the shell) loads
      await route.open(page)
      seen[route.name] = await controlStyles(page)
      await page.close()
    }
    const reference = seen.publish!
    // the reference itself is styled (not the browser's native select / unstyled chip)
    expect(reference.select?.borderTopLeftRadius).toBe('8px')
    expect(reference.chip?.borderTopLeftRadius).toBe('999px')
    for (const route of ROUTES) {
      for (const kind of route.kinds) {
        const expected = reference[kind] ?? seen['profile editor']![kind]
        expect(seen[route.name]![kind], `${kind} on ${route.name} opened first`).toEqual(expected)
      }
    }
  } finally {
    await context.close()
  }
})

/**
 * The colour tokens of both apps meet WCAG 2.2 AA (issue 22 §6): read from the stylesheets themselves
 * (renderer/common/theme/base.css, renderer/admin/styles/admin.css), light and dark, text ≥ 4.5:1 on every surface it
 * sits on, white text ≥ 4.5:1 on every fill; and the brand colour's runtime tokens (theme.ts primaryTokens) for each
 * colour theme a member can pick. The browser sweep (axe) checks the rendered pages; this pins the tokens.
 */
import { describe, expect, it } from 'vitest'
import { blend, contrast, parseHex, readableOn, toHex, type Rgb } from '../../renderer/common/theme/contrast'
import { primaryTokens, THEME_COLORS } from '../../renderer/common/theme/theme'

// The stylesheets as written (vitest turns imported CSS into nothing, ?raw included). node:fs is imported by a
// computed name because this folder is type-checked with the renderer's (DOM) types, without Node's.
const { readFileSync } = (await import(/* @vite-ignore */ ['node', 'fs'].join(':'))) as { readFileSync(path: string, encoding: 'utf8'): string }
const baseCss = readFileSync('renderer/common/theme/base.css', 'utf8')
const adminCss = readFileSync('renderer/admin/styles/admin.css', 'utf8')

/** The custom properties of the first rule whose selector is exactly `selector`. */
function tokens(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`)
  expect(start, `${selector} in the stylesheet`).toBeGreaterThanOrEqual(0)
  const body = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

/** Light tokens, and dark ones (light overridden by the dark block). */
function schemes(css: string): { light: Record<string, string>; dark: Record<string, string> } {
  const light = tokens(css, ':root')
  return { light, dark: { ...light, ...tokens(css, ":root[data-theme='dark']") } }
}

const rgb = (hex: string | undefined): Rgb => {
  const parsed = parseHex(hex ?? '')
  expect(parsed, `a #rrggbb colour: ${hex}`).not.toBeNull()
  return parsed!
}
const ratio = (a: string | undefined, b: string | undefined) => contrast(rgb(a), rgb(b))
const WHITE = '#ffffff'

describe('contrast arithmetic', () => {
  it('matches the WCAG reference values', () => {
    expect(ratio('#000000', WHITE)).toBeCloseTo(21, 5)
    expect(ratio('#777777', WHITE)).toBeCloseTo(4.48, 2)
    expect(ratio('#767676', WHITE)).toBeCloseTo(4.54, 2)
    expect(ratio('#ff2442', WHITE)).toBeLessThan(4.5)
  })

  it('moves a colour just far enough, towards black on light and white on dark backgrounds', () => {
    const onLight = readableOn('#ff2442', [WHITE])
    expect(ratio(onLight, WHITE)).toBeGreaterThanOrEqual(4.5)
    expect(ratio(onLight, WHITE)).toBeLessThan(4.8) // no darker than needed: the brand stays recognisable
    const onDark = readableOn('#2f6fed', ['#121212'])
    expect(ratio(onDark, '#121212')).toBeGreaterThanOrEqual(4.5)
    expect(rgb(onDark)[0]).toBeGreaterThan(rgb('#2f6fed')[0])
    expect(readableOn('#333333', [WHITE])).toBe('#333333')
  })
})

describe('member app tokens (base.css)', () => {
  const { light, dark } = schemes(baseCss)
  for (const [scheme, t] of [['light', light], ['dark', dark]] as const) {
    it(`${scheme}: text colours ≥ 4.5:1 on --bg, --bg-soft and --bg-elevated`, () => {
      for (const text of ['--text', '--text-strong', '--text-2', '--text-3', '--link', '--primary-text'])
        for (const bg of ['--bg', '--bg-soft', '--bg-elevated']) expect(ratio(t[text], t[bg]), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5)
    })
  }

  it('the stylesheet holds the default red’s runtime tokens (no flash of other colours)', () => {
    const runtime = primaryTokens(light['--primary']!, 'light')
    for (const name of ['--primary', '--primary-fill', '--primary-dark', '--primary-text']) expect(light[name], name).toBe(runtime[name])
  })

  for (const { name, value, fill, text } of THEME_COLORS) {
    it(`colour theme ${name}: white on the fill, text on the page and the tint, in both schemes`, () => {
      // the pinned variants are what readableOn computes (no darker than needed)
      expect(fill).toBe(readableOn(value, [WHITE]))
      for (const [scheme, t] of [['light', light], ['dark', dark]] as const) {
        const tint = toHex(blend(rgb(value), 0.1, rgb(t['--bg'])))
        expect(text[scheme], `${scheme} text`).toBe(readableOn(value, [t['--bg']!, t['--bg-soft']!, t['--bg-elevated']!, tint]))
      }
      for (const [scheme, t] of [['light', light], ['dark', dark]] as const) {
        const tokensOf = primaryTokens(value, scheme)
        expect(ratio(WHITE, tokensOf['--primary-fill']), `${scheme} fill`).toBeGreaterThanOrEqual(4.5)
        expect(ratio(WHITE, tokensOf['--primary-dark']), `${scheme} fill hover`).toBeGreaterThanOrEqual(4.5)
        const tint = blend(rgb(value), 0.1, rgb(t['--bg']))
        for (const bg of [rgb(t['--bg']), rgb(t['--bg-soft']), tint]) expect(contrast(rgb(tokensOf['--primary-text']), bg), `${scheme} text`).toBeGreaterThanOrEqual(4.5)
        // the decoration keeps the chosen colour itself
        expect(tokensOf['--primary']).toBe(value)
      }
    })
  }

  it('an unknown colour setting falls back to the default red', () => {
    expect(primaryTokens('#ffff00', 'light')).toEqual(primaryTokens('#ff2442', 'light'))
  })
})

describe('admin app tokens (admin.css)', () => {
  const { light, dark } = schemes(adminCss)
  for (const [scheme, t] of [['light', light], ['dark', dark]] as const) {
    it(`${scheme}: text colours ≥ 4.5:1 on the surfaces; status colours on their tints`, () => {
      for (const text of ['--text', '--text-2', '--muted', '--accent-text', '--success', '--warning', '--danger', '--info'])
        for (const bg of ['--bg', '--surface', '--surface-2']) expect(ratio(t[text], t[bg]), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5)
      // .status-* badges: the colour on a 10–12 % tint (of about the same hue) over the surface
      for (const text of ['--success', '--warning', '--danger', '--info']) {
        const tint = blend(rgb(t[text]), 0.12, rgb(t['--surface']))
        expect(contrast(rgb(t[text]), tint), `${text} on its tint`).toBeGreaterThanOrEqual(4.5)
      }
    })

    it(`${scheme}: white text ≥ 4.5:1 on every fill`, () => {
      for (const fill of ['--accent-fill', '--accent-hover', '--gray-btn', '--fill-get', '--fill-post', '--fill-put', '--fill-danger'])
        expect(ratio(WHITE, t[fill]), fill).toBeGreaterThanOrEqual(4.5)
    })
  }
})

/**
 * The check that cannot be fooled (issue 40, server half): every text the server can send, collected from its
 * source (extract.ts), is in the English catalogue with the same named arguments, the catalogue holds nothing
 * else, and no Chinese is assembled outside the catalogue (template literals or `+` with Chinese text fail,
 * whatever function they are passed to). Plus the rendering rules the catalogue relies on.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { CATALOG_EN } from '../../../server/i18n/catalog-en'
import { localize } from '../../../server/i18n/format'
import { htmlText } from '../../../server/i18n/html'
import { fixed, known, msg } from '../../../server/i18n/message'
import { extractMessages } from './extract'

/**
 * Texts built in data the replies carry (not in messages): the 推荐's reasons, the follow suggestions' reasons
 * and the back-office's activity lines. Known gap of issue 40, listed so it can only shrink: a file here that
 * no longer assembles Chinese fails the test until it is removed from the list.
 */
const KNOWN_GAPS: string[] = []

const { ids, violations } = extractMessages()

/** The argument names an ICU pattern uses (nested in plurals and selects too). */
function argumentsOf(pattern: string): string[] {
  const names = new Set<string>()
  const walk = (elements: unknown[]): void => {
    for (const el of elements as Array<{ type: number; value?: unknown; options?: Record<string, { value: unknown[] }> }>) {
      if (el.type >= 1 && el.type <= 6 && typeof el.value === 'string') names.add(el.value)
      for (const option of Object.values(el.options ?? {})) walk(option.value)
    }
  }
  walk(new IntlMessageFormat(pattern, 'en', undefined, { ignoreTag: true }).getAst() as unknown[])
  return [...names].sort()
}

const placeholdersOf = (id: string): string[] => [...new Set([...id.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort()

describe('the server message catalogue (issue 40)', () => {
  it('finds the messages (the extractor works)', () => {
    expect(ids.size).toBeGreaterThan(400)
    for (const id of ['请求参数错误', '用户不存在', '词语最多{max}个字符', '赞了你的笔记']) expect(ids.has(id), id).toBe(true)
  })

  it('every message id the server can send has an English entry', () => {
    const missing = [...ids].filter(([id]) => !(id in CATALOG_EN)).map(([id, at]) => `${at[0]!.file}:${at[0]!.line} ${id}`)
    expect(missing).toEqual([])
  })

  it('the catalogue holds no stale entry', () => {
    expect(Object.keys(CATALOG_EN).filter((id) => !ids.has(id))).toEqual([])
  })

  it('each entry is valid ICU with exactly the id’s named arguments; ids use plain {name} placeholders only', () => {
    const bad: string[] = []
    for (const [id, pattern] of Object.entries(CATALOG_EN)) {
      if (/\{(?!\w+\})/.test(id)) bad.push(`id with a non-plain placeholder: ${id}`)
      let args: string[]
      try {
        args = argumentsOf(pattern)
      } catch (err) {
        bad.push(`${id}: ${(err as Error).message}`)
        continue
      }
      if (args.join() !== placeholdersOf(id).join()) bad.push(`${id}: arguments ${args.join()} ≠ ${placeholdersOf(id).join()}`)
    }
    expect(bad).toEqual([])
  })

  it('no Chinese text is assembled outside the catalogue (template literals, +, non-literal ids)', () => {
    const outside = violations.filter((v) => !KNOWN_GAPS.includes(v.file)).map((v) => `${v.file}:${v.line} ${v.text.slice(0, 120)}`)
    expect(outside).toEqual([])
    const stillGaps = new Set(violations.map((v) => v.file))
    expect(KNOWN_GAPS.filter((file) => !stillGaps.has(file)), 'fixed gaps to remove from KNOWN_GAPS').toEqual([])
  })
})

describe('the extractor cannot be fooled', () => {
  it('finds Chinese however it reaches an error: literal, constant, template, +, a non-literal id', () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'i18n-')), 'server')
    mkdirSync(path.join(root, 'seed'), { recursive: true })
    writeFileSync(
      path.join(root, 'fixture.ts'),
      [
        "const TEXT = '藏在常量里'",
        "throw Invalid('直接写的')",
        'throw Invalid(`最多${N}个`)',
        "throw Invalid('前缀' + name)",
        'throw Invalid(msg(id))',
        "z.string().describe('文档说明')",
        "// i18n-ignore: data\nconst GENDERS = ['男']",
        "const GENDERS2 = ['女'] // i18n-ignore: data",
      ].join('\n'),
    )
    writeFileSync(path.join(root, 'seed', 'demo.ts'), "export const NOTE = '演示内容'")
    const found = extractMessages(root)
    expect([...found.ids.keys()].sort()).toEqual(['直接写的', '前缀', '藏在常量里'].sort())
    expect(found.violations.map((v) => v.line)).toEqual([3, 4, 5])
  })
})

describe('rendering', () => {
  it('Chinese is the reference: the id with its values, byte for byte', () => {
    expect(msg('词语最多{max}个字符', { max: 1000 }).toString()).toBe('词语最多1000个字符')
    expect(localize(msg('词语最多{max}个字符', { max: 1000 }), 'zh-CN')).toBe('词语最多1000个字符')
    expect(localize('用户不存在', 'zh-CN')).toBe('用户不存在')
  })

  it('English from the catalogue, values and nested ids included; plurals by ICU', () => {
    expect(localize(msg('词语最多{max}个字符', { max: 1000 }), 'en')).toBe('A word can be at most 1000 characters')
    expect(localize(msg('{label}不存在', { label: known('笔记') }), 'en')).toBe('note not found')
    expect(localize(msg('成功删除{count}项', { count: 1 }), 'en')).toBe('Deleted 1 item')
    expect(localize(msg('成功删除{count}项', { count: 3 }), 'en')).toBe('Deleted 3 items')
    expect(localize('用户不存在', 'en')).toBe('User not found')
  })

  it('a text fixed at load (a zod message) renders in another language; user text passes unchanged', () => {
    const text = fixed('标签最多{max}个字', { max: 20 })
    expect(text).toBe('标签最多20个字')
    expect(localize(text, 'en')).toBe('A tag can be at most 20 characters')
    expect(localize('我自己写的警告', 'en')).toBe('我自己写的警告')
  })

  it('a message as HTML (the server\'s own pages): text and values escaped, markup values put in after escaping', () => {
    const markup = { admin: '<a href="/admin">/admin</a>', username: '<b>admin</b>' }
    const teacherOnly = msg('仅教师可见（打印时不出现）。后台：{admin}，管理员 {username}，密码只显示在启动演示的终端里。')
    expect(htmlText(teacherOnly, 'en', markup)).toBe(
      'For the teacher only (not printed). Back-office: <a href="/admin">/admin</a>, administrator <b>admin</b>; the password is shown only in the terminal that started the demo.',
    )
    expect(htmlText(teacherOnly, 'zh-CN', markup)).toBe('仅教师可见（打印时不出现）。后台：<a href="/admin">/admin</a>，管理员 <b>admin</b>，密码只显示在启动演示的终端里。')
    expect(htmlText(msg('石榴课堂账号 {time}', { time: '<i>"x"</i>' }), 'en')).toBe('Shiliu classroom accounts &#60;i&#62;&#34;x&#34;&#60;/i&#62;')
    expect(htmlText('已导出本节课的学生动态', 'en')).toBe('This class&#39;s student activity was exported')
  })
})

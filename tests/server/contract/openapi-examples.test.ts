import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasControlCharacters, MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../../../server/contract/common'
import { runsOn, skipLoudly } from '../../support/engines'
import { startTestServer, type TestServer } from '../../support/server'
import type { Document, Schema } from './support/openapi-cases'

/*
 * Every example of /api/openapi.json is one a client generator can trust (issue 41 §4): it satisfies its own
 * schema (request bodies and replies alike), an error reply's example is the envelope the server sends for
 * that status (code = the status, success false), a success reply's says code 200, success true.
 * SQLite only: the document does not depend on the engine.
 */

interface Media {
  schema?: Schema
  example?: unknown
}
interface Op {
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { content?: Record<string, Media>; $ref?: string }>
}

const suite = runsOn('sqlite') ? describe : describe.skip
if (!runsOn('sqlite')) skipLoudly('OpenAPI examples suite', 'runs in the SQLite pass only (the document does not depend on the engine)')

suite('OpenAPI examples', () => {
  let server: TestServer
  let document: Document & { components: { responses?: Record<string, { content: Record<string, Media> }> } }
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)

  beforeAll(async () => {
    server = await startTestServer()
    document = (await (await server.fetch('/api/openapi.json')).json()) as typeof document
  })
  afterAll(() => server?.close())

  /** Every JSON media object of the document with where it is and the status it answers ('request' for a body). */
  function media(): Array<{ where: string; status: string; media: Media }> {
    const out: Array<{ where: string; status: string; media: Media }> = []
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as unknown as Record<string, Op>)) {
        const where = `${method.toUpperCase()} ${path}`
        const body = op.requestBody?.content['application/json']
        if (body) out.push({ where, status: 'request', media: body })
        for (const [status, reply] of Object.entries(op.responses)) {
          const json = reply.content?.['application/json']
          if (json) out.push({ where, status, media: json })
        }
      }
    }
    for (const [name, reply] of Object.entries(document.components.responses ?? {})) {
      const json = reply.content['application/json']
      if (json) out.push({ where: `components.responses.${name}`, status: name === 'MethodNotAllowed' ? '405' : 'component', media: json })
    }
    return out
  }

  it('every error example is the error envelope of its status', () => {
    const wrong: string[] = []
    let errors = 0
    for (const { where, status, media: m } of media()) {
      if (!/^[45]\d\d$/.test(status)) continue
      errors++
      const example = m.example as { code?: unknown; success?: unknown; message?: unknown; data?: unknown } | undefined
      if (!example || example.code !== Number(status) || example.success !== false || typeof example.message !== 'string' || !example.message || example.message === 'success') {
        wrong.push(`${where} ${status}: ${JSON.stringify(example)}`)
      }
    }
    expect(errors).toBeGreaterThan(1000)
    expect(wrong, wrong.slice(0, 20).join('\n')).toEqual([])
  })

  it('every success example says code 200, success true', () => {
    const wrong = media()
      .filter(({ where, status }) => status === '200' && where !== 'GET /openapi.json')
      .filter(({ media: m }) => (m.example as { code?: unknown })?.code !== 200 || (m.example as { success?: unknown })?.success !== true)
      .map(({ where }) => where)
    expect(wrong).toEqual([])
  })

  it('every example, request or reply, satisfies its own schema', () => {
    const wrong: string[] = []
    let checked = 0
    for (const { where, status, media: m } of media()) {
      if (!m.schema) continue
      expect(m.example, `${where} ${status} has no example`).toBeDefined()
      const validate = ajv.compile({ ...m.schema, components: document.components })
      checked++
      if (!validate(m.example)) wrong.push(`${where} ${status}: ${ajv.errorsText(validate.errors)}`)
    }
    expect(checked).toBeGreaterThan(1400)
    expect(wrong, wrong.slice(0, 30).join('\n')).toEqual([])
  })

  it('declares the data export download as a zip, and event streams as text/event-stream', () => {
    const ok = (path: string) => (document.paths[path]!.get as unknown as Op).responses['200']!.content!
    expect(Object.keys(ok('/users/data-export/{exportId}/download'))).toEqual(['application/zip'])
    expect(ok('/users/data-export/{exportId}/download')['application/zip']!.schema).toMatchObject({ type: 'string', format: 'binary' })
    expect(Object.keys(ok('/notifications/stream'))).toEqual(['text/event-stream'])
    expect(Object.keys(ok('/admin/stream'))).toEqual(['text/event-stream'])
  })
  it('declares what the profile update accepts: a blank MBTI, gender or major clears it, MBTI in any case', () => {
    const body = (document.paths['/users/{id}']!.put as unknown as Op).requestBody!.content['application/json']!.schema!
    const field = (name: string) => ajv.compile({ ...((body.properties as Record<string, Schema>)[name] as Schema), components: document.components })
    const mbti = field('mbti')
    for (const ok of ['', '  ', 'INTJ', 'enfp', null]) expect(mbti(ok), JSON.stringify(ok)).toBe(true)
    for (const bad of ['ABCD', 'INT', 'INTJX', 5]) expect(mbti(bad), JSON.stringify(bad)).toBe(false)
    for (const name of ['gender', 'zodiac_sign', 'education', 'major']) expect(field(name)(''), name).toBe(true)
    expect(field('gender')('其他')).toBe(false)
  })
  it('the control-character patterns are the server\'s rules, code unit for code unit', () => {
    const single = new RegExp(SINGLE_LINE_PATTERN, 'u')
    const multi = new RegExp(MULTI_LINE_PATTERN, 'u')
    const disagree: string[] = []
    for (let c = 0; c < 0x10000; c++) {
      const text = `a${String.fromCharCode(c)}b`
      if (single.test(text) === hasControlCharacters(text)) disagree.push(`single U+${c.toString(16)}`)
      if (multi.test(text) === hasControlCharacters(text, true)) disagree.push(`multi U+${c.toString(16)}`)
    }
    expect(disagree.slice(0, 10)).toEqual([])
  })

  it('every request string declares a pattern that refuses control characters (passwords excepted)', () => {
    const missing: string[] = []
    const walk = (node: unknown, where: string, exempt: boolean): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`, exempt))
      if (!node || typeof node !== 'object') return
      const json = node as Schema
      if (typeof json.$ref === 'string') return walk(document.components.schemas[json.$ref.slice('#/components/schemas/'.length)], where, exempt)
      const isString = json.type === 'string' || (Array.isArray(json.type) && json.type.includes('string'))
      if (isString && !exempt && json.enum === undefined && json.const === undefined && json.format !== 'binary') {
        const pattern = typeof json.pattern === 'string' ? new RegExp(json.pattern, 'u') : null
        if (!pattern || pattern.test('a\u0000b') || pattern.test('\u0000')) missing.push(where)
      }
      for (const [key, value] of Object.entries(json)) {
        if (key === 'properties') for (const [name, prop] of Object.entries(value as Record<string, unknown>)) walk(prop, `${where}.${name}`, exempt || /password/i.test(name))
        else if (['items', 'anyOf', 'oneOf', 'allOf'].includes(key)) walk(value, where, exempt)
      }
    }
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as unknown as Record<string, Op & { parameters?: Array<{ name: string; in: string; schema?: Schema }> }>)) {
        walk(op.requestBody?.content['application/json']?.schema, `${method.toUpperCase()} ${path} body`, false)
        for (const p of op.parameters ?? []) if (p.in === 'query') walk(p.schema, `${method.toUpperCase()} ${path} ?${p.name}`, false)
      }
    }
    expect(missing).toEqual([])
  })
})

import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApiPath } from '../../../server/openapi/route'
import { apiRoutes } from '../../support/routes'
import { startTestServer, type TestServer } from '../../support/server'

interface Operation {
  security?: Array<Record<string, string[]>>
  'x-auth'?: string
  parameters?: Array<{ name: string; in: string }>
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>
}
interface Document {
  openapi: string
  info: { version: string }
  paths: Record<string, Record<string, Operation>>
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch']

describe('OpenAPI document at /api/openapi.json', () => {
  let server: TestServer
  let document: Document
  beforeAll(async () => {
    server = await startTestServer()
    const res = await server.fetch('/api/openapi.json')
    expect(res.status).toBe(200)
    document = (await res.json()) as Document
  })
  afterAll(() => server?.close())

  it('is a valid OpenAPI 3.1 document of API version 1.2.0', async () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.version).toBe('1.2.0')
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  /** Every route of the real router, as `METHOD /path/{param}` without the /api prefix. */
  function routerOperations(): string[] {
    const ops = new Set<string>()
    for (const { method, path } of apiRoutes(server.deps)) {
      if (METHODS.includes(method.toLowerCase())) ops.add(`${method} ${openApiPath(path.replace(/^\/api/, ''))}`)
    }
    return [...ops].sort()
  }

  function documentedOperations(): string[] {
    const ops: string[] = []
    for (const [path, item] of Object.entries(document.paths)) for (const method of Object.keys(item)) if (METHODS.includes(method)) ops.push(`${method.toUpperCase()} ${path}`)
    return ops.sort()
  }

  it('documents every route the routers serve, and nothing they do not', () => {
    const served = routerOperations()
    const documented = documentedOperations()
    expect(served.length).toBeGreaterThan(60)
    expect(served.filter((op) => !documented.includes(op)), 'routes without an OpenAPI entry').toEqual([])
    expect(documented.filter((op) => !served.includes(op)), 'documented routes that do not exist').toEqual([])
  })

  it('says for every operation whether it needs a login, with parameters and a reply example', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`
        expect(op['x-auth'], name).toMatch(/^(public|optional-user|user|admin|user-or-admin)$/)
        if (path.startsWith('/admin/')) expect(op.security, name).toEqual([{ adminBearer: [] }])
        if (op['x-auth'] !== 'public' && op['x-auth'] !== 'optional-user') expect(op.responses['401'], name).toBeDefined()
        for (const param of path.match(/\{(\w+)\}/g) ?? []) {
          expect(op.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === param), `${name} ${param}`).toBe(true)
        }
        // A browser navigation (sign-in start and callback) answers 302 with a Location instead.
        if (op.responses['302']) continue
        const media = Object.keys(op.responses['200']?.content ?? {})
        if (media.includes('application/json')) expect(op.responses['200']!.content!['application/json']!.example, name).toBeDefined()
        else expect(media, name).toHaveLength(1)
      }
    }
  })

  it('states the validators\' rules: page/limit bounds, positive int32 ids, sort enums, the date pattern, lengths and list sizes', () => {
    type Param = { name: string; in: string; schema: Record<string, unknown> }
    const param = (path: string, name: string) => (document.paths[path]!.get!.parameters as Param[]).find((p) => p.name === name)!.schema
    expect(param('/posts', 'page')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100_000, default: 1 })
    expect(param('/posts', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
    expect(param('/admin/users', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 })
    for (const path of ['/posts/{id}', '/admin/users/{id}', '/comments/{id}/replies']) expect(param(path, 'id')).toMatchObject({ type: 'integer', exclusiveMinimum: 0, maximum: 2_147_483_647 })
    expect(param('/admin/users', 'sortOrder')).toMatchObject({ enum: ['asc', 'desc'] })
    const date = new RegExp(param('/admin/users', 'date_from').pattern as string)
    for (const ok of ['2025-01-31', '2025-01-31T08:00:00Z', '2025-01-31 08:00']) expect(date.test(ok), ok).toBe(true)
    for (const bad of ['2025-13-01', '2025-01-32', '2025-1-1', 'yesterday', '2025-01-31T25:00']) expect(date.test(bad), bad).toBe(false)
    // A list that has no creation time takes no date range (it was a 500 on settings).
    expect((document.paths['/admin/settings']!.get!.parameters as Param[]).map((p) => p.name)).not.toContain('date_from')
    const profile = (document.paths['/users/{id}']!.put as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }).requestBody.content['application/json']!.schema.properties
    expect(profile.nickname).toMatchObject({ type: 'string', maxLength: 10 })
    expect(JSON.stringify(profile.interests)).toMatch(/"maxItems":5/)
    expect(JSON.stringify(profile.interests)).toMatch(/"type":"string"/)
  })

  it('declares every status a route can answer, with the error envelope', () => {
    const responses = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses)
    expect(responses('/posts', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413', '429', '503', '507']))
    expect(responses('/upload/single', 'post')).toEqual(expect.arrayContaining(['400', '401', '403', '413', '429', '507']))
    expect(responses('/upload/single', 'post')).not.toContain('415')
    expect(responses('/admin/users', 'post')).toEqual(expect.arrayContaining(['400', '401', '403', '409', '413', '503', '507']))
    expect(responses('/admin/users/{id}', 'get')).toEqual(expect.arrayContaining(['400', '401', '403', '404', '503']))
    expect(responses('/reports', 'post')).toEqual(expect.arrayContaining(['404', '409', '429']))
    expect(responses('/users/{id}/likes', 'get')).toEqual(expect.arrayContaining(['401', '403', '404']))
    const error = document.paths['/posts']!.post!.responses['400']!.content!['application/json'] as unknown as { schema: { $ref: string } }
    expect(error.schema.$ref).toBe('#/components/schemas/ErrorEnvelope')
    expect(JSON.stringify(document)).toMatch(/"MethodNotAllowed"/)
  })

  it('documents the admin list dialect: filters, sort allow-list and the list reply', () => {
    const list = document.paths['/admin/users']!.get!
    const names = list.parameters!.map((p) => p.name)
    // The dialect, the declared filters and every listed column by its own name (user_id: the 小石榴号 box).
    for (const n of ['page', 'limit', 'search', 'user_display_id', 'sortField', 'sortOrder', 'order', 'is_active', 'verified', 'user_id', 'nickname']) expect(names).toContain(n)
    const example = list.responses['200']!.content!['application/json']!.example as { data: { data: unknown[]; pagination: unknown } }
    expect(Array.isArray(example.data.data)).toBe(true)
    expect(example.data.pagination).toMatchObject({ page: 1 })
    expect(JSON.stringify(document)).not.toMatch(/password_hash|refresh_hash/)
  })
})

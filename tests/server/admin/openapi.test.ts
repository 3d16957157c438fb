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
        if (path !== '/openapi.json') expect(op.responses['200']?.content?.['application/json']?.example, name).toBeDefined()
      }
    }
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

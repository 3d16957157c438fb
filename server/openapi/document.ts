import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { listReplySchema } from '../contract/common'
import { adminDocRoutes } from './admin'
import { exampleOf, type JsonSchema as ExampleSchema } from './examples'
import { jsonSchema, queryParameters, supported, type JsonSchema } from './fallback'
import { memberDocRoutes } from './member'
import { openApiPath, pathParams, type Access, type DocRoute } from './route'
import { systemDocRoutes } from './system'
import { SERVER_BUILD_DATE } from '../version'

export const API_VERSION = '1.2.0'

/** Every documented route: member and visitor, admin, system. */
export function allDocRoutes(): DocRoute[] {
  return [...systemDocRoutes(), ...memberDocRoutes(), ...adminDocRoutes()]
}

const STATUS_TEXT: Record<number, string> = { 400: '参数错误', 401: '未登录或令牌无效', 403: '禁止访问（如账号已被禁用；被限制的账号写操作答 403「账号已被限制至 …：…」）', 404: '资源不存在', 409: '资源冲突', 413: '文件过大', 415: '不支持的文件类型', 429: '请求过于频繁', 503: '服务器繁忙或正在重启（见 Retry-After），稍后重试', 507: '服务器存储空间已满，稍后重试' }

const errorEnvelope = z.object({ code: z.number().int(), success: z.literal(false), message: z.string(), data: z.null() }).meta({ id: 'ErrorEnvelope' })

function envelopeOf(registry: OpenAPIRegistry, route: DocRoute): z.ZodType | JsonSchema {
  const base = { code: z.number().int(), success: z.boolean(), message: z.string() }
  const zod = z.object({ ...base, data: route.list ? listReplySchema('data', route.list) : (route.data ?? z.null()) })
  const inner = route.list ?? route.data
  return !inner || supported(inner) ? zod : jsonSchema(registry, zod, 'output')
}

/** A request body schema, through zod-to-openapi when it can express it. */
const bodySchema = (registry: OpenAPIRegistry, schema: z.ZodType): z.ZodType | JsonSchema => (supported(schema) ? schema : jsonSchema(registry, schema, 'input'))

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  'optional-user': [{}, { userBearer: [] }],
  user: [{ userBearer: [] }],
  admin: [{ adminBearer: [] }],
}

function errorCodes(route: DocRoute): number[] {
  const codes = new Set(route.errors ?? [])
  if (route.access === 'user' || route.access === 'admin') codes.add(401)
  if (route.access === 'user') codes.add(403)
  // Every write can meet a storage fault (server/db/faults.ts): the lock held elsewhere, a full disk.
  if (route.method !== 'get') for (const code of [503, 507]) codes.add(code)
  return [...codes].sort()
}

function params(route: DocRoute): z.ZodObject | undefined {
  const names = pathParams(route.path)
  if (!names.length) return undefined
  return z.object(Object.fromEntries(names.map((n) => [n, n === 'id' && route.path.startsWith('/admin') ? z.number().int().positive() : z.string()])))
}

function register(registry: OpenAPIRegistry, route: DocRoute): void {
  const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType | JsonSchema }> }> = {
    200: route.path === '/openapi.json' ? { description: 'OpenAPI 文档' } : { description: '成功', content: { 'application/json': { schema: envelopeOf(registry, route) } } },
  }
  for (const code of errorCodes(route)) responses[code] = { description: STATUS_TEXT[code] ?? '错误', content: { 'application/json': { schema: errorEnvelope } } }
  const body = route.body
    ? { required: true, content: { 'application/json': { schema: bodySchema(registry, route.body) } } }
    : route.form
      ? { required: true, content: { 'multipart/form-data': { schema: route.form } } }
      : undefined
  const query = route.query && supported(route.query) ? route.query : undefined
  const manualParameters = route.query && !query ? queryParameters(registry, route.query) : undefined
  registry.registerPath({
    method: route.method,
    path: openApiPath(route.path),
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, `认证：${ACCESS_TEXT[route.access]}`].filter(Boolean).join('\n\n'),
    security: SECURITY[route.access],
    'x-auth': route.access,
    ...(manualParameters ? { parameters: manualParameters } : {}),
    request: { params: params(route), query, body },
    responses,
  })
}

const ACCESS_TEXT: Record<Access, string> = { public: '无需登录', 'optional-user': '可选（登录后返回个人状态）', user: '需要用户令牌', admin: '需要管理员令牌' }

interface MediaObject {
  schema?: ExampleSchema
  example?: unknown
}
interface Operation {
  requestBody?: { content?: Record<string, MediaObject> }
  responses?: Record<string, { content?: Record<string, MediaObject> }>
}

/** Add an example to every JSON request and reply, derived from its schema. */
function addExamples(document: { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, unknown> } }): void {
  const components = (document.components?.schemas ?? {}) as Record<string, ExampleSchema>
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item) as Operation[]) {
      const media = [operation.requestBody?.content?.['application/json'], ...Object.values(operation.responses ?? {}).map((r) => r.content?.['application/json'])]
      for (const m of media) if (m?.schema && m.example === undefined) m.example = exampleOf(m.schema, components)
    }
  }
}

/** The OpenAPI 3.1 document of the whole API, generated from the zod contract. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'userBearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: '用户访问令牌（POST /auth/login）' })
  registry.registerComponent('securitySchemes', 'adminBearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: '管理员访问令牌（POST /auth/admin/login）' })
  for (const route of allDocRoutes()) register(registry, route)
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: '石榴 Shiliu API',
      version: API_VERSION,
      // The admin docs header's 更新时间: when this server (and so this document) was built.
      'x-updated': SERVER_BUILD_DATE,
      description: '所有响应为 `{ code, success, message, data }`（code 200 表示成功）；分页列表的 data 为 `{ <列表名>: [...], pagination: { page, limit, total, pages } }`（管理后台列表名为 data）。认证使用 Bearer 令牌。',
    },
    servers: [{ url: '/api', description: '本服务器' }],
  })
  const plain = JSON.parse(JSON.stringify(document)) as Record<string, unknown>
  addExamples(plain)
  return plain
}

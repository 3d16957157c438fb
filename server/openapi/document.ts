import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi'
import type Router from '@koa/router'
import { z } from 'zod'
import { listReplySchema } from '../contract/common'
import { adminDocRoutes } from './admin'
import { errorExample, exampleOf, type JsonSchema as ExampleSchema } from './examples'
import { jsonSchema, queryParameters, type JsonSchema, type Parameters } from './fallback'
import { memberDocRoutes } from './member'
import { openApiPath, pathParams, type Access, type DocRoute } from './route'
import { routeKey, routerFacts, type RouteFacts } from './router-facts'
import { declaredStatuses } from './statuses'
import { systemDocRoutes } from './system'
import { SERVER_BUILD_DATE } from '../version'

export const API_VERSION = '1.2.0'

/** Every documented route: member and visitor, admin, system. */
export function allDocRoutes(): DocRoute[] {
  return [...systemDocRoutes(), ...memberDocRoutes(), ...adminDocRoutes()]
}

const STATUS_TEXT: Record<number, string> = {
  400: '参数错误（含无效的 JSON 请求体）',
  401: '未登录或令牌无效',
  403: '禁止访问（如账号已被禁用；被限制的账号写操作答 403「账号已被限制至 …：…」）',
  404: '资源不存在',
  405: '该路径不支持此请求方法（Allow 响应头列出支持的方法）',
  409: '资源冲突',
  413: '请求体或文件过大',
  429: '请求过于频繁（见 Retry-After）',
  503: '服务器繁忙、正在重启或依赖的服务暂不可用（见 Retry-After），稍后重试',
  507: '服务器存储空间已满，稍后重试',
}

const ERROR_ENVELOPE = 'ErrorEnvelope'
const errorEnvelope = z.object({
  code: z.number().int().min(400).max(599),
  success: z.literal(false),
  message: z.string(),
  data: z.union([z.null(), z.object({ retry_after: z.number().int().positive().describe('秒，与 Retry-After 响应头相同') })]),
})

function envelopeOf(registry: OpenAPIRegistry, route: DocRoute): JsonSchema {
  const base = { code: z.literal(200), success: z.literal(true), message: z.string() }
  return jsonSchema(registry, z.object({ ...base, data: route.list ? listReplySchema('data', route.list) : (route.data ?? z.null()) }), 'output')
}

/** What a media type other than the JSON envelope carries (route.media). */
const MEDIA_SCHEMA: Record<NonNullable<DocRoute['media']>, JsonSchema> = {
  'application/zip': { type: 'string', format: 'binary', contentMediaType: 'application/zip' },
  'text/event-stream': { type: 'string', description: 'Server-Sent Events' },
  'text/plain': { type: 'string' },
}

/** The 200 reply: the JSON envelope, or the route's own media type (a download, a stream, this document). */
function success(registry: OpenAPIRegistry, route: DocRoute): { description: string; content?: Record<string, { schema: JsonSchema }> } {
  if (route.path === '/openapi.json') return { description: 'OpenAPI 文档', content: { 'application/json': { schema: { type: 'object' } } } }
  if (route.media) return { description: '成功', content: { [route.media]: { schema: MEDIA_SCHEMA[route.media] } } }
  return { description: '成功', content: { 'application/json': { schema: envelopeOf(registry, route) } } }
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  'optional-user': [{}, { userBearer: [] }],
  user: [{ userBearer: [] }],
  admin: [{ adminBearer: [] }],
  'user-or-admin': [{ userBearer: [] }, { adminBearer: [] }],
}

/** Path parameters: the schema the route's validator parses, or plain strings where nothing parses them. */
function params(registry: OpenAPIRegistry, route: DocRoute, facts: RouteFacts | undefined): Parameters {
  const names = pathParams(route.path)
  const declared = facts?.params ? queryParameters(registry, facts.params) : []
  return names.map((name) => {
    const found = declared.find((p) => 'name' in p && p.name === name) as Record<string, unknown> | undefined
    return { name, in: 'path', required: true, schema: (found?.schema as JsonSchema | undefined) ?? { type: 'string', minLength: 1 } }
  }) as Parameters
}

function register(registry: OpenAPIRegistry, route: DocRoute, facts: RouteFacts | undefined): void {
  // The router's chain is the truth: its access check and its validator's schemas win over the description's.
  const access: Access = facts?.access ?? (facts ? 'public' : route.access)
  const query = facts?.query ?? route.query
  const bodySchema = facts?.body ?? route.body
  const responses: Record<string, ResponseConfig> = route.redirect
    ? { 302: { description: route.redirect, headers: { Location: { description: route.redirect, schema: { type: 'string' } } } } }
    : { 200: success(registry, route) }
  for (const code of declaredStatuses(route.method, route.path, facts, route.errors)) {
    responses[code] =
      route.errorMedia && code !== 429
        ? { description: STATUS_TEXT[code] ?? '错误', content: { [route.errorMedia]: { schema: { type: 'string' } } } }
        : { description: STATUS_TEXT[code] ?? '错误', content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_ENVELOPE}` }, example: errorExample(code, route.messages?.[code]) } } }
  }
  const body = bodySchema
    ? { required: true, content: { 'application/json': { schema: jsonSchema(registry, bodySchema, 'input') } } }
    : route.form
      ? { required: true, content: { 'multipart/form-data': { schema: route.form } } }
      : undefined
  registry.registerPath({
    method: route.method,
    path: openApiPath(route.path),
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, `认证：${ACCESS_TEXT[access]}`].filter(Boolean).join('\n\n'),
    security: SECURITY[access],
    'x-auth': access,
    parameters: [...params(registry, route, facts), ...(query ? queryParameters(registry, query) : [])] as Parameters,
    request: { body },
    responses,
  })
}

const ACCESS_TEXT: Record<Access, string> = {
  public: '无需登录',
  'optional-user': '可选（登录后返回个人状态）',
  user: '需要用户令牌',
  admin: '需要管理员令牌',
  'user-or-admin': '需要用户或管理员令牌',
}

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

/**
 * The OpenAPI 3.1 document of the whole API, generated from the zod contract and from the facts the
 * router's middleware carry (`router`: the /api router that serves these routes).
 */
export function buildOpenApiDocument(router: Router): Record<string, unknown> {
  const registry = new OpenAPIRegistry()
  const facts = routerFacts(router)
  registry.registerComponent('securitySchemes', 'userBearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: '用户访问令牌（POST /auth/login）' })
  registry.registerComponent('securitySchemes', 'adminBearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: '管理员访问令牌（POST /auth/admin/login）' })
  registry.registerComponent('schemas', ERROR_ENVELOPE, jsonSchema(registry, errorEnvelope, 'output'))
  registry.registerComponent('responses', 'MethodNotAllowed', {
    description: `${STATUS_TEXT[405]}：任何路径收到它不支持的方法时（OPTIONS 答 204 并给出 Allow）`,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_ENVELOPE}` }, example: errorExample(405, '不支持该请求方法') } },
  })
  for (const route of allDocRoutes()) register(registry, route, facts.get(routeKey(route.method, route.path)))
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: '石榴 Shiliu API',
      version: API_VERSION,
      // The admin docs header's 更新时间: when this server (and so this document) was built.
      'x-updated': SERVER_BUILD_DATE,
      description: '所有响应为 `{ code, success, message, data }`（code 200 表示成功）；分页列表的 data 为 `{ <列表名>: [...], pagination: { page, limit, total, pages } }`（管理后台列表名为 data）。认证使用 Bearer 令牌。' +
        '\n\n语言（issue 40）：`message` 按登录用户保存的 `locale`（GET /auth/me、PUT /users/{id}），否则按请求的 `Accept-Language`（zh-CN 或 en，按 q 值协商）书写，都没有时为本文档的中文原文；响应带 `Content-Language` 与 `Vary: Accept-Language`。用户内容从不翻译。',
    },
    servers: [{ url: '/api', description: '本服务器' }],
  })
  const plain = JSON.parse(JSON.stringify(document)) as Record<string, unknown>
  addExamples(plain)
  return plain
}

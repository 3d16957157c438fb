import type Router from '@koa/router'
import { buildOpenApiDocument } from './document'

/** GET /api/openapi.json: the document, built once per process (it depends only on code). */
export function registerOpenApiRoute(router: Router): void {
  let document: Record<string, unknown> | null = null
  router.get('/openapi.json', (ctx) => {
    document ??= buildOpenApiDocument(router)
    ctx.set('Cache-Control', 'no-cache')
    ctx.body = document
  })
}

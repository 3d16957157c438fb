import Koa from 'koa'
import { HttpMethodEnum, koaBody } from 'koa-body'
import { isWriteMethod, readsTakeTurns, withReadTurn } from './db/read-turn'
import type { AppDeps } from './deps'
import { apiNotFound, createApiRouter } from './http/api'
import { compression } from './http/compression'
import { cors, hostGuard } from './http/cors'
import { errorMiddleware, replyErrorLogger } from './http/errors'
import { fixedPaths } from './http/fixed-paths'
import { jsonOnce } from './http/json-once'
import { requestLocale } from './http/locale'
import { requestLog } from './http/middlewares/request-log'
import { requestMetrics } from './http/middlewares/request-metrics'
import { securityHeaders } from './http/security-headers'
import { rendererMiddleware, uploadsMiddleware } from './http/static'
import { classroomPages } from './http/classroom-pages'

/** JSON bodies only here; upload routes parse multipart themselves (streamed to disk). */
const JSON_LIMIT = '1mb'

/** The Koa application, without listen(): shared by the headless server, Electron's embedded mode and tests. */
export function createApp(deps: AppDeps): Koa {
  // TRUST_PROXY = N trusted proxies: the client is the N-th address from the right of X-Forwarded-For (each
  // trusted proxy appends the address it saw), so whatever a client writes into the header itself is ignored.
  const hops = deps.config.trustProxy
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops })
  // Failures while a reply is already being written, in the structured log instead of Koa's stderr print.
  app.on('error', replyErrorLogger(deps.logger))
  const api = createApiRouter(deps)
  // Each request's turn for the portable SQLite reader's connections (db/read-turn.ts).
  if (readsTakeTurns(deps.db)) app.use((ctx, next) => withReadTurn(isWriteMethod(ctx.method), next))
  app.use(requestMetrics())
  app.use(requestLog(deps.logger))
  app.use(securityHeaders())
  // Outside the error translator, so large error envelopes are compressed like any reply.
  app.use(compression())
  app.use(jsonOnce())
  app.use(requestLocale())
  app.use(errorMiddleware(deps.logger))
  app.use(hostGuard(deps.config))
  app.use(uploadsMiddleware(deps.config.uploadsDir, deps.config.corsOrigins))
  // Classroom mode only: the teacher's pages behind their secret key (http/classroom-pages.ts).
  app.use(classroomPages(deps))
  app.use(rendererMiddleware(deps.config.rendererDir))
  app.use(cors(deps.config))
  app.use(apiNotFound())
  app.use(fixedPaths(api))
  app.use(koaBody({ json: true, urlencoded: false, text: false, multipart: false, jsonLimit: JSON_LIMIT, parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE] }))
  app.use(api.routes())
  app.use(api.allowedMethods({ throw: false }))
  return app
}

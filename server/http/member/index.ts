import type Router from '@koa/router'
import type { AppDeps } from '../../deps'
import { registerAuthRoutes } from './auth'
import { registerCategoryRoutes } from './categories'
import { registerCommentRoutes } from './comments'
import { registerLikeRoutes } from './likes'
import { registerNotificationRoutes } from './notifications'
import { registerPostRoutes } from './posts'
import { registerReportRoutes } from './reports'
import { registerSearchRoutes } from './search'
import { registerTagRoutes } from './tags'
import { registerUploadRoutes } from './upload'
import { registerUserRoutes } from './users'
import { registerVerificationRoutes } from './verification'

/**
 * Member and visitor API (member-and-visitor.md §7). Each resource folder registers its routes here: keep
 * this a flat list of register calls. Users comes before the routes that nest under /users/{id}.
 */
export function registerMemberRoutes(router: Router, deps: AppDeps): void {
  registerAuthRoutes(router, deps)
  registerVerificationRoutes(router, deps)
  registerUserRoutes(router, deps)
  registerNotificationRoutes(router, deps)
  registerCategoryRoutes(router, deps)
  registerTagRoutes(router, deps)
  registerPostRoutes(router, deps)
  registerCommentRoutes(router, deps)
  registerLikeRoutes(router, deps)
  registerSearchRoutes(router, deps)
  registerUploadRoutes(router, deps)
  registerReportRoutes(router, deps)
}

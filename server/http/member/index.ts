import type Router from '@koa/router'
import type { AppDeps } from '../../deps'
import { registerAuthRoutes } from './auth'
import { registerNotificationRoutes } from './notifications'
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
}

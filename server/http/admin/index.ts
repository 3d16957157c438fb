import type Router from '@koa/router'
import { ADMIN_MOUNTS } from '../../admin'
import { mountResource } from '../../admin/routes'
import type { AppDeps } from '../../deps'
import { registerOpenApiRoute } from '../../openapi/http'
import { registerAdminAuthRoutes } from './auth'
import { registerOutboxRoutes } from './mail'
import { registerClassroomRoutes } from './classroom'
import { registerMonitorRoutes } from './monitor'
import { registerAdminStreamRoutes } from './stream'

/**
 * Administrator API (admin-back-office.md §7): session routes, the monitor, then every declared resource.
 * Also GET /api/openapi.json, the document the admin API-docs screen renders.
 */
export function registerAdminRoutes(router: Router, deps: AppDeps): void {
  registerOpenApiRoute(router)
  registerAdminAuthRoutes(router, deps)
  registerMonitorRoutes(router, deps)
  registerOutboxRoutes(router, deps)
  registerClassroomRoutes(router, deps)
  registerAdminStreamRoutes(router, deps)
  for (const { base, resource } of ADMIN_MOUNTS) mountResource(router, deps, base, resource)
}

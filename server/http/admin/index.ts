import type Router from '@koa/router'
import { ADMIN_MOUNTS } from '../../admin'
import { mountResource } from '../../admin/routes'
import type { AppDeps } from '../../deps'
import { registerAdminAuthRoutes } from './auth'
import { registerMonitorRoutes } from './monitor'

/**
 * Administrator API (admin-back-office.md §7): session routes, the monitor, then every declared resource.
 */
export function registerAdminRoutes(router: Router, deps: AppDeps): void {
  registerAdminAuthRoutes(router, deps)
  registerMonitorRoutes(router, deps)
  for (const { base, resource } of ADMIN_MOUNTS) mountResource(router, deps, base, resource)
}

import type Router from '@koa/router'
import type { AppDeps } from '../../deps'

/** Administrator API (admin-back-office.md §7). */
export function registerAdminRoutes(_router: Router, _deps: AppDeps): void {}

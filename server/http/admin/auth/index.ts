import type Router from '@koa/router'
import { requireAdmin } from '../../../auth/middleware'
import { adminLoginBody, adminPasswordBody, adminRefreshBody } from '../../../contract/admin/auth'
import type { AppDeps } from '../../../deps'
import { rateLimit } from '../../middlewares/rate-limit'
import { validate } from '../../middlewares/validate'
import { changePassword, login, logout, me, refresh } from './handlers'

/** Administrator session routes under /api/auth/admin (admin accounts are mounted by the resource mechanism). */
export function registerAdminAuthRoutes(router: Router, deps: AppDeps): void {
  const auth = requireAdmin(deps)
  // The login budget per client address (RATE_LIMIT_AUTH_PER_MINUTE), counted apart from member logins.
  const limit = rateLimit(deps, 'login', (ctx) => `admin:${ctx.ip || 'unknown'}`)
  router.post('/auth/admin/login', limit, validate({ body: adminLoginBody }), (ctx) => login(ctx, deps))
  router.post('/auth/admin/refresh', limit, validate({ body: adminRefreshBody }), (ctx) => refresh(ctx, deps))
  router.get('/auth/admin/me', auth, (ctx) => me(ctx, deps))
  router.post('/auth/admin/logout', auth, (ctx) => logout(ctx, deps))
  router.put('/auth/admin/password', auth, validate({ body: adminPasswordBody }), (ctx) => changePassword(ctx, deps))
}

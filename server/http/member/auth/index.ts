import type Router from '@koa/router'
import { optionalUser, requireUser } from '../../../auth/middleware'
import { checkUserIdQuery, loginBody, logoutBody, refreshBody, registerBody } from '../../../contract/auth'
import type { AppDeps } from '../../../deps'
import { installDefaultAvatar } from '../../../domain/accounts'
import { captchaLimit, loginLimit, lookupLimit, refreshLimit, registerLimit } from '../../middlewares/rate-limit'
import { validate } from '../../middlewares/validate'
import { captcha, checkUserId, login, logout, me, refresh, register } from './handlers'
import { registerEmailRoutes } from './email'
import { registerOidcRoutes } from './oidc'
import { registerSessionRoutes } from './sessions'

/** Member session routes under /api/auth (member-and-visitor.md §7 Auth). */
export function registerAuthRoutes(router: Router, deps: AppDeps): void {
  installDefaultAvatar(deps.config.uploadsDir, deps.logger)
  router.get('/auth/captcha', captchaLimit(deps), (ctx) => captcha(ctx, deps))
  router.get('/auth/check-user-id', lookupLimit(deps), validate({ query: checkUserIdQuery }), (ctx) => checkUserId(ctx, deps))
  router.post('/auth/register', registerLimit(deps), validate({ body: registerBody }), (ctx) => register(ctx, deps))
  router.post('/auth/login', loginLimit(deps), validate({ body: loginBody }), (ctx) => login(ctx, deps))
  router.post('/auth/refresh', refreshLimit(deps), validate({ body: refreshBody }), (ctx) => refresh(ctx, deps))
  router.post('/auth/logout', optionalUser(deps), validate({ body: logoutBody }), (ctx) => logout(ctx, deps))
  router.get('/auth/me', requireUser(deps), (ctx) => me(ctx, deps))
  registerSessionRoutes(router, deps)
  registerEmailRoutes(router, deps)
  registerOidcRoutes(router, deps)
}

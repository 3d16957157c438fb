import type Router from '@koa/router'
import { requireUser } from '../../../auth/middleware'
import { verificationApplyBody } from '../../../contract/verification'
import type { AppDeps } from '../../../deps'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate } from '../../middlewares/validate'
import { apply, revoke, status } from './handlers'

/** /api/users/verification (member-and-visitor.md §7 Users): the member's own application. */
export function registerVerificationRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps)
  const writes = writeLimit(deps)
  router.post('/users/verification', auth, writes, validate({ body: verificationApplyBody }), (ctx) => apply(ctx, deps))
  router.get('/users/verification/status', auth, (ctx) => status(ctx, deps))
  router.delete('/users/verification/revoke', auth, writes, (ctx) => revoke(ctx, deps))
}

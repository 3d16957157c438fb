import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentUser, requireUser } from '../../../auth/middleware'
import { activeSessions, closeAllSessions, closeOwnSession } from '../../../auth/sessions'
import { SESSION_MESSAGES, endOtherSessionsQuery, sessionHandleParams } from '../../../contract/auth'
import type { AppDeps } from '../../../deps'
import { presentSession } from '../../../presenters/session'
import { ok } from '../../envelope'
import { NotFound } from '../../../errors'
import { validate, validated } from '../../middlewares/validate'

/** The signed-in member's own sessions: list them, end one, or end all but the current one. */
export function registerSessionRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps, { duringBan: 'allowed' })
  router.get('/auth/sessions', auth, (ctx) => list(ctx, deps))
  router.delete('/auth/sessions', auth, validate({ query: endOtherSessionsQuery }), (ctx) => endOthers(ctx, deps))
  router.delete('/auth/sessions/:handle', auth, validate({ params: sessionHandleParams }), (ctx) => endOne(ctx, deps))
}

async function list(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  ctx.set('Cache-Control', 'no-store')
  ok(ctx, { sessions: (await activeSessions(deps.db, me.id)).map((s) => presentSession(s, me.sessionId)) })
}

async function endOne(ctx: Context, deps: AppDeps): Promise<void> {
  const { handle } = validated<never, never, { handle: string }>(ctx).params
  if (!(await closeOwnSession(deps.db, currentUser(ctx).id, handle))) throw NotFound(SESSION_MESSAGES.notFound)
  ok(ctx, { ended: 1 }, SESSION_MESSAGES.ended)
}

async function endOthers(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  ok(ctx, { ended: await closeAllSessions(deps.db, 'user', me.id, me.sessionId) }, SESSION_MESSAGES.othersEnded)
}

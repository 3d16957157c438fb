import type Router from '@koa/router'
import type { AppDeps } from '../deps'
import { Comment, Like, Post, User } from '../db/entities'
import { SERVER_VERSION } from '../version'
import { ok } from './envelope'

/** Public status routes of the documented API: health and site-wide counts. */
export function registerSystemRoutes(router: Router, deps: AppDeps): void {
  router.get('/health', (ctx) => {
    // `service` and `version` let a client (the desktop app's settings) tell a Shiliu server and its release.
    ok(ctx, { status: 'ok', timestamp: new Date().toISOString(), uptime: Math.round((Date.now() - deps.startedAt) / 1000), service: 'shiliu', version: SERVER_VERSION })
  })

  router.get('/stats', async (ctx) => {
    const [users, posts, comments, likes] = await Promise.all([
      deps.db.getRepository(User).count(),
      deps.db.getRepository(Post).countBy({ is_draft: false }),
      deps.db.getRepository(Comment).count(),
      deps.db.getRepository(Like).count(),
    ])
    ok(ctx, { users, posts, comments, likes })
  })
}

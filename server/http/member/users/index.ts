import type Router from '@koa/router'
import { optionalUser, requireUser, userOrVisitor } from '../../../auth/middleware'
import { postListQuery } from '../../../contract/posts'
import { accountDeleteBody, passwordChangeBody, profileUpdateBody, userListQuery, userParams, userSearchQuery } from '../../../contract/users'
import type { AppDeps } from '../../../deps'
import { lookupLimit, writeLimit } from '../../middlewares/rate-limit'
import { validate } from '../../middlewares/validate'
import { blockListQuery } from '../../../contract/blocks'
import { suggestionsQuery } from '../../../contract/following'
import { listSuggestions } from './suggestions'
import { blockListHandler, blockUser, unblockUser } from './block-handlers'
import { registerDataExportRoutes } from './data-export'
import { follow, followListHandler, followStatus, search, unfollow } from './follow-handlers'
import { noteListHandler, userPosts } from './note-lists'
import { changePassword, deleteAccount, getPersonalityTags, getProfile, getStats, updateProfile } from './handlers'

/**
 * /api/users (member-and-visitor.md §7 Users). `{id}` is the public display id. /users/search,
 * /users/blocks, /users/suggestions and /users/data-export are registered before /users/{id} so that they are not read as user ids ('search' and
 * 'blocks' are reserved ids).
 */
export function registerUserRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps)
  /** Account upkeep and self-protection (blocking) stay open during a ban (server/auth/middleware.ts). */
  const upkeep = requireUser(deps, { duringBan: 'allowed' })
  const maybe = optionalUser(deps)
  const writes = writeLimit(deps)
  const params = validate({ params: userParams })
  router.get('/users/search', lookupLimit(deps), maybe, validate({ query: userSearchQuery }), (ctx) => search(ctx, deps))
  router.get('/users/blocks', auth, validate({ query: blockListQuery }), (ctx) => blockListHandler(ctx, deps))
  router.get('/users/suggestions', auth, validate({ query: suggestionsQuery }), (ctx) => listSuggestions(ctx, deps))
  registerDataExportRoutes(router, deps)
  router.get('/users/:id', maybe, params, (ctx) => getProfile(ctx, deps))
  router.get('/users/:id/stats', params, (ctx) => getStats(ctx, deps))
  router.get('/users/:id/personality-tags', params, (ctx) => getPersonalityTags(ctx, deps))
  router.put('/users/:id', auth, writes, validate({ params: userParams, body: profileUpdateBody }), (ctx) => updateProfile(ctx, deps))
  router.put('/users/:id/password', upkeep, writes, validate({ params: userParams, body: passwordChangeBody }), (ctx) => changePassword(ctx, deps))
  router.delete('/users/:id', upkeep, writes, validate({ params: userParams, body: accountDeleteBody }), (ctx) => deleteAccount(ctx, deps))
  router.post('/users/:id/follow', auth, writes, params, (ctx) => follow(ctx, deps))
  router.delete('/users/:id/follow', auth, writes, params, (ctx) => unfollow(ctx, deps))
  router.post('/users/:id/block', upkeep, writes, params, (ctx) => blockUser(ctx, deps))
  router.delete('/users/:id/block', upkeep, writes, params, (ctx) => unblockUser(ctx, deps))
  router.get('/users/:id/follow-status', userOrVisitor(deps), params, (ctx) => followStatus(ctx, deps))
  const list = validate({ params: userParams, query: userListQuery })
  router.get('/users/:id/following', maybe, list, (ctx) => followListHandler('following')(ctx, deps))
  router.get('/users/:id/followers', maybe, list, (ctx) => followListHandler('followers')(ctx, deps))
  router.get('/users/:id/mutual-follows', maybe, list, (ctx) => followListHandler('mutual')(ctx, deps))
  router.get('/users/:id/posts', maybe, validate({ params: userParams, query: postListQuery.omit({ user_id: true }) }), (ctx) => userPosts(ctx, deps))
  router.get('/users/:id/collections', maybe, list, (ctx) => noteListHandler('collections')(ctx, deps))
  router.get('/users/:id/likes', maybe, list, (ctx) => noteListHandler('likes')(ctx, deps))
}

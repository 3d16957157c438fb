import type Router from '@koa/router'
import { optionalUser, requireUser } from '../../../auth/middleware'
import { idParams } from '../../../contract/common'
import { postCreateBody, postDetailQuery, postListQuery, postUpdateBody } from '../../../contract/posts'
import type { AppDeps } from '../../../deps'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate } from '../../middlewares/validate'
import { publicCache } from '../../middlewares/public-cache'
import { followingNewQuery, followingQuery } from '../../../contract/following'
import { countFollowingNew, listFollowing } from './following'
import { collect, createPost, deletePost, getPost, listPosts, notInterested, uncollect, undoNotInterested, updatePost } from './handlers'

/** /api/posts: feed, detail, create / update / delete (owner), collect / uncollect (member §7 Notes), 不感兴趣 (issue 38). */
export function registerPostRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps)
  const maybe = optionalUser(deps)
  const writes = writeLimit(deps)
  const byId = validate({ params: idParams })
  router.get('/posts', publicCache(), maybe, validate({ query: postListQuery }), (ctx) => listPosts(ctx, deps))
  // The 关注 timeline (before /posts/:id, which would read 'following' as an id).
  router.get('/posts/following', auth, validate({ query: followingQuery }), (ctx) => listFollowing(ctx, deps))
  router.get('/posts/following/new', auth, validate({ query: followingNewQuery }), (ctx) => countFollowingNew(ctx, deps))
  router.get('/posts/:id', maybe, validate({ params: idParams, query: postDetailQuery }), (ctx) => getPost(ctx, deps))
  router.post('/posts', auth, writes, validate({ body: postCreateBody }), (ctx) => createPost(ctx, deps))
  router.put('/posts/:id', auth, writes, validate({ params: idParams, body: postUpdateBody }), (ctx) => updatePost(ctx, deps))
  router.delete('/posts/:id', auth, writes, byId, (ctx) => deletePost(ctx, deps))
  router.post('/posts/:id/collect', auth, writes, byId, (ctx) => collect(ctx, deps))
  router.delete('/posts/:id/collect', auth, writes, byId, (ctx) => uncollect(ctx, deps))
  router.post('/posts/:id/not-interested', auth, writes, byId, (ctx) => notInterested(ctx, deps))
  router.delete('/posts/:id/not-interested', auth, writes, byId, (ctx) => undoNotInterested(ctx, deps))
}

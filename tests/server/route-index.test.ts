import Router from '@koa/router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiRouter } from '../../server/http/api'
import { indexRoutes } from '../../server/http/route-index'
import { startTestServer, type TestServer } from '../support/server'

/*
 * The router's indexed lookup (http/route-index.ts) finds the same routes, in the same order, as
 * @koa/router's own `match`, which tests every route: for every route of the real API, in several spellings,
 * and for paths no route serves.
 */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']
const libraryMatch = (router: Router, path: string, method: string) => Router.prototype.match.call(router, path, method)
const same = (router: Router, path: string, method: string) => {
  const mine = router.match(path, method)
  const theirs = libraryMatch(router, path, method)
  expect({ path: mine.path, pathAndMethod: mine.pathAndMethod, route: mine.route }, `${method} ${path}`).toStrictEqual({ path: theirs.path, pathAndMethod: theirs.pathAndMethod, route: theirs.route })
  return theirs
}

describe('indexed route lookup', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  it('finds what the library finds for every route of the API, in every spelling', () => {
    const router = createApiRouter(server.deps)
    const paths = new Set<string>()
    for (const layer of router.stack) {
      const path = String(layer.path).replace(/:[A-Za-z_]+/g, '12')
      paths.add(path).add(`${path}/`).add(path.toUpperCase()).add(`${path}/extra`).add(path.replace('/api/', '/api//'))
    }
    for (const extra of ['/api', '/api/', '/apix/posts', '/api/unknown', '/api/p%6Fsts', '/uploads/a.jpg', '/', '']) paths.add(extra)
    let matched = 0
    for (const path of paths) for (const method of METHODS) if (same(router, path, method).route) matched++
    expect(matched).toBeGreaterThan(router.stack.length)
  })

  it('routes whose first segment is a parameter, a pattern or missing are tried for every path, in order', () => {
    const router = indexRoutes(new Router({ prefix: '/p' }))
    const ok = () => undefined
    router.use(ok)
    router.get('/users/:id', ok)
    router.get('/:section/list', ok)
    router.get('/users/me', ok)
    router.post('/users{/:id}', ok)
    router.get('/', ok)
    for (const path of ['/p/users/me', '/p/users/7', '/p/USERS/me', '/p/notes/list', '/p/users/list', '/p/users', '/p', '/p/', '/q/users/me']) for (const method of ['GET', 'POST']) same(router, path, method)
    const found = router.match('/p/users/me', 'GET').pathAndMethod
    expect(found.map((l) => l.methods.length > 0 && l.path)).toEqual([false, '/p/users/:id', '/p/users/me'])
    router.get('/late/route', ok)
    expect(same(router, '/p/late/route', 'GET').route).toBe(true)
  })
})

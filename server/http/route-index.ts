import type Router from '@koa/router'
import type { Layer, MatchResult } from '@koa/router'

/*
 * @koa/router finds a request's routes by testing every route's regular expression in turn, with a debug()
 * call for each: with the ~200 routes of /api that was ~8 % of the CPU of the cheapest request (GET
 * /api/health/live under wrk, issue 19 part 3). `indexRoutes` gives the router a `match` that tests only the
 * routes whose first path segment after the prefix is the request's, together with the routes whose first
 * segment is not a plain word (a parameter, a pattern, none), in registration order: the library's result,
 * from a tenth of the tests. The index is built on the first request, and again if routes were added since.
 */

interface RouteIndex {
  size: number
  bySegment: Map<string, Layer[]>
  /** Routes every lookup tests (first segment not a plain word). */
  always: Layer[]
}

const PLAIN = /^[\w.~-]+$/

/** The first segment of `path` after `prefix`; '' when none. Both lower-case (routes match case-insensitively). */
function firstSegment(path: string, prefix: string): string {
  if (!path.startsWith(prefix) || path[prefix.length] !== '/') return ''
  const end = path.indexOf('/', prefix.length + 1)
  return path.slice(prefix.length + 1, end === -1 ? undefined : end)
}

function buildIndex(stack: readonly Layer[], prefix: string): RouteIndex {
  const literal = (layer: Layer) => {
    const segment = typeof layer.path === 'string' ? firstSegment(layer.path.toLowerCase(), prefix) : ''
    return PLAIN.test(segment) ? segment : null
  }
  const segments = new Set(stack.map(literal).filter((s): s is string => s !== null))
  const bySegment = new Map([...segments].map((s) => [s, stack.filter((layer) => [s, null].includes(literal(layer)))]))
  return { size: stack.length, bySegment, always: stack.filter((layer) => literal(layer) === null) }
}

/** Make `router` look up a request's routes through the index (above). */
export function indexRoutes<R extends Router>(router: R): R {
  const prefix = (router.opts.prefix ?? '').toLowerCase()
  let index: RouteIndex | null = null
  router.match = (path: string, method: string): MatchResult => {
    if (index?.size !== router.stack.length) index = buildIndex(router.stack, prefix)
    const candidates = index.bySegment.get(firstSegment(path.toLowerCase(), prefix)) ?? index.always
    const result: MatchResult = { path: [], pathAndMethod: [], route: false }
    const wanted = method.toUpperCase()
    for (const layer of candidates) {
      if (!layer.match(path)) continue
      result.path.push(layer)
      if (layer.methods.length === 0 || layer.methods.includes(wanted)) {
        result.pathAndMethod.push(layer)
        if (layer.methods.length > 0) result.route = true
      }
    }
    return result
  }
  return router
}

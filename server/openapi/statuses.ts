import type { Method } from './route'
import type { RouteFacts } from './router-facts'

/*
 * The statuses an operation declares, derived from facts rather than listed by hand per route:
 * - its middleware chain (router-facts.ts): 401/403 from the auth check, 400 from validation, 429 from a
 *   limiter, 413/507 from an upload, ...;
 * - the app around the router (server/app.ts): every POST, PUT and DELETE body is parsed as JSON before
 *   routing (400 malformed JSON, 413 over 1 MB); every write can meet a storage fault (507 full disk, 503
 *   lock held too long); every request can meet a restart (503, http/drain.ts) or a dependency that does not
 *   answer (503 with Retry-After);
 * - its path: a route with a path parameter names something that may not exist (404);
 * - what only the route's domain knows (403 by a policy, 404 for an id in the body, 409 for a duplicate),
 *   given with the route as `errors`.
 * 405 (a method the path does not serve) belongs to no operation: the document's components declare it.
 */

const BODY_METHODS: readonly Method[] = ['post', 'put', 'delete']

export function declaredStatuses(method: Method, path: string, facts: RouteFacts | undefined, domain: readonly number[] = []): number[] {
  const codes = new Set<number>([...(facts?.statuses ?? []), ...domain, 503])
  if (BODY_METHODS.includes(method)) for (const code of [400, 413]) codes.add(code)
  if (method !== 'get') codes.add(507)
  if (path.includes('/:')) codes.add(404)
  return [...codes].sort((a, b) => a - b)
}

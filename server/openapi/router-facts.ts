import type Router from '@koa/router'
import type { z } from 'zod'
import { factsOf, type MiddlewareFacts } from '../errors'

/** What the router's own middleware chain says about one route. */
export interface RouteFacts {
  /** Statuses the chain's middleware can answer with (auth, validation, limiters, uploads). */
  statuses: Set<number>
  access?: NonNullable<MiddlewareFacts['access']>
  query?: z.ZodType
  body?: z.ZodType
  params?: z.ZodType
}

/** `get /posts/:id` (lower-case method, router path without the /api prefix). */
export const routeKey = (method: string, path: string) => `${method.toLowerCase()} ${path}`

function merge(chain: readonly object[]): RouteFacts {
  const out: RouteFacts = { statuses: new Set() }
  for (const facts of chain.map(factsOf)) {
    if (!facts) continue
    for (const s of facts.statuses ?? []) out.statuses.add(s)
    out.access ??= facts.access
    out.query ??= facts.schemas?.query as z.ZodType | undefined
    out.body ??= facts.schemas?.body as z.ZodType | undefined
    out.params ??= facts.schemas?.params as z.ZodType | undefined
  }
  return out
}

/** Every route of the router with the facts its middleware carry (server/errors.ts `withFacts`). */
export function routerFacts(router: Router): Map<string, RouteFacts> {
  const prefix = router.opts.prefix ?? ''
  const out = new Map<string, RouteFacts>()
  for (const layer of router.stack) {
    const path = String(layer.path).slice(prefix.length)
    const facts = merge(layer.stack)
    for (const method of layer.methods) if (method !== 'HEAD') out.set(routeKey(method, path), facts)
  }
  return out
}

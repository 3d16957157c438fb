import type Router from '@koa/router'
import type { Context, Next } from 'koa'
import { MethodNotAllowed } from '../errors'

/**
 * A fixed path (`/api/users/search`, `/api/users/verification`, `/api/notifications/read-all`) is never
 * caught by a parameterised sibling (`/api/users/:id`, `/api/notifications/:id`): a method it does not
 * serve answers 405 with its own Allow header, and OPTIONS lists only its own methods. The table is read
 * from the router itself, so a new fixed route is covered without being listed here.
 */
export function fixedPaths(router: Router) {
  let table: Map<string, string> | null = null
  const build = () => {
    const methods = new Map<string, Set<string>>()
    for (const layer of router.stack) {
      const path = String(layer.path)
      if (path.includes(':') || path.includes('(') || path.includes('*') || !layer.methods.length) continue
      const set = methods.get(path) ?? new Set<string>()
      for (const m of layer.methods) set.add(m)
      methods.set(path, set)
    }
    return new Map([...methods].map(([path, set]) => [path, [...set].join(', ')]))
  }
  return async (ctx: Context, next: Next) => {
    table ??= build()
    const allow = table.get(ctx.path.length > 1 ? ctx.path.replace(/\/+$/, '') : ctx.path)
    if (!allow || allow.split(', ').includes(ctx.method)) return next()
    ctx.set('Allow', allow)
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204
      return
    }
    throw MethodNotAllowed(allow)
  }
}

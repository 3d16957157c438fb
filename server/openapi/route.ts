import { z } from 'zod'

/** Who may call a route: nobody signed in, a member (optional or required), or an administrator. */
export type Access = 'public' | 'optional-user' | 'user' | 'admin' | 'user-or-admin'

/**
 * One documented route. `path` is written as the router writes it (`/admin/users/:id`, without /api);
 * `data` is the schema of the envelope's `data` (an admin list gives `list`: `data` is then `{ data: [rows], pagination }`).
 */
export type Method = 'get' | 'post' | 'put' | 'delete'

export interface DocRoute {
  method: Method
  path: string
  tag: string
  summary: string
  description?: string
  access: Access
  query?: z.ZodObject | z.ZodPipe
  body?: z.ZodType
  /** multipart/form-data fields (uploads). */
  form?: z.ZodObject
  data?: z.ZodType
  /** An admin list reply: `data` is `{ data: [rows], pagination }` (presenters/list.ts). */
  list?: z.ZodType
  /**
   * Status codes only the route's domain knows (a policy's 403, a 404 for an id in the body, a 409); the
   * rest is derived from the router (statuses.ts).
   */
  errors?: number[]
  /**
   * The message the route answers with for a status, where it has its own (409「你已举报过该内容」): the
   * error examples carry it instead of the catalogue's default (examples.ts `errorExample`).
   */
  messages?: Partial<Record<number, string>>
  /**
   * The success reply's media type when it is no JSON envelope (a zip download, an event stream, metrics
   * text): declared with that type and no envelope schema.
   */
  media?: 'application/zip' | 'text/event-stream' | 'text/plain'
  /** A browser navigation answered 302 (not 200): where the Location header sends the browser. */
  redirect?: string
  /** Errors answered as a page for the browser (a sign-in callback), not the JSON envelope. */
  errorMedia?: 'text/html'
}

export const doc = (route: DocRoute): DocRoute => route

/** `/admin/users/:id` → `/admin/users/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/** Path parameter names of a router path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
}

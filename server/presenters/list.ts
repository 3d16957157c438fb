import type { ListReply, Pagination } from '../contract/common'

/*
 * THE shape of every paged list reply, decided once (docs/decisions.md "List replies"): the page sits in
 * `data.<name>` (the spec's name for it: `posts`, `comments`, `notifications`...; `data` for the admin
 * resources, whose spec reads `data.data`) and its paging in `data.pagination` {page, limit, total, pages}.
 * Member lists, search and every admin resource go through `listPage`; nothing else builds a list reply.
 */

export type { ListReply, Pagination }

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) }
}

/** `{ [name]: items, pagination }`: the `data` of a paged list reply. */
export function listPage<K extends string, T>(name: K, items: T[], page: Pagination): ListReply<K, T> {
  return { [name]: items, pagination: page } as ListReply<K, T>
}

import type { Category } from '../../api/types'

export interface Channel {
  /** 'recommend' or the category id. */
  id: string
  label: string
  /** '/recommend' or '/' + category_title. */
  path: string
  /** Sent as ?category=; null for recommend. */
  categoryId: number | null
}

export const RECOMMEND: Channel = { id: 'recommend', label: '推荐', path: '/recommend', categoryId: null }

/** Notes by the people the member follows (docs/discovery.md); a tab only when signed in. */
export const FOLLOWING: Channel = { id: 'following', label: '关注', path: '/following', categoryId: null }

export function channelsFrom(categories: readonly Pick<Category, 'id' | 'name' | 'category_title'>[] | undefined, signedIn = false): Channel[] {
  return [
    ...(signedIn ? [FOLLOWING] : []),
    RECOMMEND,
    ...(categories ?? []).map((c) => ({ id: String(c.id), label: c.name, path: `/${c.category_title}`, categoryId: c.id })),
  ]
}

/** Find a channel by its path segment, category title or id. */
export function findChannel(channels: readonly Channel[], segment: string | undefined): Channel | undefined {
  const s = decodeURIComponent(segment ?? 'recommend')
  return channels.find((c) => c.path === `/${s}` || c.id === s || c.label === s)
}

import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { Post, PostPage } from '../../api/types'

/** Every cached list of notes lives under ['posts', ...] as InfiniteData<PostPage>; a single note under ['post', id]. */
export const postKeys = {
  all: ['posts'] as const,
  feed: (category: string, type: number | null) => ['posts', 'feed', category, type] as const,
  user: (userId: string, tab: string) => ['posts', 'user', userId, tab] as const,
  search: (type: string, keyword: string, tag: string) => ['posts', 'search', type, keyword, tag] as const,
  detail: (id: number) => ['post', id] as const,
}

type PostPatch = Partial<Pick<Post, 'liked' | 'like_count' | 'collected' | 'collect_count' | 'comment_count'>>
type Updater = (post: Post) => PostPatch

function isInfinitePosts(data: unknown): data is InfiniteData<PostPage> {
  return typeof data === 'object' && data !== null && Array.isArray((data as InfiniteData<PostPage>).pages)
}

function patchPages(data: InfiniteData<PostPage>, id: number, update: Updater): InfiniteData<PostPage> {
  let changed = false
  const pages = data.pages.map((page) => {
    if (!page.posts.some((p) => p.id === id)) return page
    changed = true
    // Only the touched note gets a new object, so memoised cards of the other notes do not re-render.
    return { ...page, posts: page.posts.map((p) => (p.id === id ? { ...p, ...update(p) } : p)) }
  })
  return changed ? { ...data, pages } : data
}

/** Apply a patch to a note wherever it is cached (feeds, profile lists, search, detail). */
export function patchPost(qc: QueryClient, id: number, update: Updater): void {
  qc.setQueryData<Post>(postKeys.detail(id), (p) => (p ? { ...p, ...update(p) } : p))
  for (const [key, data] of qc.getQueriesData<unknown>({ queryKey: postKeys.all })) {
    if (isInfinitePosts(data)) {
      const next = patchPages(data, id, update)
      if (next !== data) qc.setQueryData(key, next)
    }
  }
}

/**
 * Take a note out of every cached list (不感兴趣); returns what puts it back where it was (on a failed request).
 * Other changes to those lists meanwhile (likes, further pages) are kept.
 */
export function removePost(qc: QueryClient, id: number): () => void {
  const removed: Array<{ key: readonly unknown[]; page: number; index: number; post: Post }> = []
  for (const [key, data] of qc.getQueriesData<unknown>({ queryKey: postKeys.all })) {
    if (!isInfinitePosts(data)) continue
    const hit = data.pages.findIndex((page) => page.posts.some((p) => p.id === id))
    if (hit < 0) continue
    const index = data.pages[hit]!.posts.findIndex((p) => p.id === id)
    removed.push({ key, page: hit, index, post: data.pages[hit]!.posts[index]! })
    qc.setQueryData<InfiniteData<PostPage>>(key, { ...data, pages: data.pages.map((page, i) => (i === hit ? { ...page, posts: page.posts.filter((p) => p.id !== id) } : page)) })
  }
  return () => {
    for (const r of removed) {
      qc.setQueryData<InfiniteData<PostPage>>(r.key, (data) => {
        if (!data || !data.pages[r.page] || data.pages.some((page) => page.posts.some((p) => p.id === id))) return data
        return { ...data, pages: data.pages.map((page, i) => (i === r.page ? { ...page, posts: [...page.posts.slice(0, r.index), r.post, ...page.posts.slice(r.index)] } : page)) }
      })
    }
  }
}

/** Current cached state of a note (detail first, then any list). */
export function findPost(qc: QueryClient, id: number): Post | undefined {
  const detail = qc.getQueryData<Post>(postKeys.detail(id))
  if (detail) return detail
  for (const [, data] of qc.getQueriesData<unknown>({ queryKey: postKeys.all })) {
    if (!isInfinitePosts(data)) continue
    for (const page of data.pages) {
      const hit = page.posts.find((p) => p.id === id)
      if (hit) return hit
    }
  }
  return undefined
}

export const INTERACTION_EVENT = 'shiliu:post-interaction'
export type InteractionKind = 'liked' | 'unliked' | 'collected' | 'uncollected'

export function emitInteraction(kind: InteractionKind, postId: number): void {
  window.dispatchEvent(new CustomEvent(INTERACTION_EVENT, { detail: { kind, postId } }))
}

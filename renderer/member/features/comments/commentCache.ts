import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { CommentPage, CommentSort } from '../../api/comments'
import type { Comment } from '../../api/types'

export const commentKeys = {
  post: (postId: number) => ['comments', postId] as const,
  list: (postId: number, sort: CommentSort) => ['comments', postId, sort] as const,
  replies: (commentId: number) => ['replies', commentId] as const,
}

type Patch = (c: Comment) => Comment

function patchTree(list: Comment[], id: number, patch: Patch): Comment[] {
  let changed = false
  const next = list.map((c) => {
    if (c.id === id) {
      changed = true
      return patch(c)
    }
    if (c.replies.length) {
      const replies = patchTree(c.replies, id, patch)
      if (replies !== c.replies) {
        changed = true
        return { ...c, replies }
      }
    }
    return c
  })
  return changed ? next : list
}

/** Apply a change to a comment or reply wherever it is cached. */
export function patchComment(qc: QueryClient, postId: number, id: number, patch: Patch): void {
  qc.setQueriesData<InfiniteData<CommentPage>>({ queryKey: commentKeys.post(postId) }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, comments: patchTree(p.comments, id, patch) })) } : data,
  )
  for (const [key, data] of qc.getQueriesData<Comment[]>({ queryKey: ['replies'] })) {
    if (Array.isArray(data)) {
      const next = patchTree(data, id, patch)
      if (next !== data) qc.setQueryData(key, next)
    }
  }
}

/** Remove a comment or reply from every cache. Returns true if it was found. */
export function removeComment(qc: QueryClient, postId: number, id: number): void {
  const drop = (list: Comment[]): Comment[] =>
    list.filter((c) => c.id !== id).map((c) => (c.replies.some((r) => r.id === id) ? { ...c, replies: c.replies.filter((r) => r.id !== id), reply_count: Math.max(0, c.reply_count - 1) } : c))
  qc.setQueriesData<InfiniteData<CommentPage>>({ queryKey: commentKeys.post(postId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, comments: drop(p.comments), pagination: { ...p.pagination, total: Math.max(0, p.pagination.total - (p.comments.some((c) => c.id === id) ? 1 : 0)) } })),
        }
      : data,
  )
  for (const [key, data] of qc.getQueriesData<Comment[]>({ queryKey: ['replies'] })) {
    if (Array.isArray(data) && data.some((c) => c.id === id)) qc.setQueryData(key, drop(data))
  }
}

/** Insert a new top-level comment at the head of the newest-first list (or the end of oldest-first). */
export function insertComment(qc: QueryClient, postId: number, comment: Comment): void {
  for (const sort of ['desc', 'asc'] as const) {
    qc.setQueryData<InfiniteData<CommentPage>>(commentKeys.list(postId, sort), (data) => {
      if (!data || data.pages.length === 0) return data
      const pages = data.pages.map((p) => ({ ...p, pagination: { ...p.pagination, total: p.pagination.total + 1 } }))
      if (sort === 'desc') pages[0] = { ...pages[0]!, comments: [comment, ...pages[0]!.comments] }
      else {
        const last = pages.length - 1
        const lastPage = pages[last]!
        if (lastPage.pagination.page >= lastPage.pagination.pages) pages[last] = { ...lastPage, comments: [...lastPage.comments, comment] }
      }
      return { ...data, pages }
    })
  }
}

/** Append a reply under its top-level comment. */
export function insertReply(qc: QueryClient, postId: number, parentId: number, reply: Comment): void {
  patchComment(qc, postId, parentId, (c) => ({ ...c, replies: [...c.replies, reply], reply_count: c.reply_count + 1 }))
  qc.setQueryData<Comment[]>(commentKeys.replies(parentId), (list) => (list ? [...list, reply] : list))
}

export function findInPages(data: InfiniteData<CommentPage> | undefined, id: number): boolean {
  return Boolean(data?.pages.some((p) => p.comments.some((c) => c.id === id || c.replies.some((r) => r.id === id))))
}

import { In } from 'typeorm'
import { Collection, Like, Post } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import type { AppDeps } from '../../deps'
import { recount } from '../../domain/counters'
import { AppError } from '../../errors'

/**
 * Clear a like or collection through the member command; when that command refuses because its target is
 * no longer one a member may touch (a note turned back into a draft answers 404), remove the row anyway
 * and recount every counter it fed, in one transaction, so an administrator can always clean up.
 */
export async function withRecountFallback(deps: AppDeps, table: 'likes' | 'collections', rows: ReadonlyArray<Like | Collection>, clear: () => Promise<unknown>): Promise<void> {
  try {
    await clear()
    return
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404) throw err
  }
  await inTransaction(deps.db, async (m) => {
    const ids = rows.map((r) => r.id)
    const postIds: number[] = []
    const commentIds: number[] = []
    for (const r of rows) {
      if ('post_id' in r) postIds.push(r.post_id)
      else if (r.target_type === 1) postIds.push(r.target_id)
      else commentIds.push(r.target_id)
    }
    await m.getRepository(table === 'likes' ? Like : Collection).delete({ id: In(ids) })
    if (postIds.length) {
      const authors = await m.getRepository(Post).find({ select: { id: true, user_id: true }, where: { id: In(postIds) } })
      await recount(m, 'posts', postIds)
      await recount(m, 'users', authors.map((a) => a.user_id))
    }
    if (commentIds.length) await recount(m, 'comments', commentIds)
  })
}

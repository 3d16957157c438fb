import type { DataSource } from 'typeorm'
import type { SqlValue } from '../../server/db/reader'
import { execute, query } from '../../server/db/sql'
import { inTransaction } from '../../server/db/transaction'
import { recountAll } from '../../server/domain/counters'
import { dbRun } from './sql'

/*
 * Rows written straight into the database, for tests of one resource that need others' data around it
 * (notes, comments, likes, collections) without going through those resources' APIs. Counters are
 * recounted afterwards with `settle`, so the data starts consistent. SQL is portable (tests/support/sql.ts).
 */

async function insert(db: DataSource, table: string, values: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(values)
  const text = `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`
  // One write job: the new row's id is read before anyone else can insert.
  return inTransaction(db, async (m) => {
    await execute(m, text, Object.values(values) as SqlValue[])
    const [row] = await query<{ id: number | string }>(m, `SELECT MAX(id) AS id FROM ${table}`)
    return Number(row!.id)
  })
}

export async function insertPost(db: DataSource, userId: number, extra: { title?: string; is_draft?: boolean; category_id?: number | null; image?: string } = {}): Promise<number> {
  const id = await insert(db, 'posts', {
    user_id: userId,
    title: extra.title ?? '笔记',
    content: '内容',
    type: 1,
    is_draft: extra.is_draft ?? false,
    category_id: extra.category_id ?? null,
    search_text: '笔记',
  })
  if (extra.image) await insert(db, 'post_images', { post_id: id, url: extra.image, thumbnail_url: null, width: 10, height: 10, sort_order: 0 })
  return id
}

export const insertCategory = (db: DataSource, name: string) => insert(db, 'categories', { name, category_title: name.replace(/[^a-z]/g, '') || 'x', post_count: 0 })

export async function insertTag(db: DataSource, name: string, postIds: number[]): Promise<number> {
  const id = await insert(db, 'tags', { name, use_count: 0 })
  for (const postId of postIds) await dbRun(db, 'INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)', [postId, id])
  return id
}

export const insertComment = (db: DataSource, userId: number, postId: number, content = '评论', parentId: number | null = null) =>
  insert(db, 'comments', { user_id: userId, post_id: postId, parent_id: parentId, content })

export const insertLike = (db: DataSource, userId: number, targetType: 1 | 2, targetId: number) => insert(db, 'likes', { user_id: userId, target_type: targetType, target_id: targetId })

export const insertCollection = (db: DataSource, userId: number, postId: number) => insert(db, 'collections', { user_id: userId, post_id: postId })

export const insertFollow = (db: DataSource, followerId: number, followingId: number) => insert(db, 'follows', { follower_id: followerId, following_id: followingId })

export async function insertNotification(db: DataSource, v: { userId: number; senderId: number; type: number; postId?: number | null; commentId?: number | null; title?: string }): Promise<number> {
  return insert(db, 'notifications', {
    user_id: v.userId,
    sender_id: v.senderId,
    type: v.type,
    title: v.title ?? '通知',
    target_id: v.postId ?? null,
    comment_id: v.commentId ?? null,
    is_read: false,
  })
}

/** Make every counter match its rows. */
export const settle = (db: DataSource) => recountAll(db)

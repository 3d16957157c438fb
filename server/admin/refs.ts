import type { DataSource, EntityManager } from 'typeorm'
import { Comment, Post, User } from '../db/entities'
import { Invalid } from '../errors'

type Db = DataSource | EntityManager

/** Resolve a body's `<prefix>_display_id` / `<prefix>_id` to users.id; 400 when it names nobody. */
export async function resolveUser(db: Db, body: Record<string, unknown>, prefix: string, missing = '用户不存在'): Promise<number | undefined> {
  const displayId = body[`${prefix}_display_id`]
  const id = body[`${prefix}_id`]
  if (displayId === undefined && id === undefined) return undefined
  const where = typeof displayId === 'string' ? { user_id: displayId } : { id: Number(id) }
  const user = await db.getRepository(User).findOne({ select: { id: true }, where })
  if (!user) throw Invalid(missing)
  return user.id
}

export async function requireUser(db: Db, body: Record<string, unknown>, prefix: string, missing = '用户不存在'): Promise<number> {
  const id = await resolveUser(db, body, prefix, missing)
  if (id === undefined) throw Invalid(missing)
  return id
}

export async function requirePost(db: Db, id: number, missing = '笔记不存在'): Promise<Post> {
  const post = await db.getRepository(Post).findOneBy({ id })
  if (!post) throw Invalid(missing)
  return post
}

export async function requireComment(db: Db, id: number, missing = '评论不存在'): Promise<Comment> {
  const comment = await db.getRepository(Comment).findOneBy({ id })
  if (!comment) throw Invalid(missing)
  return comment
}

import { In } from 'typeorm'
import { z } from 'zod'
import { postCreateBody, postUpdateAdminBody } from '../../contract/admin/content'
import { flagFilter, intFilter, noteStatusFilter } from '../../contract/admin/list'
import { Category, Post, PostImage, PostTag, PostVideo, Tag, User } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import { noteStatusIs, noteStatusSql } from '../../db/visibility'
import type { AppDeps } from '../../deps'
import { createNote, removeNote, updateNote, type NotesEnv } from '../../domain/notes'
import { releaseMedia } from '../../media/lifecycle'
import { mediaStorage } from '../../media/storage'
import { bool, date, int, str, type Row } from '../fields'
import { requireUser } from '../refs'
import { createWith, updateWith, type AdminResource } from '../resource'

const notesEnv = (deps: AppDeps): NotesEnv => ({ db: deps.db, storage: mediaStorage(deps.config.uploadsDir), logger: deps.logger, anyUpload: true })

/**
 * Media and tags of a page of notes, in three queries. For a video note `images` holds the video then its
 * cover (the admin table's media cell), and video_url / cover_url are set as well.
 */
export async function loadMediaAndTags(deps: AppDeps, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id))
  const [images, videos, tags] = await Promise.all([
    deps.db.getRepository(PostImage).find({ select: { post_id: true, url: true }, where: { post_id: In(ids) }, order: { post_id: 'ASC', sort_order: 'ASC' } }),
    deps.db.getRepository(PostVideo).find({ select: { post_id: true, url: true, cover_url: true }, where: { post_id: In(ids) } }),
    deps.db
      .getRepository(PostTag)
      .createQueryBuilder('pt')
      .innerJoin(Tag, 't', 't.id = pt.tag_id')
      .select(['pt.post_id AS post_id', 't.id AS id', 't.name AS name'])
      .where('pt.post_id IN (:...ids)', { ids })
      .orderBy('t.id', 'ASC')
      .getRawMany<{ post_id: number | string; id: number | string; name: string }>(),
  ])
  for (const row of rows) {
    const id = Number(row.id)
    const video = videos.find((v) => v.post_id === id)
    row.video_url = video?.url ?? null
    row.cover_url = video?.cover_url ?? null
    row.images = video ? [video.url, ...(video.cover_url ? [video.cover_url] : [])] : images.filter((i) => i.post_id === id).map((i) => i.url)
    row.tags = tags.filter((t) => Number(t.post_id) === id).map((t) => ({ id: Number(t.id), name: t.name }))
  }
}

/** A note's images or video and its tags, loaded for the page (notes, and the moderation queue's held notes). */
export const NOTE_MEDIA = {
  schema: {
    images: z.array(z.string()).describe('图片地址；视频笔记为 [视频, 封面]'),
    video_url: z.string().nullable(),
    cover_url: z.string().nullable(),
    tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  },
  load: loadMediaAndTags,
}

/**
 * Notes. Writes go through the member API's note commands (media checks, tags and use_count, search text,
 * the author's and the category's post_count, mention notifications); deletes through removeNote, which
 * also removes comments, likes, collections and notifications of the note and recounts what they fed.
 * Counters are read-only except view_count, which no row set derives.
 */
export const posts: AdminResource = {
  name: 'posts',
  label: '笔记',
  description: '笔记（type：1 图文，2 视频；is_draft 草稿；status：0 已发布，1 草稿，2 待审核，3 未过审或已隐藏）',
  entity: Post,
  alias: 'p',
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = p.user_id').leftJoin(Category, 'c', 'c.id = p.category_id'),
  fields: {
    id: int('p.id'),
    title: str('p.title'),
    content: str('p.content', { description: '已净化的富文本' }),
    user_id: int('p.user_id', { description: '作者数字ID' }),
    user_display_id: str('u.user_id', { description: '作者小石榴号' }),
    nickname: str('u.nickname'),
    category_id: int('p.category_id', { nullable: true }),
    category: str('c.name', { nullable: true }),
    type: int('p.type'),
    is_draft: bool('p.is_draft'),
    location: str('p.location', { nullable: true }),
    view_count: int('p.view_count'),
    like_count: int('p.like_count'),
    collect_count: int('p.collect_count'),
    comment_count: int('p.comment_count'),
    status: int(noteStatusSql('p'), { description: '笔记状态（XiaoShiLiu v1.3）：0 已发布，1 草稿，2 待审核，3 未过审或已隐藏' }),
    moderation: int('p.moderation', { description: '审核状态：0 正常，1 已隐藏，2 审核中，3 未通过' }),
    moderation_reason: str('p.moderation_reason', { nullable: true }),
    created_at: date('p.created_at'),
    updated_at: date('p.updated_at'),
  },
  expand: NOTE_MEDIA,
  filters: {
    moderation: { sql: 'p.moderation', schema: intFilter },
    type: { sql: 'p.type', schema: intFilter },
    is_draft: { sql: 'p.is_draft', schema: flagFilter },
    // The v1.3.2 client's 笔记状态 filter.
    status: { sql: 'p.id', schema: noteStatusFilter, where: (value) => ({ sql: noteStatusIs(value as 0 | 1 | 2 | 3), params: {} }) },
    category_id: { sql: 'p.category_id', schema: intFilter },
  },
  search: ['p.title', 'p.content'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'updated_at', 'view_count', 'like_count', 'collect_count', 'comment_count', 'title'],
  create: createWith(postCreateBody, async ({ deps }, input) => {
    const authorId = await requireUser(deps.db, input, 'user', '作者不存在')
    const id = await createNote(notesEnv(deps), authorId, input.note)
    const viewCount = input.view_count
    if (viewCount !== undefined) await inTransaction(deps.db, (m) => m.getRepository(Post).update({ id }, { view_count: viewCount }))
    return id
  }),
  update: updateWith(postUpdateAdminBody, async ({ deps }, id, input) => {
    const { view_count, ...patch } = input
    if (Object.values(patch).some((v) => v !== undefined)) {
      const { user_id: authorId } = await deps.db.getRepository(Post).findOneOrFail({ select: { id: true, user_id: true }, where: { id } })
      await updateNote(notesEnv(deps), authorId, id, patch)
    }
    if (view_count !== undefined) await inTransaction(deps.db, (m) => m.getRepository(Post).update({ id }, { view_count }))
  }),
  async remove({ deps }, ids) {
    const notes = await deps.db.getRepository(Post).find({ select: { id: true, user_id: true, category_id: true }, where: { id: In(ids) } })
    const env = notesEnv(deps)
    for (const note of notes) await releaseMedia(deps, env.storage, await removeNote(deps.db, note))
  },
}

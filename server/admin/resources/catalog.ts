import { In } from 'typeorm'
import { categoryCreateBody, categoryUpdateBody, tagCreateBody, tagUpdateBody } from '../../contract/admin/catalog'
import { textFilter } from '../../contract/admin/list'
import { Category, Tag } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import { date, int, str } from '../fields'
import { createWith, updateWith, type AdminResource } from '../resource'

/**
 * Categories and tags. Their counters (post_count, use_count) are derived from rows and never written here.
 * Deleting a category leaves its notes uncategorised (posts.category_id ON DELETE SET NULL); deleting a tag
 * unlinks it from its notes (post_tags ON DELETE CASCADE).
 */
export const categories: AdminResource = {
  name: 'categories',
  label: '分类',
  description: '笔记分类（频道）',
  entity: Category,
  alias: 'c',
  fields: {
    id: int('c.id'),
    name: str('c.name'),
    category_title: str('c.category_title', { description: '英文标识（频道路径）' }),
    post_count: int('c.post_count', { description: '已发布笔记数' }),
    created_at: date('c.created_at'),
  },
  filters: { name: { sql: 'c.name', schema: textFilter, op: 'like' }, category_title: { sql: 'c.category_title', schema: textFilter, op: 'like' } },
  search: ['c.name', 'c.category_title'],
  sortable: ['id', 'name', 'category_title', 'post_count', 'created_at'],
  defaultSort: { field: 'id', order: 'asc' },
  create: createWith(categoryCreateBody, async ({ deps }, input) => {
    const saved = await inTransaction(deps.db, (m) => m.getRepository(Category).save(m.getRepository(Category).create({ ...input, post_count: 0 })))
    return saved.id
  }),
  update: updateWith(categoryUpdateBody, async ({ deps }, id, input) => {
    if (Object.keys(input).length) await inTransaction(deps.db, (m) => m.getRepository(Category).update({ id }, input))
  }),
  async remove({ deps }, ids) {
    await inTransaction(deps.db, (m) => m.getRepository(Category).delete({ id: In(ids) }))
  },
}

export const tags: AdminResource = {
  name: 'tags',
  label: '标签',
  description: '笔记标签',
  entity: Tag,
  alias: 't',
  fields: {
    id: int('t.id'),
    name: str('t.name'),
    use_count: int('t.use_count', { description: '使用该标签的笔记数' }),
    description: str('t.description', { nullable: true }),
    created_at: date('t.created_at'),
  },
  filters: { name: { sql: 't.name', schema: textFilter, op: 'like' } },
  search: ['t.name'],
  sortable: ['id', 'name', 'use_count', 'created_at'],
  defaultSort: { field: 'id', order: 'desc' },
  create: createWith(tagCreateBody, async ({ deps }, input) => {
    const saved = await inTransaction(deps.db, (m) => m.getRepository(Tag).save(m.getRepository(Tag).create({ name: input.name, description: input.description ?? null, use_count: 0 })))
    return saved.id
  }),
  update: updateWith(tagUpdateBody, async ({ deps }, id, input) => {
    if (Object.keys(input).length) await inTransaction(deps.db, (m) => m.getRepository(Tag).update({ id }, input))
  }),
  async remove({ deps }, ids) {
    await inTransaction(deps.db, (m) => m.getRepository(Tag).delete({ id: In(ids) }))
  },
}

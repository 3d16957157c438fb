import { z } from 'zod'
import { multiLine } from '../common'
import { displayNameSchema } from '../users'

/* Categories and tags (admin-back-office.md §5). */

const categoryName = displayNameSchema({ blank: '请输入分类名称', tooLong: '分类名称最多50个字符', label: '分类名称' }, 50)
const categoryTitle = z
  .string({ error: '请输入英文标识' })
  .trim()
  .min(1, '请输入英文标识')
  .max(50, '英文标识最多50个字符')
  .regex(/^[a-z]+$/, '只能输入小写英文字母')

export const categoryCreateBody = z.object({ name: categoryName, category_title: categoryTitle })
export const categoryUpdateBody = categoryCreateBody.partial()
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>

const tagName = displayNameSchema({ blank: '请输入标签名称', tooLong: '标签名称最多32个字符', label: '标签名称' }, 32)
const tagDescription = z.string().trim().max(200, '描述最多200个字符').refine(...multiLine('描述')).nullable().optional()

export const tagCreateBody = z.object({ name: tagName, description: tagDescription })
export const tagUpdateBody = tagCreateBody.partial()
export type TagCreateBody = z.infer<typeof tagCreateBody>
export type TagUpdateBody = z.infer<typeof tagUpdateBody>

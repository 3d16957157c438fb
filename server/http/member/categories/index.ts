import type Router from '@koa/router'
import type { Context } from 'koa'
import { categoryListQuery, type CategoryListQuery } from '../../../contract/search'
import { readerFor } from '../../../db/reader'
import { containsPattern, LIKE_ESCAPE } from '../../../db/sql'
import type { AppDeps } from '../../../deps'
import { toIso, toNum } from '../../../db/reader'
import { ok } from '../../envelope'
import { validate, validated } from '../../middlewares/validate'
import { publicCache } from '../../middlewares/public-cache'

interface CategoryRow {
  id: number
  name: string
  category_title: string
  post_count: number
  created_at: string | Date
}

/**
 * GET /categories: every category (they are few), as a plain list of id, name, category_title (+ post_count,
 * created_at); filters name / category_title (substring) and sortField / sortOrder as documented (admin §7).
 */
export function registerCategoryRoutes(router: Router, deps: AppDeps): void {
  router.get('/categories', publicCache(), validate({ query: categoryListQuery }), async (ctx: Context) => {
    const { query } = validated<CategoryListQuery>(ctx)
    const where: string[] = []
    const params: string[] = []
    for (const field of ['name', 'category_title'] as const) {
      if (query[field]) {
        where.push(`${field} LIKE ? ${LIKE_ESCAPE}`)
        params.push(containsPattern(query[field]))
      }
    }
    const sql = `SELECT id, name, category_title, post_count, created_at FROM categories ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${query.sortField} ${query.sortOrder === 'desc' ? 'DESC' : 'ASC'}, id ASC`
    const rows = await readerFor(deps.db).all<CategoryRow>(sql, params)
    ok(
      ctx,
      rows.map((r) => ({ id: Number(r.id), name: r.name, category_title: r.category_title, post_count: toNum(r.post_count), created_at: toIso(r.created_at) })),
    )
  })
}

import { followingNewQuery, followingNewReply, followingQuery, followingReply, suggestionsQuery, suggestionsReply } from '../contract/following'
import { doc, type DocRoute } from './route'

const NOTES = '笔记'
const USERS = '用户'

/** The 关注 timeline (issue 38, docs/discovery.md): signed-in members only (401 for visitors). */
export function followingDocRoutes(): DocRoute[] {
  return [
    doc({
      method: 'get',
      path: '/posts/following',
      tag: NOTES,
      summary: '关注的人的笔记（关注频道）',
      description:
        '最新在前。可按 page/limit 翻页，或传上一页的 next_cursor 从其后继续（翻页期间有新笔记发布也不会重复或遗漏）。第一页（不传 cursor）同时给出上次访问以来的新笔记数 new_count，并把本次看到的最新一条记为这次访问。不含草稿、被隐藏或审核中的笔记，不含你拉黑的人的笔记。',
      access: 'user',
      query: followingQuery,
      data: followingReply,
      errors: [400],
    }),
    doc({
      method: 'get',
      path: '/posts/following/new',
      tag: NOTES,
      summary: '关注频道的新笔记数',
      description: '传 head_cursor 时数它之后的新笔记，不传时数上次访问以来的；最多数到 100。不改变上次访问的位置。',
      access: 'user',
      query: followingNewQuery,
      data: followingNewReply,
      errors: [400],
    }),
    doc({
      method: 'get',
      path: '/users/suggestions',
      tag: USERS,
      summary: '可能想关注的人',
      description: '来自你关注的人的关注和共同的兴趣爱好，不足时补充热门作者；不含自己、已关注的人和任一方拉黑的人。',
      access: 'user',
      query: suggestionsQuery,
      data: suggestionsReply,
      errors: [400],
    }),
  ]
}

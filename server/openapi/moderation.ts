import { reportCreateBody, reportReply, reportStatusQuery, reportStatusReply } from '../contract/moderation'
import { doc, type DocRoute } from './route'

const REPORTS = '举报'

/** Member report routes (issue 18). The admin queue and ban routes are documented from their resources. */
export function reportDocRoutes(): DocRoute[] {
  return [
    doc({
      method: 'post',
      path: '/reports',
      tag: REPORTS,
      summary: '举报笔记、评论或用户',
      description:
        'target_type：post（笔记ID）、comment（评论ID）或 user（石榴号）；reason：垃圾广告、骚扰/人身攻击、违法违规、泄露隐私、色情低俗、其他（其他须填 description，≤200 字）。同一对象未处理前只能举报一次（409「你已举报过该内容」）；每人每 24 小时最多 20 次（429）；不能举报自己或自己的内容（400）',
      access: 'user',
      body: reportCreateBody,
      data: reportReply,
      errors: [400, 404, 409, 429],
      messages: { 409: '你已举报过该内容' },
    }),
    doc({ method: 'get', path: '/reports/status', tag: REPORTS, summary: '是否已举报', description: '当前用户对该对象是否有未处理的举报；user 的 target_id 为石榴号', access: 'user', query: reportStatusQuery, data: reportStatusReply, errors: [400] }),
  ]
}

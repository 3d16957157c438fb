import { z } from 'zod'
import { dataExportSchema } from '../contract/data-export'
import {
  authSessionSchema,
  captchaReplySchema,
  checkUserIdQuery,
  checkUserIdReplySchema,
  endOtherSessionsQuery,
  endedSessionsReply,
  loginBody,
  logoutBody,
  refreshBody,
  registerBody,
  sessionListReply,
  tokensSchema,
} from '../contract/auth'
import { blockListQuery, blockListReply, blockStateSchema } from '../contract/blocks'
import { idParams } from '../contract/common'
import { FOREIGN_MEDIA_MESSAGE } from '../contract/media'
import { notificationListQuery, notificationListReply, streamQuery, streamTicketSchema, unreadByTypeSchema, unreadCountSchema } from '../contract/notifications'
import {
  accountDeleteBody,
  followListReply,
  followStateSchema,
  passwordChangeBody,
  personalityTagsSchema,
  profileViewSchema,
  profileUpdateBody,
  selfSchema,
  userListQuery,
  userSearchQuery,
  userSearchReply,
  userStatsSchema,
} from '../contract/users'
import { verificationApplicationSchema, verificationApplyBody, verificationStatusReply } from '../contract/verification'
import { collectionListReply, postListQuery, postListReply } from '../contract/posts'
import { meReplySchema } from '../contract/moderation'
import { contentDocRoutes } from './member-content'
import { followingDocRoutes } from './member-following'
import { emailDocRoutes } from './email'
import { identityDocRoutes } from './identities'
import { reportDocRoutes } from './moderation'
import { doc, type DocRoute } from './route'

const AUTH = '用户认证'
const USERS = '用户'
const NOTIFY = '通知'


function accountRoutes(): DocRoute[] {
  return [
    doc({ method: 'get', path: '/auth/captcha', tag: AUTH, summary: '获取验证码', access: 'public', data: captchaReplySchema, errors: [429] }),
    doc({ method: 'get', path: '/auth/check-user-id', tag: AUTH, summary: '检查石榴号是否可用', access: 'public', query: checkUserIdQuery, data: checkUserIdReplySchema, errors: [400] }),
    doc({ method: 'post', path: '/auth/register', tag: AUTH, summary: '注册', description: `avatar 只能是默认头像（新账号还没有上传过文件），其他本站上传文件 400 ${FOREIGN_MEDIA_MESSAGE}；后台「成员登录方式」为仅统一身份认证时 403`, access: 'public', body: registerBody, data: authSessionSchema, errors: [400, 403, 429] }),
    doc({ method: 'post', path: '/auth/login', tag: AUTH, summary: '登录', description: '账号被禁用，或后台「成员登录方式」为仅统一身份认证时 403', access: 'public', body: loginBody, data: authSessionSchema, errors: [400, 403, 429] }),
    doc({ method: 'post', path: '/auth/refresh', tag: AUTH, summary: '刷新令牌', description: '刷新令牌每次使用后轮换', access: 'public', body: refreshBody, data: z.object({ tokens: tokensSchema }), errors: [400, 401] }),
    doc({ method: 'post', path: '/auth/logout', tag: AUTH, summary: '退出登录', description: '结束当前令牌的会话；未带有效访问令牌时按请求体的 refresh_token 结束其会话（无效时 401）', access: 'optional-user', body: logoutBody, data: z.null(), errors: [401] }),
    doc({ method: 'get', path: '/auth/me', tag: AUTH, summary: '当前用户', description: 'ban：账号限制（until 为结束时间，null 为永久），未被限制为 null', access: 'user', data: meReplySchema }),
    doc({ method: 'get', path: '/auth/sessions', tag: AUTH, summary: '我的登录设备', description: '当前用户未过期的会话，最近使用的在前', access: 'user', data: sessionListReply }),
    doc({ method: 'delete', path: '/auth/sessions', tag: AUTH, summary: '退出其他所有设备', description: '须带 others=1；当前会话保留', access: 'user', query: endOtherSessionsQuery, data: endedSessionsReply, errors: [400] }),
    doc({ method: 'delete', path: '/auth/sessions/:handle', tag: AUTH, summary: '退出某个设备', access: 'user', data: endedSessionsReply, errors: [404] }),
    doc({ method: 'get', path: '/users/data-export', tag: USERS, summary: '我的数据导出', description: '最近一次导出（没有时 data 为 null）', access: 'user', data: dataExportSchema.nullable() }),
    doc({ method: 'post', path: '/users/data-export', tag: USERS, summary: '导出我的数据', description: '后台生成 zip（笔记及其图片视频、评论、点赞、收藏、关注、资料、认证状态；不含身份信息），完成后发送系统通知；每天一次（超出 429，带 Retry-After）', access: 'user', data: dataExportSchema, errors: [429] }),
    doc({ method: 'get', path: '/users/data-export/:exportId/download', tag: USERS, summary: '下载数据导出', description: '`application/zip`，不是 JSON 信封；仅本人，生成后 24 小时内有效', access: 'user', media: 'application/zip', errors: [404] }),
    doc({ method: 'post', path: '/users/verification', tag: USERS, summary: '提交认证申请', description: 'type：1 官方认证，2 个人认证', access: 'user', body: verificationApplyBody, data: verificationApplicationSchema, errors: [400] }),
    doc({ method: 'get', path: '/users/verification/status', tag: USERS, summary: '认证申请状态', description: '本人的申请列表，最新的在前（无申请为空列表）；不返回申请内容', access: 'user', data: verificationStatusReply }),
    doc({ method: 'delete', path: '/users/verification/revoke', tag: USERS, summary: '撤回认证申请', description: '返回撤回后的申请列表', access: 'user', data: verificationStatusReply, errors: [404] }),
    doc({ method: 'get', path: '/users/search', tag: USERS, summary: '搜索用户', access: 'optional-user', query: userSearchQuery, data: userSearchReply, errors: [400] }),
    doc({ method: 'get', path: '/users/blocks', tag: USERS, summary: '黑名单', description: '当前用户拉黑的用户，最近拉黑的在前', access: 'user', query: blockListQuery, data: blockListReply, errors: [400] }),
    doc({ method: 'get', path: '/users/:id', tag: USERS, summary: '用户资料', description: 'id 为小石榴号；isBlocked：当前用户是否已拉黑该用户（未登录为 false）', access: 'optional-user', data: profileViewSchema, errors: [404] }),
    doc({ method: 'get', path: '/users/:id/stats', tag: USERS, summary: '用户统计', access: 'public', data: userStatsSchema, errors: [404] }),
    doc({ method: 'get', path: '/users/:id/personality-tags', tag: USERS, summary: '个性标签', access: 'public', data: personalityTagsSchema, errors: [404] }),
    doc({ method: 'put', path: '/users/:id', tag: USERS, summary: '修改资料', description: `avatar 须为本人上传的图片、默认头像或当前头像，否则 400 ${FOREIGN_MEDIA_MESSAGE}`, access: 'user', body: profileUpdateBody, data: selfSchema, errors: [400, 403, 404] }),
    doc({ method: 'put', path: '/users/:id/password', tag: USERS, summary: '修改密码', access: 'user', body: passwordChangeBody, data: z.null(), errors: [400, 404] }),
    doc({ method: 'delete', path: '/users/:id', tag: USERS, summary: '注销账号', description: '须提供当前密码', access: 'user', body: accountDeleteBody, data: z.null(), errors: [400, 404] }),
    doc({ method: 'post', path: '/users/:id/follow', tag: USERS, summary: '关注', description: '幂等：重复关注不改变任何数据（被对方拉黑时 403）', access: 'user', data: followStateSchema, errors: [400, 403, 404] }),
    doc({ method: 'delete', path: '/users/:id/follow', tag: USERS, summary: '取消关注', access: 'user', data: followStateSchema, errors: [404] }),
    doc({
      method: 'post',
      path: '/users/:id/block',
      tag: USERS,
      summary: '拉黑',
      description: '幂等：重复拉黑不改变任何数据。拉黑后对方的笔记、评论、通知对你不可见，双方的关注关系解除；对方无法关注你、评论或点赞/收藏你的笔记、回复你的评论（403「由于对方的设置，你无法进行此操作」），@你不会通知你',
      access: 'user',
      data: blockStateSchema,
      errors: [400, 404],
    }),
    doc({ method: 'delete', path: '/users/:id/block', tag: USERS, summary: '解除拉黑', description: '幂等：未拉黑时同样成功', access: 'user', data: blockStateSchema, errors: [400, 404] }),
    doc({ method: 'get', path: '/users/:id/follow-status', tag: USERS, summary: '关注状态', description: '未登录时返回 followed: false', access: 'optional-user', data: followStateSchema, errors: [401, 404] }),
    doc({ method: 'get', path: '/users/:id/following', tag: USERS, summary: '关注列表', access: 'optional-user', query: userListQuery, data: followListReply('following'), errors: [404] }),
    doc({ method: 'get', path: '/users/:id/followers', tag: USERS, summary: '粉丝列表', access: 'optional-user', query: userListQuery, data: followListReply('followers'), errors: [404] }),
    doc({ method: 'get', path: '/users/:id/mutual-follows', tag: USERS, summary: '互相关注列表', access: 'optional-user', query: userListQuery, data: followListReply('mutual'), errors: [404] }),
    doc({ method: 'get', path: '/users/:id/posts', tag: USERS, summary: '用户的笔记', description: 'is_draft=1 仅本人可用', access: 'optional-user', query: postListQuery.omit({ user_id: true }), data: postListReply, errors: [400, 401, 403, 404] }),
    doc({ method: 'get', path: '/users/:id/collections', tag: USERS, summary: '收藏的笔记', access: 'optional-user', query: userListQuery, data: collectionListReply, errors: [400, 404] }),
    doc({ method: 'get', path: '/users/:id/likes', tag: USERS, summary: '点赞的笔记', description: '仅本人可见（未登录 401，他人 403）', access: 'optional-user', query: userListQuery, data: postListReply, errors: [401, 403] }),
  ]
}

function notificationRoutes(): DocRoute[] {
  const tabs: Array<[string, string]> = [
    ['', '全部通知'],
    ['/comments', '评论和@'],
    ['/likes', '赞'],
    ['/collections', '收藏'],
    ['/follows', '新增关注'],
    ['/system', '系统通知（审核结果、举报处理结果、警告、账号限制；无发送者）'],
  ]
  return [
    ...tabs.map(([suffix, summary]) => doc({ method: 'get', path: `/notifications${suffix}`, tag: NOTIFY, summary, access: 'user', query: notificationListQuery, data: notificationListReply })),
    doc({ method: 'get', path: '/notifications/unread-count', tag: NOTIFY, summary: '未读总数', access: 'user', data: unreadCountSchema }),
    doc({ method: 'get', path: '/notifications/unread-count-by-type', tag: NOTIFY, summary: '各类未读数', access: 'user', data: unreadByTypeSchema }),
    doc({ method: 'put', path: '/notifications/read-all', tag: NOTIFY, summary: '全部标为已读', access: 'user', data: z.object({ count: z.number().int() }) }),
    doc({ method: 'put', path: '/notifications/:id/read', tag: NOTIFY, summary: '标为已读', access: 'user', data: z.object({ id: z.number().int(), is_read: z.number().int() }), errors: [404] }),
    doc({ method: 'delete', path: '/notifications/:id', tag: NOTIFY, summary: '删除通知', access: 'user', data: idParams, errors: [404] }),
    doc({ method: 'post', path: '/notifications/stream-ticket', tag: NOTIFY, summary: '实时通知连接凭证', access: 'user', data: streamTicketSchema }),
    doc({
      method: 'get',
      path: '/notifications/stream',
      tag: NOTIFY,
      summary: '实时通知（Server-Sent Events）',
      description:
        '`text/event-stream`，不是 JSON 信封。事件：`notification`（data 为通知列表中的一条，`id:` 为通知 id）与 `counts`（各类未读数）；空闲时每 25 秒一行 `: heartbeat`。' +
        '凭证：`?ticket=`（一次性，60 秒内有效）或 Authorization 请求头。断线重连时带 `Last-Event-ID` 请求头或 `?lastEventId=` 补发错过的通知。' +
        '每位用户最多 5 个连接（超出 429），每个实例有上限（超出 503）。',
      access: 'user',
      query: streamQuery,
      media: 'text/event-stream',
      errors: [429, 503],
    }),
  ]
}

/** Member and visitor routes (member-and-visitor.md §7), documented from their contract schemas. */
export function memberDocRoutes(): DocRoute[] {
  return [...accountRoutes(), ...emailDocRoutes(), ...identityDocRoutes(), ...notificationRoutes(), ...contentDocRoutes(), ...followingDocRoutes(), ...reportDocRoutes()]
}

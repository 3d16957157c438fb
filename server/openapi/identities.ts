import { z } from 'zod'
import { authSessionSchema } from '../contract/auth'
import { identityListReply, linkBody, linkStartReply, oidcExchangeBody, oidcStartQuery, providerListReply } from '../contract/identities'
import { doc, type DocRoute } from './route'

const AUTH = '用户认证'
const PAGE = '失败时回复一个说明原因的 HTML 页面（不是 JSON 信封），状态码同下。'

/** Sign-in through the operator's OpenID providers and linked identities (issue 39, docs/identity.md). */
export function identityDocRoutes(): DocRoute[] {
  return [
    doc({ method: 'get', path: '/auth/providers', tag: AUTH, summary: '统一身份认证登录方式', description: '站点配置的 OpenID Connect 身份提供方；没有配置时为空列表。登录框为每个提供方显示一个按钮。', access: 'public', data: providerListReply }),
    doc({
      method: 'get',
      path: '/auth/oidc/:provider/start',
      tag: AUTH,
      summary: '开始统一身份认证登录',
      description: '浏览器打开此地址：服务器记录 state、nonce 与 PKCE（数据库中，多实例可用），设置绑定本浏览器的 Cookie，再重定向到身份提供方。redirect 只接受站内路径，其他值回到首页（防止开放重定向）。',
      access: 'public',
      query: oidcStartQuery,
      redirect: '身份提供方的授权地址',
      errors: [404, 503],
    }),
    doc({
      method: 'get',
      path: '/auth/oidc/:provider/callback',
      tag: AUTH,
      summary: '统一身份认证回调',
      description:
        `身份提供方重定向回来的地址（在提供方登记为 redirect_uri）。校验 state（一次有效）、本浏览器的 Cookie、授权码（PKCE）与 ID Token 的 nonce，按站点规则（邮箱域名、用户组）登录或首次登录时创建账号，` +
        `然后重定向到 redirect 路径，URL 片段带一次性登录凭证（#oidc_code=…，2 分钟内有效，由应用 POST /auth/oidc/exchange 换取令牌）；关联模式回到 #oidc_linked={provider}。${PAGE}` +
        '400：state 无效、已使用或过期，不是发起登录的浏览器，授权码被拒绝（重放）；403：邮箱域名或用户组不符合站点规则、账号已被禁用；409：邮箱已属于其他账号、该身份已关联其他账号；503：身份提供方无法连接。',
      access: 'public',
      redirect: '站内路径，片段中带 oidc_code（登录）或 oidc_linked（关联）',
      errors: [400, 403, 404, 409, 503],
      errorMedia: 'text/html',
    }),
    doc({
      method: 'post',
      path: '/auth/oidc/exchange',
      tag: AUTH,
      summary: '用一次性凭证换取登录令牌',
      description: '回调 URL 片段中的 oidc_code 只能使用一次；回复与密码登录相同（tokens 与 user）。',
      access: 'public',
      body: oidcExchangeBody,
      data: authSessionSchema,
      errors: [400, 403],
    }),
    doc({ method: 'get', path: '/auth/identities', tag: AUTH, summary: '已关联的统一身份认证', description: '账号与安全：当前用户关联的身份，以及是否设置了本站密码', access: 'user', data: identityListReply }),
    doc({
      method: 'post',
      path: '/auth/identities/:provider',
      tag: AUTH,
      summary: '开始关联统一身份认证',
      description: '返回身份提供方的地址（同时设置绑定本浏览器的 Cookie），应用随后在本浏览器中打开它；完成后回到 redirect#oidc_linked={provider}。',
      access: 'user',
      body: linkBody,
      data: linkStartReply,
      errors: [404, 503],
    }),
    doc({
      method: 'delete',
      path: '/auth/identities/:provider',
      tag: AUTH,
      summary: '解除关联',
      description: '须仍有其他登录方式（本站密码或另一个关联的身份），否则 400',
      access: 'user',
      data: z.null(),
      errors: [400, 404],
    }),
  ]
}

import type Router from '@koa/router'
import type { Context } from 'koa'
import * as client from 'openid-client'
import { currentUser, requireUser } from '../../../auth/middleware'
import { openSession } from '../../../auth/sessions'
import { BINDING_COOKIE, FLOW_MESSAGES, FLOW_TTL_MS, FlowError, dropFlow, issueHandoff, safeReturnPath, spendHandoff, spendState, startFlow } from '../../../auth/oidc/flows'
import { PROVIDER_UNREACHABLE, findProvider, forgetConfiguration, providerConfiguration } from '../../../auth/oidc/providers'
import type { OidcProviderConfig } from '../../../config'
import { AUTH_MESSAGES } from '../../../contract/auth'
import { linkBody, oidcExchangeBody, oidcStartQuery, providerParams } from '../../../contract/identities'
import { User } from '../../../db/entities'
import type { AppDeps } from '../../../deps'
import { IDENTITY_MESSAGES, checkRules, linkIdentity, listIdentities, memberForIdentity, unlinkIdentity, type Claims } from '../../../domain/identities'
import { AppError, Forbidden, Invalid, NotFound } from '../../../errors'
import { presentSelf } from '../../../presenters/user'
import { memberPasswordsAllowed } from '../../../domain/site-settings'
import { ok } from '../../envelope'
import { localeOf } from '../../locale'
import { localize, type Message } from '../../../i18n/format'
import { htmlText } from '../../../i18n/html'
import { loginLimit, writeLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'

/*
 * Sign-in through the operator's OpenID providers (issue 39, docs/identity.md): the authorization code flow
 * with PKCE through openid-client. The browser goes start → provider → callback → the app, which exchanges
 * the one-time code of the URL fragment for the same token pair a password login gives.
 */
export function registerOidcRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps)
  router.get('/auth/providers', (ctx) => providers(ctx, deps))
  router.get('/auth/oidc/:provider/start', loginLimit(deps), validate({ params: providerParams, query: oidcStartQuery }), (ctx) => start(ctx, deps))
  router.get('/auth/oidc/:provider/callback', loginLimit(deps), (ctx) => callback(ctx, deps))
  router.post('/auth/oidc/exchange', loginLimit(deps), validate({ body: oidcExchangeBody }), (ctx) => exchange(ctx, deps))
  router.get('/auth/identities', auth, (ctx) => identities(ctx, deps))
  router.post('/auth/identities/:provider', auth, writeLimit(deps), validate({ params: providerParams, body: linkBody }), (ctx) => link(ctx, deps))
  router.delete('/auth/identities/:provider', auth, writeLimit(deps), validate({ params: providerParams }), (ctx) => unlink(ctx, deps))
}

const client_ = (ctx: Context) => ({ userAgent: ctx.get('user-agent'), ip: ctx.ip })

function providerOf(ctx: Context, deps: AppDeps): OidcProviderConfig {
  const p = findProvider(deps.config, String(ctx.params.provider ?? ''))
  if (!p) throw NotFound(IDENTITY_MESSAGES.unknownProvider)
  return p
}

/** The callback address registered at the provider: PUBLIC_URL's, or this request's origin. */
const redirectUri = (ctx: Context, deps: AppDeps, p: OidcProviderConfig) => `${deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`}/api/auth/oidc/${p.id}/callback`

function setBinding(ctx: Context, value: string | null): void {
  ctx.cookies.set(BINDING_COOKIE, value, {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET from another site, which must carry it.
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/api/auth/oidc',
    maxAge: value ? FLOW_TTL_MS : 0,
    overwrite: true,
  })
}

async function providers(ctx: Context, deps: AppDeps): Promise<void> {
  const locale = localeOf(ctx)
  const list = deps.config.oidc.map((p) => ({ id: p.id, name: localize(p.name, locale), buttonText: localize(p.buttonText, locale) }))
  ok(ctx, { providers: list, passwordLogin: await memberPasswordsAllowed(deps.db) })
}

async function start(ctx: Context, deps: AppDeps): Promise<void> {
  const p = providerOf(ctx, deps)
  const { redirect } = validated<{ redirect?: string }>(ctx).query
  const flow = await startFlow(deps, p, redirectUri(ctx, deps, p), { returnTo: safeReturnPath(redirect) })
  setBinding(ctx, flow.binding)
  ctx.set('Cache-Control', 'no-store')
  ctx.redirect(flow.url)
}

/** Errors of a call to the provider: its refusals are the member's 400; anything else is the provider being unreachable. */
function providerFailure(p: OidcProviderConfig, err: unknown): FlowError {
  if (err instanceof client.ResponseBodyError || err instanceof client.AuthorizationResponseError || err instanceof client.ClientError) {
    const code = (err as { error?: string; code?: string }).error ?? (err as { code?: string }).code ?? ''
    return new FlowError(400, FLOW_MESSAGES.refused, `provider refused: ${code} ${err.message}`.trim())
  }
  forgetConfiguration(p)
  return new FlowError(503, PROVIDER_UNREACHABLE, `provider unreachable: ${(err as Error)?.message}`)
}

async function callback(ctx: Context, deps: AppDeps): Promise<void> {
  let flowId: number | null = null
  let provider = String(ctx.params.provider ?? '')
  try {
    const p = providerOf(ctx, deps)
    provider = p.id
    const flow = await spendState(deps, ctx.query.state, ctx.cookies.get(BINDING_COOKIE))
    flowId = flow.id
    setBinding(ctx, null)
    if (flow.provider !== p.id) throw new FlowError(400, FLOW_MESSAGES.stale, 'state of another provider')
    if (typeof ctx.query.error === 'string') throw new FlowError(400, FLOW_MESSAGES.refused, `provider answered ${ctx.query.error}: ${String(ctx.query.error_description ?? '')}`)
    const config = await providerConfiguration(deps, p)
    const current = new URL(redirectUri(ctx, deps, p))
    current.search = ctx.querystring
    let claims: Claims
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      })
      const idClaims = tokens.claims() as Claims
      claims = { ...idClaims }
      // Providers put profile, email and group claims in the userinfo reply rather than in the ID token.
      const info = await client.fetchUserInfo(config, tokens.access_token, String(idClaims.sub)).catch((err: unknown) => {
        deps.logger.warn({ provider: p.id, reason: (err as Error).message }, 'oidc: userinfo unavailable, using the ID token alone')
        return {}
      })
      claims = { ...info, ...idClaims }
    } catch (err) {
      throw providerFailure(p, err)
    }
    checkRules(p, claims)
    if (flow.link_user_id) {
      const owner = await deps.db.getRepository(User).findOneBy({ id: flow.link_user_id })
      if (!owner?.is_active) throw new FlowError(403, AUTH_MESSAGES.accountDisabled, 'linking member deactivated')
      await linkIdentity(deps, p, claims, owner.id)
      await dropFlow(deps, flow.id)
      deps.logger.info({ provider: p.id, userId: owner.id }, 'oidc: identity linked')
      ctx.redirect(`${flow.return_to}#oidc_linked=${encodeURIComponent(p.id)}`)
      return
    }
    const user = await memberForIdentity(deps, p, claims)
    if (!user.is_active) throw new FlowError(403, AUTH_MESSAGES.accountDisabled, 'member deactivated')
    const code = await issueHandoff(deps, flow.id, user.id)
    flowId = null
    ctx.set('Cache-Control', 'no-store')
    // The fragment never reaches a server or a Referer; the app exchanges it at once (POST /auth/oidc/exchange).
    ctx.redirect(`${flow.return_to}#oidc_code=${code}`)
  } catch (err) {
    if (flowId !== null) await dropFlow(deps, flowId).catch(() => undefined)
    const failure = err instanceof FlowError ? err : err instanceof AppError ? new FlowError(err.status, err.text, err.message) : null
    if (!failure) throw err
    deps.logger.warn({ provider, status: failure.status, reason: failure.reason }, 'oidc: sign-in refused')
    refusalPage(ctx, failure)
  }
}

const REFUSAL_PAGE = { title: '无法登录 - 石榴', heading: '无法登录', back: '返回石榴' } as const

/**
 * The member reads why, on a page of its own: the callback is a browser navigation, not an API call. In the
 * request's language (Accept-Language: nobody is signed in at a callback), every text escaped.
 */
function refusalPage(ctx: Context, failure: FlowError): void {
  const locale = localeOf(ctx)
  const text = (message: string | Message) => htmlText(message, locale)
  ctx.status = failure.status
  ctx.type = 'text/html; charset=utf-8'
  ctx.set('Cache-Control', 'no-store')
  ctx.set('Content-Language', locale)
  ctx.vary('Accept-Language')
  ctx.body = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${text(REFUSAL_PAGE.title)}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">`,
    `<h1 style="font-size:1.25rem">${text(REFUSAL_PAGE.heading)}</h1><p id="reason">${text(failure.text)}</p><p><a href="/">${text(REFUSAL_PAGE.back)}</a></p></body></html>`,
  ].join('')
}

async function exchange(ctx: Context, deps: AppDeps): Promise<void> {
  const userId = await spendHandoff(deps, validated<never, { code: string }>(ctx).body.code)
  if (!userId) throw Invalid(FLOW_MESSAGES.handoffInvalid)
  const user = await deps.db.getRepository(User).findOneBy({ id: userId })
  if (!user) throw Invalid(FLOW_MESSAGES.handoffInvalid)
  if (!user.is_active) throw Forbidden(AUTH_MESSAGES.accountDisabled)
  const { tokens } = await openSession(deps.db, deps.config.jwtSecret, 'user', user.id, client_(ctx))
  ok(ctx, { tokens, user: presentSelf(user) }, '登录成功')
}

async function identities(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  const user = await deps.db.getRepository(User).findOneBy({ id: me.id })
  ctx.set('Cache-Control', 'no-store')
  const locale = localeOf(ctx)
  const identities = (await listIdentities(deps, me.id)).map((identity) => ({ ...identity, name: localize(identity.name, locale) }))
  ok(ctx, { identities, hasPassword: Boolean(user?.password_hash) })
}

/** Start linking: the flow is bound to this browser (the cookie set here); the app then opens `url`. */
async function link(ctx: Context, deps: AppDeps): Promise<void> {
  const p = providerOf(ctx, deps)
  const { redirect } = validated<never, { redirect?: string }>(ctx).body
  const flow = await startFlow(deps, p, redirectUri(ctx, deps, p), { returnTo: safeReturnPath(redirect ?? '/'), linkUserId: currentUser(ctx).id })
  setBinding(ctx, flow.binding)
  ok(ctx, { url: flow.url })
}

async function unlink(ctx: Context, deps: AppDeps): Promise<void> {
  const p = String(validated<never, never, { provider: string }>(ctx).params.provider)
  await unlinkIdentity(deps, currentUser(ctx).id, p)
  ok(ctx, null, '已解除关联')
}

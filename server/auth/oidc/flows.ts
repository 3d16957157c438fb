import { createHash, randomBytes } from 'node:crypto'
import { LessThan } from 'typeorm'
import * as client from 'openid-client'
import type { OidcProviderConfig } from '../../config'
import { SignInFlow } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import type { AppDeps } from '../../deps'
import { AppError, type ErrorText } from '../../errors'
import { providerConfiguration } from './providers'

/*
 * A sign-in through an OpenID provider, as rows of sign_in_flows (issue 39): any instance finishes what another
 * started, and nothing lives in process memory. Three single-use secrets guard it:
 *   state        names the flow at the callback; marked used at the first callback (a replay is refused)
 *   binding      a random cookie set on the browser that started it: a callback from another browser (login
 *                CSRF, a stolen callback URL) is refused; only its hash is stored
 *   handoff code given to the app in the URL fragment after the callback (never a token in a URL), exchanged
 *                once by POST within HANDOFF_TTL_MS for the usual session; only its hash is stored
 * PKCE's verifier and the nonce stay server-side in the row.
 */

export const FLOW_TTL_MS = 10 * 60_000
export const HANDOFF_TTL_MS = 2 * 60_000
export const BINDING_COOKIE = 'shiliu_oidc'

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const secret = () => randomBytes(32).toString('base64url')

/** A failure of the flow, shown to the member on a page (status, message) and logged once with its reason. */
export class FlowError extends AppError {
  constructor(
    status: number,
    message: ErrorText,
    readonly reason: string,
  ) {
    super(status, message)
  }
}

export const FLOW_MESSAGES = {
  stale: '登录请求已失效或已被使用，请返回重新登录',
  otherBrowser: '登录请求不是从此浏览器发起的，请返回重新登录',
  refused: '身份提供方未接受此次登录，请返回重新登录',
  handoffInvalid: '登录凭证无效或已过期，请重新登录',
} as const

/**
 * A return path inside this site only: one leading slash, no scheme, no `//` or `/\` (which browsers read as
 * another host), no fragment (the handoff code goes there). Anything else: the home page.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 400) return '/'
  const path = value.split('#')[0]!
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || [...path].some((c) => c <= ' ' || c === '\\')) return '/'
  return path
}

export interface StartedFlow {
  url: string
  /** The cookie value binding the flow to this browser. */
  binding: string
}

/** Record a new flow and the provider's authorization URL to send the browser to. */
export async function startFlow(deps: AppDeps, p: OidcProviderConfig, redirectUri: string, options: { returnTo: string; linkUserId?: number }): Promise<StartedFlow> {
  const config = await providerConfiguration(deps, p)
  const state = client.randomState()
  const nonce = client.randomNonce()
  const verifier = client.randomPKCECodeVerifier()
  const binding = secret()
  const now = Date.now()
  await inTransaction(deps.db, async (m) => {
    const repo = m.getRepository(SignInFlow)
    // Flows nobody finished: gone once expired (cheap, by index).
    await repo.delete({ expires_at: LessThan(new Date(now)) })
    await repo.insert({
      state,
      provider: p.id,
      nonce,
      code_verifier: verifier,
      binding_hash: sha256(binding),
      return_to: options.returnTo,
      link_user_id: options.linkUserId ?? null,
      state_used: false,
      handoff_hash: null,
      user_id: null,
      expires_at: new Date(now + FLOW_TTL_MS),
    })
  }, { changesCards: false })
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: p.scopes,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  return { url: url.href, binding }
}

/**
 * The flow a callback names, spent: unknown, expired or already used state → 400; a browser without the
 * flow's binding cookie → 400. Spending is a compare-and-set, so two callbacks with one state cannot both pass.
 */
export async function spendState(deps: AppDeps, state: unknown, binding: string | undefined): Promise<SignInFlow> {
  if (typeof state !== 'string' || !state || state.length > 64) throw new FlowError(400, FLOW_MESSAGES.stale, 'callback without a state')
  const repo = deps.db.getRepository(SignInFlow)
  const flow = await repo.findOneBy({ state })
  if (!flow || flow.state_used || flow.expires_at.getTime() < Date.now()) throw new FlowError(400, FLOW_MESSAGES.stale, flow ? 'state used or expired' : 'unknown state')
  if (!binding || sha256(binding) !== flow.binding_hash) throw new FlowError(400, FLOW_MESSAGES.otherBrowser, 'binding cookie missing or different')
  const spent = await inTransaction(deps.db, (m) => m.getRepository(SignInFlow).update({ id: flow.id, state_used: false }, { state_used: true }), { changesCards: false })
  if (!spent.affected) throw new FlowError(400, FLOW_MESSAGES.stale, 'state used concurrently')
  return flow
}

/** After a successful callback: the one-time code the app exchanges for a session of `userId`. */
export async function issueHandoff(deps: AppDeps, flowId: number, userId: number): Promise<string> {
  const code = secret()
  await inTransaction(deps.db, (m) =>
    m.getRepository(SignInFlow).update({ id: flowId }, { handoff_hash: sha256(code), user_id: userId, expires_at: new Date(Date.now() + HANDOFF_TTL_MS) }),
    { changesCards: false },
  )
  return code
}

/** Spend a handoff code: the member it signs in, or null (unknown, expired, or spent already). */
export async function spendHandoff(deps: AppDeps, code: string): Promise<number | null> {
  return inTransaction(deps.db, async (m) => {
    const repo = m.getRepository(SignInFlow)
    const flow = await repo.findOneBy({ handoff_hash: sha256(code) })
    if (!flow?.user_id) return null
    const deleted = await repo.delete({ id: flow.id, handoff_hash: flow.handoff_hash! })
    if (!deleted.affected || flow.expires_at.getTime() < Date.now()) return null
    return flow.user_id
  }, { changesCards: false })
}

/** A flow that failed after its state was spent: its row goes. */
export async function dropFlow(deps: AppDeps, flowId: number): Promise<void> {
  await inTransaction(deps.db, (m) => m.getRepository(SignInFlow).delete({ id: flowId }), { changesCards: false })
}

import { z } from 'zod'
import { UserIdentity } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import { NotFound } from '../../errors'
import { actionWith, type ResourceAction } from '../resource'
import { maskEmail } from '../../contract/email'
import { inList, toIso } from '../../db/reader'
import { query } from '../../db/sql'
import type { AppDeps } from '../../deps'
import type { Row } from '../fields'

/*
 * The members' linked identities at OpenID providers on the users resource (issue 39, docs/identity.md): each
 * row lists them, named as the operator configured the providers, with the provider's email masked like the
 * bound email. One query for a page of users. POST /admin/users/{id}/unlink-identities removes the member's
 * links (one provider, or all): for an identity the school reassigned or one used by someone else (audited).
 */

export const identitiesExpansion = {
  identities: z
    .array(
      z.object({
        provider: z.string(),
        name: z.string(),
        email: z.string().nullable().describe('身份提供方提供的邮箱（脱敏）'),
        linked_at: z.string(),
        last_login_at: z.string().nullable(),
      }),
    )
    .describe('关联的统一身份认证（OpenID Connect）'),
}

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : toIso(value))

export async function loadIdentities(deps: AppDeps, rows: Row[]): Promise<void> {
  if (!rows.length) return
  const list = inList(rows.map((r) => Number(r.id)))
  const found = await query<{ user_id: number; provider: string; email: string | null; created_at: unknown; last_login_at: unknown }>(
    deps.db,
    `SELECT user_id, provider, email, created_at, last_login_at FROM user_identities WHERE user_id IN ${list.sql} ORDER BY id`,
    list.params,
  )
  const byUser = new Map<number, Row[]>()
  for (const r of found) {
    const entry = {
      provider: r.provider,
      name: deps.config.oidc.find((p) => p.id === r.provider)?.name ?? r.provider,
      email: maskEmail(r.email),
      linked_at: iso(r.created_at),
      last_login_at: iso(r.last_login_at),
    }
    byUser.set(Number(r.user_id), [...(byUser.get(Number(r.user_id)) ?? []), entry])
  }
  for (const row of rows) row.identities = byUser.get(Number(row.id)) ?? []
}

export const IDENTITY_ADMIN_MESSAGES = { unlinked: '已解除统一身份认证关联', none: '该用户没有关联统一身份认证' } as const

export const identityActions: ResourceAction[] = [
  actionWith({
    method: 'post',
    path: '/unlink-identities',
    summary: '解除用户的统一身份认证关联（provider 为空时解除全部）',
    action: 'unlink_identities',
    body: z.object({ provider: z.string().max(32).optional().describe('登录方式标识；不填则解除该用户的全部关联') }),
    message: IDENTITY_ADMIN_MESSAGES.unlinked,
    run: async ({ deps }, id, input) => {
      const removed = await inTransaction(deps.db, async (m) => {
        const repo = m.getRepository(UserIdentity)
        const rows = await repo.findBy(input.provider ? { user_id: id, provider: input.provider } : { user_id: id })
        if (rows.length) await repo.delete(rows.map((r) => r.id))
        return rows.map((r) => r.provider)
      }, { changesCards: false })
      if (!removed.length) throw NotFound(IDENTITY_ADMIN_MESSAGES.none)
      return { detail: { providers: removed } }
    },
  }),
]

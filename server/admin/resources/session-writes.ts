import { In } from 'typeorm'
import { announceSessionsEnded } from '../../auth/sessions'
import { REFRESH_TOKEN_TTL_SECONDS } from '../../auth/tokens'
import { sessionUpdateBody } from '../../contract/admin/people'
import { AdminSession, UserSession } from '../../db/entities'
import { inTransaction, type JobOptions } from '../../db/transaction'
import { updateWith, type AdminResource } from '../resource'

/**
 * Update and delete of a sessions table, members' (会话管理) and administrators' (管理员会话) alike: the same
 * fields and one rule — reactivating an expired session would do nothing, so it gets a fresh lifetime.
 * `options`: administrators' sessions change no card (changesCards false).
 */
export function sessionWrites(entity: typeof UserSession | typeof AdminSession, options: JobOptions = {}): Pick<AdminResource, 'update' | 'remove'> {
  const repository = (m: Parameters<Parameters<typeof inTransaction>[1]>[0]) => m.getRepository<UserSession | AdminSession>(entity)
  const principal = entity === AdminSession ? 'admin' : 'user'
  return {
    update: updateWith(sessionUpdateBody, async ({ deps }, id, input) => {
      const patch: Partial<Pick<UserSession, 'user_agent' | 'is_active' | 'expires_at'>> = {}
      if (input.user_agent !== undefined) patch.user_agent = input.user_agent
      if (input.is_active !== undefined) patch.is_active = input.is_active
      if (input.expires_at !== undefined) patch.expires_at = new Date(input.expires_at)
      if (input.is_active === true && input.expires_at === undefined) {
        const current = await repository(deps.db.manager).findOneByOrFail({ id })
        if (current.expires_at.getTime() < Date.now()) patch.expires_at = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000)
      }
      if (!Object.keys(patch).length) return
      await inTransaction(deps.db, async (m) => {
        await repository(m).update({ id }, patch)
        // Deactivated or given an end: its open streams close (if it is no longer in force).
        if (patch.is_active === false || patch.expires_at) announceSessionsEnded(m, principal, { sessionIds: [id] })
      }, options)
    }),
    async remove({ deps }, ids) {
      await inTransaction(deps.db, async (m) => {
        await repository(m).delete({ id: In(ids) })
        announceSessionsEnded(m, principal, { sessionIds: ids })
      }, options)
    },
  }
}

import { useCallback, useEffect, useState } from 'react'
import type { IdentityListReply } from '../../../../server/contract/identities'
import { ApiError } from '../../../common/api/errors'
import { confirmDialog } from '../../../common/components/confirm'
import { toast } from '../../../common/components/toast'
import { listIdentities, startLinking, unlinkIdentity } from '../../api/identities'
import { useProviders } from './ProviderButtons'

const failed = (err: unknown) => toast.error(err instanceof ApiError ? err.message : '操作失败，请稍后重试')

/** 账号与安全 → 统一身份认证: link the campus identity, or unlink it while another way to sign in remains. */
export function IdentitiesPanel() {
  const providers = useProviders()
  const [state, setState] = useState<IdentityListReply | null>(null)
  const load = useCallback(() => {
    listIdentities().then(setState, failed)
  }, [])
  useEffect(load, [load])
  if (!providers.length) return null

  const link = async (provider: string) => {
    try {
      window.location.assign(await startLinking(provider, `${window.location.pathname}${window.location.search}`))
    } catch (err) {
      failed(err)
    }
  }

  const unlink = async (provider: string, name: string) => {
    if (!(await confirmDialog({ title: '解除关联', message: `解除后将不能再用「${name}」登录此账号，确定吗？`, confirmText: '解除' }))) return
    try {
      await unlinkIdentity(provider)
      toast.success('已解除关联')
      load()
    } catch (err) {
      failed(err)
    }
  }

  return (
    <section className="acc-section" aria-label="统一身份认证">
      <h3>统一身份认证</h3>
      {state === null ? (
        <p className="acc-muted">加载中...</p>
      ) : (
        <ul className="acc-session-list">
          {providers.map((p) => {
            const linked = state.identities.find((i) => i.provider === p.id)
            return (
              <li key={p.id} data-testid={`identity-${p.id}`}>
                <div>
                  <b>{p.name}</b>
                  <small>{linked ? `已关联${linked.email ? ` · ${linked.email}` : ''}` : '未关联'}</small>
                </div>
                {linked ? (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void unlink(p.id, p.name)}>
                    解除关联
                  </button>
                ) : (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void link(p.id)}>
                    关联
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

import { useEffect } from 'react'
import { ApiError } from '../../../common/api/errors'
import { toast } from '../../../common/components/toast'
import { exchangeSignInCode } from '../../api/identities'
import type { UserInfo } from '../../api/types'

/**
 * Back from a provider (issue 39): the fragment carries `oidc_code` (sign-in: exchanged once for the session)
 * or `oidc_linked` (linking done). The fragment is removed from the address bar first, so a reload or a shared
 * link does not carry the code.
 */
export function useSignInReturn(signedIn: (user: UserInfo) => void): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.slice(1))
    const code = params.get('oidc_code')
    const linked = params.get('oidc_linked')
    if (!code && !linked) return
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
    if (linked) {
      toast.success('已关联统一身份认证')
      return
    }
    exchangeSignInCode(code!).then(
      (user) => {
        toast.success('登录成功')
        signedIn(user)
      },
      (err: unknown) => toast.error(err instanceof ApiError ? err.message : '登录失败，请重试'),
    )
  }, [signedIn])
}

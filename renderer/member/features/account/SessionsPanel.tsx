import { useCallback, useEffect, useState } from 'react'
import type { SessionInfo } from '../../../../server/contract/auth'
import { ApiError } from '../../../common/api/errors'
import { confirmDialog } from '../../../common/components/confirm'
import { toast } from '../../../common/components/toast'
import { formatTime } from '../../../common/utils/format'
import { endOtherSessions, endSession, listSessions } from '../../api/auth'

const failed = (err: unknown) => toast.error(err instanceof ApiError ? err.message : '操作失败，请稍后重试')

/** 登录设备: the member's signed-in sessions; end one, or all but this one. */
export function SessionsPanel() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null)
  const load = useCallback(() => {
    listSessions().then(setSessions, (err: unknown) => {
      setSessions([])
      failed(err)
    })
  }, [])
  useEffect(load, [load])

  const endOne = async (s: SessionInfo) => {
    if (!(await confirmDialog({ title: '退出设备', message: `确定让「${s.device}」退出登录吗？`, confirmText: '退出' }))) return
    try {
      await endSession(s.handle)
      toast.success('已退出该设备')
      load()
    } catch (err) {
      failed(err)
    }
  }

  const endOthers = async () => {
    if (!(await confirmDialog({ title: '退出其他设备', message: '除本机外的所有设备都将退出登录，确定吗？', confirmText: '全部退出' }))) return
    try {
      const ended = await endOtherSessions()
      toast.success(`已退出 ${ended} 个设备`)
      load()
    } catch (err) {
      failed(err)
    }
  }

  const others = sessions?.filter((s) => !s.current).length ?? 0
  return (
    <section className="acc-section" aria-label="登录设备">
      <h3>登录设备</h3>
      {sessions === null ? (
        <p className="acc-muted">加载中...</p>
      ) : (
        <ul className="acc-session-list">
          {sessions.map((s) => (
            <li key={s.handle} data-testid="session-row">
              <div>
                <b>{s.device}</b>
                {s.current && <span className="acc-current">本机</span>}
                <small>
                  {s.ip || '未知地址'} · 最近活动 {formatTime(s.last_activity)}
                </small>
              </div>
              {!s.current && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => void endOne(s)}>
                  退出
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void endOthers()}>
          退出其他所有设备
        </button>
      )}
    </section>
  )
}

import { useCallback, useEffect, useState } from 'react'
import type { DataExportReply } from '../../../../server/contract/data-export'
import { apiBase } from '../../../common/api/env'
import { ApiError } from '../../../common/api/errors'
import { toast } from '../../../common/components/toast'
import { formatTime } from '../../../common/utils/format'
import { api, memberTokens } from '../../api/client'

const failed = (err: unknown) => toast.error(err instanceof ApiError ? err.message : '操作失败，请稍后重试')

/** Save a zip the server sends only with the member's token (a plain link cannot carry it). */
async function saveZip(url: string): Promise<void> {
  const res = await fetch(`${apiBase()}${url}`, { headers: { Authorization: `Bearer ${memberTokens.getAccess() ?? ''}` } })
  if (!res.ok) throw new ApiError(res.status === 404 ? '导出文件不存在或已过期' : '下载失败，请稍后重试', res.status, res.status)
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'shiliu-data.zip'
  const href = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = href
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

/** 导出我的数据: ask for a zip of everything of the member's (built in the background, once a day), then download it within 24 hours. */
export function DataExportPanel() {
  const [current, setCurrent] = useState<DataExportReply | null | undefined>(undefined)
  const load = useCallback(() => {
    api.get<DataExportReply | null>('/users/data-export').then(setCurrent, (err: unknown) => {
      setCurrent(null)
      failed(err)
    })
  }, [])
  useEffect(load, [load])
  // While it is being built, look again every few seconds (a system notification also says when it is ready).
  useEffect(() => {
    if (current?.status !== 'pending') return
    const timer = setTimeout(load, 3000)
    return () => clearTimeout(timer)
  }, [current, load])

  const ask = async () => {
    try {
      setCurrent(await api.post<DataExportReply>('/users/data-export'))
      toast.success('已开始导出，完成后会通知你')
    } catch (err) {
      failed(err)
    }
  }

  const status =
    current === undefined
      ? '加载中...'
      : current === null
        ? '导出你的笔记（含图片和视频）、评论、点赞、收藏、关注、个人资料与认证状态，生成 zip 文件，每天可导出一次。'
        : current.status === 'pending'
          ? `正在生成（${formatTime(current.created_at)} 申请）...`
          : current.status === 'ready'
            ? `已生成，可下载至 ${formatTime(current.expires_at!)}`
            : current.status === 'failed'
              ? '上次导出失败，请重新导出'
              : '上次的导出文件已过期'
  return (
    <section className="acc-section" aria-label="导出我的数据">
      <h3>导出我的数据</h3>
      <p className="acc-muted">{status}</p>
      {current?.status === 'ready' && current.download_url ? (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void saveZip(current.download_url!).catch(failed)}>
          下载数据
        </button>
      ) : (
        <button type="button" className="btn btn-ghost btn-sm" disabled={current === undefined || current?.status === 'pending'} onClick={() => void ask()}>
          导出我的数据
        </button>
      )}
    </section>
  )
}

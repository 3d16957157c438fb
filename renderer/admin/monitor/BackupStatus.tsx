import { useQuery } from '@tanstack/react-query'
import type { BackupHealth } from '../../../server/contract/backup'
import { formatBytes } from '../../common/utils/format'
import { adminApi } from '../api/http'
import { relativeTime } from './relativeTime'

/*
 * The scheduled backups at a glance (issue 21 point 4): when the installation's last backup ran, how it went
 * and its size, as GET /api/health reports them. Why a backup failed is in the server's log.
 */

export interface BackupSummary {
  text: string
  tone: 'ok' | 'failed' | 'off'
}

export function backupSummary(backup: BackupHealth, now: number = Date.now()): BackupSummary {
  const { last, scheduled } = backup
  if (!last) return { text: scheduled ? '定时备份已开启，第一次备份尚未完成' : '定时备份未开启（在服务器上设置 BACKUP_DIR 即可开启）', tone: 'off' }
  const when = `${new Date(last.at).toLocaleString('zh-CN')}（${relativeTime(last.at, now)}）`
  if (last.result === 'failed') return { text: `最近一次备份失败：${when}，原因见服务器日志`, tone: 'failed' }
  return { text: `最近一次备份成功：${when}，大小 ${formatBytes(last.bytes)}`, tone: 'ok' }
}

export function BackupStatusView({ backup, failed }: { backup: BackupHealth | undefined; failed: boolean }) {
  const summary = backup ? backupSummary(backup) : { text: failed ? '备份状态获取失败' : '备份状态加载中...', tone: 'off' as const }
  return (
    <div className={`backup-status backup-${summary.tone}`} role="status" aria-label="备份状态">
      <span className="backup-label">数据备份</span>
      <span>{summary.text}</span>
    </div>
  )
}

export function BackupStatus() {
  const query = useQuery({
    queryKey: ['health-backup'],
    queryFn: () => adminApi.get<{ backup: BackupHealth }>('/health'),
    refetchInterval: 60_000,
  })
  return <BackupStatusView backup={query.data?.backup} failed={query.isError} />
}

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { backupSummary, BackupStatusView } from '../../../renderer/admin/monitor/BackupStatus'

afterEach(cleanup)

const now = Date.parse('2026-11-26T12:00:00Z')

describe('the back-office backup status (GET /api/health backup)', () => {
  it('says when the last backup ran, how it went and its size', () => {
    const ok = backupSummary({ scheduled: true, last: { at: '2026-11-26T09:00:00.000Z', result: 'ok', bytes: 5 * 1024 * 1024, seconds: 2 } }, now)
    expect(ok.tone).toBe('ok')
    expect(ok.text).toMatch(/^最近一次备份成功：.*（3小时前），大小 5\.0MB$/)
    const failed = backupSummary({ scheduled: true, last: { at: '2026-11-26T11:59:30.000Z', result: 'failed', bytes: 0, seconds: 1 } }, now)
    expect(failed).toMatchObject({ tone: 'failed' })
    expect(failed.text).toMatch(/^最近一次备份失败：.*（刚刚），原因见服务器日志$/)
  })
  it('tells apart "not set up" and "set up, nothing yet"', () => {
    expect(backupSummary({ scheduled: false, last: null }, now).text).toBe('定时备份未开启（在服务器上设置 BACKUP_DIR 即可开启）')
    expect(backupSummary({ scheduled: true, last: null }, now).text).toBe('定时备份已开启，第一次备份尚未完成')
  })
  it('renders as a status, with a message while loading and when health cannot be read', () => {
    const { rerender } = render(<BackupStatusView backup={undefined} failed={false} />)
    expect(screen.getByRole('status', { name: '备份状态' }).textContent).toBe('数据备份备份状态加载中...')
    rerender(<BackupStatusView backup={undefined} failed />)
    expect(screen.getByRole('status').textContent).toContain('备份状态获取失败')
    rerender(<BackupStatusView backup={{ scheduled: true, last: { at: '2026-11-26T09:00:00.000Z', result: 'failed', bytes: 0, seconds: 1 } }} failed={false} />)
    expect(screen.getByRole('status').className).toContain('backup-failed')
  })
})

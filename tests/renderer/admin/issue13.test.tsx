// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../renderer/common/api/errors'
import { PLACEHOLDER_IMAGE } from '../../../renderer/common/components/Img'
import { errorMessage } from '../../../renderer/admin/api/http'
import { failureMessage } from '../../../renderer/admin/monitor/MonitorPage'
import { auditDeleteConfirm } from '../../../renderer/admin/resources/audit'
import { commentDeleteConfirm } from '../../../renderer/admin/resources/comments'
import { posts } from '../../../renderer/admin/resources/posts'
import { users } from '../../../renderer/admin/resources/users'
import { Thumb } from '../../../renderer/admin/table/cells/MediaCell'
import { followLabel } from '../../../renderer/admin/table/cells/memberSession'
import { noteImage } from '../../../renderer/admin/table/cells/UserHoverCard'
import { FilterBar, filterProblem } from '../../../renderer/admin/table/FilterBar'
import { deleteConfirmText, loadFailureText, toggleConfirmText, worthRetrying } from '../../../renderer/admin/table/messages'
import { IMAGE_TIMEOUT_MS, checkImageUrl } from '../../../renderer/admin/table/uploads'
import type { AdminApi } from '../../../renderer/admin/api/http'
import type { PostCard } from '../../../server/contract/posts'
import { normalizeUploadUrl } from '../../../server/contract/media'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('confirmations name the record', () => {
  it('ban and delete say which user', () => {
    const row = { id: 7, user_id: 'su_nian', nickname: '苏念' }
    expect(toggleConfirmText(users, row, '封禁用户')).toBe('确定要封禁用户「苏念」吗？')
    expect(deleteConfirmText(users, row)).toBe('确定要删除用户「苏念」吗？此操作不可撤销')
    expect(deleteConfirmText(users, { id: 9 })).toBe('确定要删除用户「#9」吗？此操作不可撤销')
  })
  it('a comment warns that its replies go too', () => {
    expect(commentDeleteConfirm({ id: 1, content: '<p>每一条都说到心坎里</p>', reply_count: 4 })).toBe('确定要删除评论「每一条都说到心坎里」吗？它的 4 条回复也会一并删除，此操作不可撤销')
  })
  it('an approved verification warns that the badge goes; a pending one does not', () => {
    expect(auditDeleteConfirm({ nickname: '苏念', status: 1, type: 2 })).toContain('删除后「苏念」的个人认证标识也会随之取消')
    expect(auditDeleteConfirm({ nickname: '苏念', status: 0, type: 2 })).toBe('确定要删除用户「苏念」的认证申请吗？此操作不可撤销')
  })
})

describe('id filters', () => {
  const filters = [{ key: 'post_id', label: '笔记ID', type: 'id' as const }]
  it('refuse text with the server rule and message (contract intFilter)', () => {
    expect(filterProblem(filters, { post_id: 'abc' })).toBe('笔记ID：筛选值必须是整数')
    expect(filterProblem(filters, { post_id: '1.5' })).toBe('笔记ID：筛选值必须是整数')
    expect(filterProblem(filters, { post_id: ' 12 ' })).toBeNull()
    expect(filterProblem(filters, {})).toBeNull()
  })
  it('the bar shows the message and sends nothing', () => {
    const onApply = vi.fn()
    render(<FilterBar filters={filters} applied={{}} onApply={onApply} onClear={() => undefined} />)
    fireEvent.change(screen.getByRole('textbox', { name: '笔记ID' }), { target: { value: 'abc' } })
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: '筛选' }))
    expect(screen.getByRole('alert').textContent).toBe('笔记ID：筛选值必须是整数')
    expect(onApply).not.toHaveBeenCalled()
  })
  it('the notes table has an id filter', () => {
    expect(posts.filters.find((f) => f.key === 'id')).toMatchObject({ label: '笔记ID', type: 'id' })
  })
})

describe('pasted image URLs follow the server rule', () => {
  it('accepts our uploads only, as the server normalises them', () => {
    expect(checkImageUrl('/uploads/2026/11/a.webp')).toEqual({ url: '/uploads/2026/11/a.webp' })
    expect(checkImageUrl('http://127.0.0.1:3000/uploads/2026/11/a.webp?x=1')).toEqual({ url: '/uploads/2026/11/a.webp' })
    for (const bad of ['https://example.com/a.jpg', '/uploads/../etc/passwd', 'javascript:alert(1)', '/static/a.png', 'uploads/a.webp']) {
      expect(checkImageUrl(bad)).toEqual({ problem: '图片地址无效，请重新上传' })
    }
  })
  it('is the very function the server uses (server/media/storage re-exports it)', () => {
    for (const url of ['/uploads/a.webp', 'https://x.y/uploads/b/c.png', '/uploads/../x']) expect(checkImageUrl(url)).toEqual(normalizeUploadUrl(url) ? { url: normalizeUploadUrl(url) } : { problem: '图片地址无效，请重新上传' })
  })
})

describe('note thumbnails', () => {
  it('show the placeholder when the image fails', () => {
    const { container } = render(<Thumb src="/uploads/missing.webp" />)
    const img = container.querySelector('img')!
    fireEvent.error(img)
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE)
  })
  it('show the placeholder when the image does not load in time', () => {
    vi.useFakeTimers()
    const { container } = render(<Thumb src="/uploads/slow.webp" />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('src')).toContain('/uploads/slow.webp')
    act(() => vi.advanceTimersByTime(IMAGE_TIMEOUT_MS + 1))
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE)
  })
})

describe('failure messages', () => {
  it('5xx: the server message, not 服务器内部错误', () => {
    const err = new ApiError('服务器内部错误', 503, 503, null, '数据库正在维护')
    expect(errorMessage(err)).toBe('数据库正在维护')
    expect(failureMessage(err)).toBe('数据库正在维护')
    expect(failureMessage(new ApiError('网络连接失败，请检查网络设置', 0, 0))).toBe('网络错误，请稍后重试')
    expect(loadFailureText(new ApiError('筛选值必须是整数', 400, 400))).toBe('加载失败：筛选值必须是整数')
  })
  it('asks again once after a network or server failure, never after a 4xx', () => {
    expect(worthRetrying(0, new ApiError('x', 500, 500))).toBe(true)
    expect(worthRetrying(0, new ApiError('x', 0, 0))).toBe(true)
    expect(worthRetrying(1, new ApiError('x', 0, 0))).toBe(false)
    expect(worthRetrying(0, new ApiError('x', 400, 400))).toBe(false)
  })
  it('a video note that cannot be loaded for editing says 获取视频信息失败; a failed note submit says 提交失败', async () => {
    const api = { get: () => Promise.reject(new ApiError('笔记不存在', 404, 404)) } as unknown as AdminApi
    await expect(posts.loadForEdit!({ id: 3, type: 2 }, api)).rejects.toThrow('获取视频信息失败: 笔记不存在')
    await expect(posts.loadForEdit!({ id: 3, type: 1 }, api)).rejects.toThrow('获取笔记图片失败: 笔记不存在')
    expect(posts.saveFailure).toBe('提交失败')
  })
})

describe('user hover card', () => {
  it('labels the follow state as the spec does', () => {
    expect(followLabel({ followed: false, isMutual: false, buttonType: 'back' })).toBe('回关')
    expect(followLabel({ followed: true, isMutual: true, buttonType: 'mutual' })).toBe('互相关注')
    expect(followLabel({ followed: true, isMutual: false, buttonType: 'unfollow' })).toBe('已关注')
    expect(followLabel({ followed: false, isMutual: false, buttonType: 'follow' })).toBe('关注')
    expect(followLabel({ followed: false, isMutual: false, buttonType: 'normal' })).toBeNull()
  })
  it('shows a note by its thumbnail, else its first image (a video note: the cover)', () => {
    const card = { thumbnail: null, image: null, images: ['/uploads/cover.webp'] } as unknown as PostCard
    expect(noteImage(card)).toBe('/uploads/cover.webp')
    expect(noteImage({ ...card, thumbnail: '/uploads/t.webp' })).toBe('/uploads/t.webp')
  })
})

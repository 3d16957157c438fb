// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, ERROR_MESSAGES, isMissing } from '../../renderer/common/api/errors'
import { VerifiedBadge } from '../../renderer/common/components/VerifiedBadge'
import { FeedList } from '../../renderer/member/features/feed/FeedList'

afterEach(cleanup)

const noop = () => undefined
const base = { posts: [], isLoading: false, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: noop }

describe('FeedList after a failed load (issue 13)', () => {
  it('shows the failure and 重试 instead of the empty text', () => {
    const onRetry = vi.fn()
    render(<FeedList {...base} emptyText="暂无内容" error={new ApiError(ERROR_MESSAGES.server, 500, 500)} onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain(ERROR_MESSAGES.server)
    expect(screen.queryByText('暂无内容')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('without an error an empty list still says so', () => {
    render(<FeedList {...base} emptyText="暂无内容" />)
    expect(screen.getByText('暂无内容')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('isMissing', () => {
  it('separates a missing record from a failure a retry may fix', () => {
    expect(isMissing(new ApiError('x', 404, 404))).toBe(true)
    expect(isMissing(new ApiError('x', 403, 403))).toBe(true)
    expect(isMissing(new ApiError('x', 500, 500))).toBe(false)
    expect(isMissing(new ApiError('x', 0, 0))).toBe(false)
    expect(isMissing(new Error('x'))).toBe(false)
  })
})

describe('VerifiedBadge', () => {
  it('names the level and shows nothing for 0', () => {
    const { rerender } = render(<VerifiedBadge level={1} />)
    expect(screen.getByRole('img', { name: '官方认证' })).toBeTruthy()
    rerender(<VerifiedBadge level={2} />)
    expect(screen.getByRole('img', { name: '个人认证' })).toBeTruthy()
    rerender(<VerifiedBadge level={0} />)
    expect(screen.queryByRole('img')).toBeNull()
  })
})

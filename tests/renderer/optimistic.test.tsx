// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://127.0.0.1:9/"}
// (port 9 refuses connections: the failed requests, logged by happy-dom, are what the rollback tests need)
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { PostPage } from '../../renderer/member/api/types'
import { findPost, INTERACTION_EVENT, patchPost, postKeys } from '../../renderer/member/features/interactions/postCache'
import { useToggleCollect, useToggleLike } from '../../renderer/member/features/interactions/usePostToggles'
import { SessionContext, type Session } from '../../renderer/member/session/SessionContext'
import { clickFollows, FOLLOW_LABEL, isAlreadyDone, nextFollowState } from '../../renderer/member/features/interactions/followState'
import { postCard, selfUser } from './support/fixtures'

const post = (id: number, liked = false, like_count = 5) => postCard({ id, title: `note ${id}`, liked, like_count, collected: false, collect_count: 2 })

function seed(qc: QueryClient) {
  const feed: InfiniteData<PostPage> = {
    pages: [{ posts: [post(1), post(2)], pagination: { page: 1, limit: 20, total: 3, pages: 2 } }, { posts: [post(3)], pagination: { page: 2, limit: 20, total: 3, pages: 2 } }],
    pageParams: [1, 2],
  }
  qc.setQueryData(postKeys.feed('recommend', null), feed)
  qc.setQueryData(postKeys.detail(2), post(2))
  return feed
}

function session(loggedIn: boolean, openAuth = vi.fn()): Session {
  const user = loggedIn ? selfUser() : null
  return { user, authMode: null, openAuth, closeAuth: vi.fn(), signedIn: vi.fn(), updateUser: vi.fn(), logout: vi.fn(async () => {}), requireLogin: () => (user ? true : (openAuth('login'), false)) }
}

function wrapper(qc: QueryClient, s: Session) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <SessionContext.Provider value={s}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  )
}

describe('patchPost', () => {
  it('changes the note in every cache and leaves other note objects untouched (memoised cards stay)', () => {
    const qc = new QueryClient()
    const before = seed(qc)
    patchPost(qc, 2, (p) => ({ liked: true, like_count: p.like_count + 1 }))
    const after = qc.getQueryData<InfiniteData<PostPage>>(postKeys.feed('recommend', null))!
    expect(after.pages[0]!.posts[1]).toMatchObject({ id: 2, liked: true, like_count: 6 })
    expect(after.pages[0]!.posts[0]).toBe(before.pages[0]!.posts[0])
    expect(after.pages[1]).toBe(before.pages[1])
    expect(findPost(qc, 2)).toMatchObject({ liked: true, like_count: 6 })
  })
})

describe('optimistic like/collect with rollback', () => {
  it('flips at once and reverts when the request fails', async () => {
    const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    seed(qc)
    localStorage.setItem('token', 'x')
    const events: string[] = []
    window.addEventListener(INTERACTION_EVENT, (e) => events.push((e as CustomEvent<{ kind: string }>).detail.kind))
    const { result } = renderHook(() => useToggleLike(), { wrapper: wrapper(qc, session(true)) })
    act(() => result.current(1, false))
    await waitFor(() => expect(findPost(qc, 1)).toMatchObject({ liked: true, like_count: 6 }))
    // 127.0.0.1:9 refuses connections: the request fails and the optimistic change is rolled back
    await waitFor(() => expect(findPost(qc, 1)).toMatchObject({ liked: false, like_count: 5 }), { timeout: 10_000 })
    expect(events).toEqual(['liked'])
  })

  it('rolls back a collect on the detail cache too', async () => {
    const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    seed(qc)
    const { result } = renderHook(() => useToggleCollect(), { wrapper: wrapper(qc, session(true)) })
    act(() => result.current(2, false))
    await waitFor(() => expect(qc.getQueryData(postKeys.detail(2))).toMatchObject({ collected: true, collect_count: 3 }))
    await waitFor(() => expect(qc.getQueryData(postKeys.detail(2))).toMatchObject({ collected: false, collect_count: 2 }), { timeout: 10_000 })
  })

  it('asks a visitor to log in instead of changing anything', () => {
    const qc = new QueryClient()
    seed(qc)
    const openAuth = vi.fn()
    const { result } = renderHook(() => useToggleLike(), { wrapper: wrapper(qc, session(false, openAuth)) })
    act(() => result.current(1, false))
    expect(openAuth).toHaveBeenCalledWith('login')
    expect(findPost(qc, 1)).toMatchObject({ liked: false, like_count: 5 })
  })
})

describe('follow button states', () => {
  it('follows the transitions of spec §4', () => {
    expect(nextFollowState({ followed: false, isMutual: false, buttonType: 'follow' }).buttonType).toBe('unfollow')
    expect(nextFollowState({ followed: false, isMutual: false, buttonType: 'back' }).buttonType).toBe('mutual')
    expect(nextFollowState({ followed: true, isMutual: true, buttonType: 'mutual' }).buttonType).toBe('back')
    expect(nextFollowState({ followed: true, isMutual: false, buttonType: 'unfollow' }).buttonType).toBe('follow')
  })
  it('sends follow for follow/back and unfollow otherwise; labels', () => {
    expect(clickFollows({ followed: false, isMutual: false, buttonType: 'back' })).toBe(true)
    expect(clickFollows({ followed: true, isMutual: true, buttonType: 'mutual' })).toBe(false)
    expect(FOLLOW_LABEL).toEqual({ follow: '关注', back: '回关', unfollow: '已关注', mutual: '互相关注', normal: '' })
    expect(nextFollowState({ followed: false, isMutual: false, buttonType: 'normal' }).buttonType).toBe('normal')
  })
  it('treats already-followed replies as success', () => {
    expect(isAlreadyDone('已经关注过了')).toBe(true)
    expect(isAlreadyDone('服务器内部错误')).toBe(false)
  })
})

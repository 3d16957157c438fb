// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://127.0.0.1:9/"}
// (port 9 refuses connections: the failed request is what the rollback test needs)
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { PostPage } from '../../renderer/member/api/types'
import { useNotInterested } from '../../renderer/member/features/feed/useNotInterested'
import { postKeys, removePost } from '../../renderer/member/features/interactions/postCache'
import { postCard } from './support/fixtures'

/** 不感兴趣 on a 推荐 card (renderer/member/features/feed/useNotInterested.ts): gone at once, back where it was on failure. */

const key = postKeys.feed('recommend:personal', null)
const post = (id: number) => postCard({ id, title: `note ${id}`, recommend_reason: { type: 'tag', text: '因为你喜欢 #摄影' } })

function seed(qc: QueryClient): void {
  const feed: InfiniteData<PostPage> = {
    pages: [{ posts: [post(1), post(2), post(3)], pagination: { page: 1, limit: 3, total: 4, pages: 2 } }, { posts: [post(4)], pagination: { page: 2, limit: 3, total: 4, pages: 2 } }],
    pageParams: [1, 2],
  }
  qc.setQueryData(key, feed)
}

const ids = (qc: QueryClient) => qc.getQueryData<InfiniteData<PostPage>>(key)!.pages.map((p) => p.posts.map((x) => x.id))

describe('不感兴趣', () => {
  it('removePost takes the note out of every cached list and puts it back where it was, keeping later changes', () => {
    const qc = new QueryClient()
    seed(qc)
    const restore = removePost(qc, 2)
    expect(ids(qc)).toEqual([[1, 3], [4]])
    // A change meanwhile (another card removed) survives the restore.
    removePost(qc, 4)
    restore()
    expect(ids(qc)).toEqual([[1, 2, 3], []])
  })

  it('hides the card at once and brings it back when the request fails', async () => {
    const qc = new QueryClient()
    seed(qc)
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    const { result } = renderHook(() => useNotInterested(), { wrapper })
    act(() => result.current(post(3)))
    expect(ids(qc)).toEqual([[1, 2], [4]])
    // 127.0.0.1:9 refuses connections: the request fails and the card returns to its place.
    await waitFor(() => expect(ids(qc)).toEqual([[1, 2, 3], [4]]), { timeout: 10_000 })
  })
})

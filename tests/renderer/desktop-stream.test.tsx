// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://127.0.0.1:9/"}
/**
 * The desktop app raises its OS notifications from the stream, not the poll (issue 21 part 3): the member
 * app's stream (`counts` events) feeds the unread counts that DesktopConnector reports over the bridge, whose
 * main-process side (electron/main/unread.ts, tested in tests/electron/desktop-basics.test.ts) badges and
 * notifies when the total grows. The network edge is faked here (fetch, EventSource): a browser has the real
 * ones, and the server side of the stream is tested over HTTP in tests/server/member/stream.test.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DesktopConnector } from '../../renderer/common/desktop/DesktopConnector'
import { NotificationStream } from '../../renderer/member/features/notifications/useNotificationStream'
import { useUnreadCounts } from '../../renderer/member/features/notifications/useUnreadCounts'
import { SessionContext, type Session } from '../../renderer/member/session/SessionContext'
import { selfUser } from './support/fixtures'

class FakeEventSource {
  static all: FakeEventSource[] = []
  readonly listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>()
  onerror: (() => void) | null = null
  closed = false
  constructor(readonly url: string) {
    FakeEventSource.all.push(this)
  }
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn])
  }
  close(): void {
    this.closed = true
  }
  emit(name: string, data: unknown, id: string): void {
    for (const fn of this.listeners.get(name) ?? []) fn(new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id }))
  }
}

const ZERO = { total: 0, comments: 0, likes: 0, collections: 0, follows: 0, system: 0 }
const counts = (likes: number, comments: number) => ({ ...ZERO, likes, comments, total: likes + comments })

let calls: string[] = []
let tickets = 0

function reply(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, success: true, message: '', data }), { status: 200, headers: { 'Content-Type': 'application/json' } })
}

function Desktop() {
  return <DesktopConnector unread={useUnreadCounts()} />
}

function session(): Session {
  const user = selfUser()
  return { user, authMode: null, openAuth: vi.fn(), closeAuth: vi.fn(), signedIn: vi.fn(), updateUser: vi.fn(), logout: vi.fn(async () => {}), requireLogin: () => true }
}

describe('desktop notifications follow the stream', () => {
  const bridge = { setUnreadCount: vi.fn(), onNavigate: vi.fn(() => () => undefined) }
  beforeEach(() => {
    calls = []
    tickets = 0
    FakeEventSource.all = []
    localStorage.setItem('token', 'access-token')
    vi.stubGlobal('EventSource', FakeEventSource)
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url).pathname
      calls.push(path)
      if (path === '/api/notifications/stream-ticket') return reply({ ticket: `t${++tickets}`, expires_in: 60 })
      if (path === '/api/notifications/unread-count-by-type') return reply(ZERO)
      return new Response('{}', { status: 404 })
    })
    ;(window as unknown as { shiliu: unknown }).shiliu = { baseUrl: 'http://127.0.0.1:9', mode: 'remote', ...bridge }
    bridge.setUnreadCount.mockClear()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    delete (window as unknown as { shiliu?: unknown }).shiliu
  })

  it('each counts event reaches the bridge at once, without a poll; a dropped stream resumes after its last event', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const view = render(
      <QueryClientProvider client={qc}>
        <SessionContext.Provider value={session()}>
          <MemoryRouter>
            <NotificationStream />
            <Desktop />
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>,
    )
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1))
    const stream = FakeEventSource.all[0]!
    expect(stream.url).toBe('http://127.0.0.1:9/api/notifications/stream?ticket=t1')
    await waitFor(() => expect(bridge.setUnreadCount).toHaveBeenLastCalledWith(ZERO))
    const polls = calls.filter((p) => p === '/api/notifications/unread-count-by-type').length

    act(() => stream.emit('counts', counts(1, 0), '41'))
    await waitFor(() => expect(bridge.setUnreadCount).toHaveBeenLastCalledWith(counts(1, 0)))
    act(() => stream.emit('counts', counts(1, 2), '43'))
    await waitFor(() => expect(bridge.setUnreadCount).toHaveBeenLastCalledWith(counts(1, 2)))
    // The counts came from the stream: no request for them was made meanwhile.
    expect(calls.filter((p) => p === '/api/notifications/unread-count-by-type')).toHaveLength(polls)

    // The stream drops: a new ticket, resuming after the last event seen.
    act(() => stream.onerror?.())
    expect(stream.closed).toBe(true)
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 3000 })
    expect(FakeEventSource.all[1]!.url).toBe('http://127.0.0.1:9/api/notifications/stream?ticket=t2&lastEventId=43')
    view.unmount()
    expect(FakeEventSource.all[1]!.closed).toBe(true)
  })
})

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { channelsFrom, findChannel, RECOMMEND } from '../../renderer/member/features/explore/channels'
import { SwitchQueue } from '../../renderer/member/features/explore/switchQueue'

describe('SwitchQueue (queued channel switch)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('applies the first choice at once and locks for 1200 ms', () => {
    const applied: string[] = []
    const q = new SwitchQueue<string>((v) => applied.push(v), 1200)
    q.request('study')
    expect(applied).toEqual(['study'])
    expect(q.isLocked).toBe(true)
    vi.advanceTimersByTime(1199)
    expect(q.isLocked).toBe(true)
    vi.advanceTimersByTime(1)
    expect(q.isLocked).toBe(false)
  })

  it('queues choices made while locked and applies only the last one afterwards', () => {
    const applied: string[] = []
    const q = new SwitchQueue<string>((v) => applied.push(v), 1200)
    q.request('study')
    vi.advanceTimersByTime(300)
    q.request('campus')
    q.request('life')
    q.request('career')
    expect(applied).toEqual(['study'])
    vi.advanceTimersByTime(900)
    expect(applied).toEqual(['study', 'career'])
    // the applied queued choice locks again
    q.request('life')
    expect(applied).toEqual(['study', 'career'])
    vi.advanceTimersByTime(1200)
    expect(applied).toEqual(['study', 'career', 'life'])
  })

  it('does not re-apply the current channel', () => {
    const applied: string[] = []
    const q = new SwitchQueue<string>((v) => applied.push(v), 1200)
    q.sync('recommend')
    q.request('recommend')
    expect(applied).toEqual([])
    q.request('study')
    vi.advanceTimersByTime(100)
    q.request('study')
    vi.advanceTimersByTime(1200)
    expect(applied).toEqual(['study'])
  })

  it('stops its timer on dispose', () => {
    const applied: string[] = []
    const q = new SwitchQueue<string>((v) => applied.push(v), 1200)
    q.request('a')
    q.request('b')
    q.dispose()
    vi.advanceTimersByTime(5000)
    expect(applied).toEqual(['a'])
  })
})

describe('channels', () => {
  const cats = [
    { id: 3, name: '学习', category_title: 'study' },
    { id: 5, name: '校园', category_title: 'campus' },
  ]
  it('puts 推荐 first and maps categories to /{category_title}', () => {
    const list = channelsFrom(cats)
    expect(list[0]).toBe(RECOMMEND)
    expect(list.map((c) => c.path)).toEqual(['/recommend', '/study', '/campus'])
  })
  it('finds a channel by path segment, title or id; undefined → recommend', () => {
    const list = channelsFrom(cats)
    expect(findChannel(list, 'study')?.label).toBe('学习')
    expect(findChannel(list, '5')?.label).toBe('校园')
    expect(findChannel(list, undefined)?.id).toBe('recommend')
    expect(findChannel(list, 'nope')).toBeUndefined()
  })
  it('keeps only 推荐 when categories failed to load', () => {
    expect(channelsFrom(undefined)).toEqual([RECOMMEND])
  })
})

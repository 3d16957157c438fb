// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { columnsForWidth, coverRatio, DEFAULT_RATIO, estimateCardHeight, MAX_RATIO, MIN_RATIO, placeItems } from '../../renderer/member/features/feed/placement'
import { flattenPosts, nextPageOf } from '../../renderer/member/features/feed/usePostFeed'
import { postCard } from './support/fixtures'

describe('columnsForWidth', () => {
  it.each([
    [1920, 5],
    [1420, 5],
    [1419, 4],
    [1200, 4],
    [900, 4],
    [899, 3],
    [600, 3],
    [599, 2],
    [375, 2],
  ])('%i px → %i columns', (w, n) => expect(columnsForWidth(w)).toBe(n))
})

describe('placeItems', () => {
  it('puts each item into the currently shortest column, leftmost on ties', () => {
    const { columns, heights } = placeItems([100, 50, 80, 30, 60], 3)
    // 0→c0 (100), 1→c1 (50), 2→c2 (80), 3→c1 (80), 4→c1 is 80 vs c2 80 → leftmost c1
    expect(columns).toEqual([[0], [1, 3, 4], [2]])
    expect(heights).toEqual([100, 140, 80])
  })

  it('counts the gap between cards of a column', () => {
    const { heights } = placeItems([10, 10, 10], 2, 5)
    expect(heights).toEqual([25, 10])
  })

  it('keeps the placement of earlier cards when more are appended (no reflow on infinite load)', () => {
    const first = [120, 90, 200, 60, 150, 80]
    const more = [...first, 70, 110, 95, 130]
    const a = placeItems(first, 3)
    const b = placeItems(more, 3)
    a.columns.forEach((col, c) => expect(b.columns[c]!.slice(0, col.length)).toEqual(col))
  })

  // Speed is measured by benchmarks, never asserted here: a timed assertion fails on a loaded machine.
  it('places 1000 cards, each exactly once, with balanced columns', () => {
    const hs = Array.from({ length: 1000 }, (_, i) => 200 + ((i * 37) % 160))
    const { columns, heights } = placeItems(hs, 5, 16)
    expect(columns.flat().sort((x, y) => x - y)).toEqual(hs.map((_, i) => i))
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(360 + 16)
  })

  it('treats a column count below 1 as one column', () => {
    expect(placeItems([1, 2], 0).columns).toEqual([[0, 1]])
  })
})

describe('card heights', () => {
  it('clamps cover ratios and defaults to 3:4 portrait', () => {
    expect(coverRatio(null)).toBe(DEFAULT_RATIO)
    expect(coverRatio(4)).toBe(MIN_RATIO)
    expect(coverRatio(0.2)).toBe(MAX_RATIO)
    expect(coverRatio(1)).toBe(1)
  })

  it('adds title lines and the author row to the cover', () => {
    const noTitle = estimateCardHeight(1, '', 200)
    const oneLine = estimateCardHeight(1, '短标题', 200)
    const twoLines = estimateCardHeight(1, '这是一个非常非常长的标题，一定会折成两行甚至更多行的那种', 200)
    expect(noTitle).toBe(200 + 8 + 44)
    expect(oneLine - noTitle).toBe(20)
    expect(twoLines - noTitle).toBe(40)
  })
})

describe('feed paging', () => {
  const page = (ids: number[], p: number, pages: number) => ({ posts: ids.map((id) => postCard({ id, title: `t${id}` })), pagination: { page: p, limit: 20, total: pages * 20, pages } })

  it('has more while the current page is below the page count', () => {
    expect(nextPageOf(page([1], 1, 3))).toBe(2)
    expect(nextPageOf(page([1], 3, 3))).toBeUndefined()
  })

  it('drops notes repeated on a later page', () => {
    const flat = flattenPosts({ pages: [page([1, 2, 3], 1, 2), page([3, 4], 2, 2)], pageParams: [1, 2] })
    expect(flat.map((p) => p.id)).toEqual([1, 2, 3, 4])
  })
})

describe('windowing', async () => {
  const { columnOffsets, visibleRange } = await import('../../renderer/member/features/feed/windowing')
  it('computes tops with gaps and the total height', () => {
    expect(columnOffsets([100, 50, 80], 10)).toEqual({ tops: [0, 110, 170], total: 250 })
    expect(columnOffsets([], 10)).toEqual({ tops: [], total: 0 })
  })
  it('returns the items intersecting a window', () => {
    const hs = Array.from({ length: 1000 }, () => 100)
    const { tops } = columnOffsets(hs, 0)
    expect(visibleRange(tops, hs, 0, 250)).toEqual([0, 3])
    expect(visibleRange(tops, hs, 50_000, 50_250)).toEqual([500, 503])
    expect(visibleRange(tops, hs, -500, -10)).toEqual([0, 0])
    expect(visibleRange(tops, hs, 200_000, 300_000)).toEqual([1000, 1000])
  })
})

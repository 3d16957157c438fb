import { describe, expect, it } from 'vitest'
import { coverage, freshShare, median, ndcgAt, ratioInterval, recallAt } from '../../scripts/eval-recommend/metrics'
import { prng } from '../support/prng'

describe('offline evaluation metrics (binary relevance)', () => {
  it('Recall@k is the share of the relevant notes found in the first k', () => {
    expect(recallAt([1, 2, 3, 4], new Set([2, 5]), 20)).toBe(0.5)
    expect(recallAt([1, 2, 3, 4], new Set([2, 5]), 1)).toBe(0)
    expect(recallAt([5, 2], new Set([2, 5]), 20)).toBe(1)
    expect(recallAt([1, 2], new Set(), 20)).toBe(0)
  })

  it('NDCG@k of a known list: hits at ranks 2 and 4 against the ideal ranks 1 and 2', () => {
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(5)
    const ideal = 1 + 1 / Math.log2(3)
    expect(ndcgAt([9, 2, 7, 5], new Set([2, 5]), 20)).toBeCloseTo(dcg / ideal, 12)
    expect(ndcgAt([2, 5, 7], new Set([2, 5]), 20)).toBeCloseTo(1, 12)
    // Only the first k count, and the ideal list is at most k long.
    expect(ndcgAt([9, 2, 7, 5], new Set([2, 5]), 2)).toBeCloseTo(1 / Math.log2(3) / ideal, 12)
    expect(ndcgAt([9, 8, 2], new Set([1, 2, 3, 4, 5]), 2)).toBe(0)
    expect(ndcgAt([1], new Set(), 20)).toBe(0)
  })

  it('coverage counts distinct notes of every list’s first k over the catalogue', () => {
    expect(coverage([[1, 2], [2, 3]], 10, 20)).toBeCloseTo(0.3, 12)
    expect(coverage([[1, 2, 3], [4, 5, 6]], 10, 2)).toBeCloseTo(0.4, 12)
    expect(coverage([], 10, 20)).toBe(0)
    expect(coverage([[1]], 0, 20)).toBe(0)
  })

  it('the fresh share counts recommended places taken by notes younger than the window at the ranking time', () => {
    const hour = 3600_000
    const now = 1_000 * hour
    const created = new Map([
      [1, now - 1 * hour],
      [2, now - 47 * hour],
      [3, now - 48 * hour],
      [4, now - 100 * hour],
    ])
    // Places: [1, 3] and [1, 2, 4] → 5 places, 3 of them fresh (1 twice, 2 once); 48 h old is not under 48 h.
    expect(freshShare([[1, 3], [1, 2, 4]], created, now, 48 * hour, 20)).toBeCloseTo(3 / 5, 12)
    expect(freshShare([], created, now, 48 * hour, 20)).toBe(0)
  })

  it('median of an odd and an even list', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 2, 3])).toBe(2.5)
    expect(median([])).toBe(0)
  })

  it('the bootstrap interval of a ratio holds the ratio, and is a point when every member has the same ratio', () => {
    const base = [0.1, 0.2, 0, 0.3, 0.05, 0.15]
    expect(ratioInterval(base.map((x) => 2 * x), base, prng(1))).toEqual([2, 2])
    const other = [0.3, 0.1, 0.2, 0.6, 0, 0.2]
    const [lo, hi] = ratioInterval(other, base, prng(2))
    const ratio = other.reduce((s, x) => s + x, 0) / base.reduce((s, x) => s + x, 0)
    expect(lo).toBeLessThanOrEqual(ratio)
    expect(hi).toBeGreaterThanOrEqual(ratio)
    expect(hi).toBeGreaterThan(lo)
  })
})

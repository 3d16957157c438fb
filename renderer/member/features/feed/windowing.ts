/** Windowing math for the waterfall columns (pure, unit-tested). */

/** Cumulative top offsets of items in one column (gap between items), plus the total height. */
export function columnOffsets(heights: readonly number[], gap: number): { tops: number[]; total: number } {
  const tops: number[] = []
  let y = 0
  heights.forEach((h, i) => {
    if (i > 0) y += gap
    tops.push(y)
    y += h
  })
  return { tops, total: y }
}

/** Indices [start, end) of the items that intersect [from, to]. */
export function visibleRange(tops: readonly number[], heights: readonly number[], from: number, to: number): [number, number] {
  const n = tops.length
  // first item whose bottom is below `from`
  let lo = 0
  let hi = n
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (tops[mid]! + heights[mid]! <= from) lo = mid + 1
    else hi = mid
  }
  const start = lo
  let end = start
  while (end < n && tops[end]! <= to) end++
  return [start, end]
}

/** Waterfall layout math (pure, unit-tested). */

/** Columns by window width (spec §2.3): ≥1420 → 5, ≥1200 → 4, ≥900 → 4, ≥600 → 3, else 2. */
export function columnsForWidth(width: number): number {
  if (width >= 1420) return 5
  if (width >= 900) return 4
  if (width >= 600) return 3
  return 2
}

export interface Placement {
  /** Item indices per column, in reading order. */
  columns: number[][]
  /** Resulting column heights. */
  heights: number[]
}

/** Put each item, in order, into the currently shortest column (leftmost on ties). */
export function placeItems(itemHeights: readonly number[], columnCount: number, gap = 0): Placement {
  const n = Math.max(1, Math.floor(columnCount))
  const columns: number[][] = Array.from({ length: n }, () => [])
  const heights = new Array<number>(n).fill(0)
  itemHeights.forEach((h, index) => {
    let target = 0
    for (let c = 1; c < n; c++) if (heights[c]! < heights[target]!) target = c
    columns[target]!.push(index)
    heights[target]! += (columns[target]!.length > 1 ? gap : 0) + h
  })
  return { columns, heights }
}

/** Cover height / width, clamped so very tall or flat images stay pleasant in a card. */
export const MIN_RATIO = 0.75
export const MAX_RATIO = 1.4
export const DEFAULT_RATIO = 4 / 3

export function coverRatio(aspect: number | null | undefined): number {
  if (!aspect || !Number.isFinite(aspect) || aspect <= 0) return DEFAULT_RATIO
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, 1 / aspect))
}

/** Estimated card height: cover + title lines (≈14 px glyphs, at most 2 lines) + author row. */
export function estimateCardHeight(aspect: number | null | undefined, title: string, columnWidth: number): number {
  const cover = columnWidth * coverRatio(aspect)
  const perLine = Math.max(1, Math.floor((columnWidth - 20) / 14))
  const lines = title ? Math.min(2, Math.ceil(title.length / perLine)) : 0
  return cover + 8 + lines * 20 + 44
}

/** Cards whose covers load at once: the first two rows, and at least six (a phone shows three rows of two). */
export function firstScreenCount(columnCount: number): number {
  return Math.max(6, Math.max(1, Math.floor(columnCount)) * 2)
}

/**
 * The covers that load with high priority: the likely largest contentful paint. Columns are equally wide, so the
 * largest picture on the first screen is the tallest cover of the first two rows (which are in view on a phone
 * as on a desktop): the two of them with the tallest ratios, feed order breaking ties. The first note alone was
 * often a wide picture while the LCP was a tall one beside or below it (issue 41 §6).
 */
export function priorityCovers<T extends { id: number; aspect?: number | null }>(posts: readonly T[], columnCount: number): number[] {
  const candidates = posts.slice(0, Math.max(1, Math.floor(columnCount)) * 2)
  return candidates
    .map((p, i) => ({ id: p.id, ratio: coverRatio(p.aspect), i }))
    .sort((a, b) => b.ratio - a.ratio || a.i - b.i)
    .slice(0, 2)
    .map((c) => c.id)
}

/**
 * A card cover's display width for the srcset choice, per window width: the column counts of
 * columnsForWidth, less the sidebar (248 px above 960 px), the page's paddings and the gaps (shell.css,
 * Waterfall's GAP). Static, so the browser chooses once, before layout; tests/e2e/member/card-images.spec.ts
 * checks it against the columns' measured widths.
 */
export const CARD_SIZES = [
  '(min-width: 1420px) calc((100vw - 344px) / 5)',
  '(min-width: 961px) calc((100vw - 328px) / 4)',
  '(min-width: 900px) calc((100vw - 80px) / 4)',
  '(min-width: 696px) calc((100vw - 64px) / 3)',
  '(min-width: 600px) calc((100vw - 40px) / 3)',
  'calc((100vw - 30px) / 2)',
].join(', ')

/**
 * The waterfall's width at a window width, before it is laid out: CARD_SIZES' cover width times the columns plus
 * their gaps (16 px above 695 px, else 10). Waterfall starts from it, so its first render already has the right
 * column width and the measured width that follows changes nothing (on a phone the card render ran twice in the
 * task that showed them: once for a 220 px guess, again for the width read after mounting).
 */
export function containerWidthFor(windowWidth: number): number {
  return windowWidth - (windowWidth >= 961 ? 280 : windowWidth >= 696 ? 32 : 20)
}

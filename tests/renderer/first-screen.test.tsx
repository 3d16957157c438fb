// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { CARD_SIZES, containerWidthFor, priorityCovers } from '../../renderer/member/features/feed/placement'
import { noteIdOf } from '../../renderer/member/routeData'

/* Issue 41 §6: what a phone's first screen asks for first. */

describe('priorityCovers', () => {
  const posts = [
    { id: 1, aspect: 896 / 504 }, // wide
    { id: 2, aspect: 1 }, // square
    { id: 3, aspect: 720 / 960 }, // tall
    { id: 4, aspect: 880 / 660 },
    { id: 5, aspect: 720 / 960 }, // tall, but in the third row on a phone
  ]
  it('are the two tallest covers of the first two rows (the likely LCP), feed order breaking ties', () => {
    expect(priorityCovers(posts, 2)).toEqual([3, 2])
    expect(priorityCovers(posts, 4)).toEqual([3, 5])
  })
  it('take what there is, and unknown ratios as the default portrait', () => {
    expect(priorityCovers(posts.slice(0, 1), 2)).toEqual([1])
    expect(priorityCovers([{ id: 7, aspect: null }, { id: 8, aspect: 2 }], 2)).toEqual([7, 8])
    expect(priorityCovers([], 5)).toEqual([])
  })
})

describe('containerWidthFor', () => {
  /** The cover width CARD_SIZES gives at a window width (its first matching condition). */
  function sizesWidth(vw: number): number {
    for (const entry of CARD_SIZES.split(/,\s*(?![^()]*\))/)) {
      const m = /^(?:\(min-width: (\d+)px\) )?calc\(\(100vw - (\d+)px\) \/ (\d)\)$/.exec(entry.trim())!
      if (!m[1] || vw >= Number(m[1])) return (vw - Number(m[2])) / Number(m[3])
    }
    throw new Error('no entry')
  }
  it.each([375, 412, 600, 640, 695, 696, 800, 900, 930, 960, 961, 1100, 1419, 1420, 1920])('agrees with CARD_SIZES at %i px: columns × cover + gaps', (vw) => {
    const columns = vw >= 1420 ? 5 : vw >= 900 ? 4 : vw >= 600 ? 3 : 2
    const gap = vw <= 695 ? 10 : 16
    expect(containerWidthFor(vw)).toBeCloseTo(columns * sizesWidth(vw) + (columns - 1) * gap, 6)
  })
})

describe('noteIdOf', () => {
  it.each([
    ['/post/320', '', 320],
    ['/post/320/', '', 320],
    ['/post', '?id=17', 17],
    ['/post', '?id=17&targetCommentId=3', 17],
    ['/post', '', null],
    ['/post/abc', '', null],
    ['/explore', '?id=3', null],
    ['/posts/3', '', null],
  ])('%s%s → %s', (pathname, search, id) => expect(noteIdOf({ pathname, search })).toBe(id))
})

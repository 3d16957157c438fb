import { describe, expect, it } from 'vitest'
import { lift } from '../../server/domain/discovery/affinity'
import { emptySignals, hotTerm, limitAuthorRuns, rankCandidates, scoreCandidate, type Candidate, type MemberSignals } from '../../server/domain/discovery/rank'
import { BLEND, HALF_LIFE_DAYS, HOT_SPAN } from '../../server/domain/discovery/weights'

/** The parts of the 推荐 ranker (server/domain/discovery/rank.ts, affinity.ts) on hand-made cases. */

const note = (id: number, authorId: number, extra: Partial<Candidate> = {}): Candidate => ({ id, authorId, categoryId: null, hotScore: 100, tagIds: [], nickname: `作者${authorId}`, ...extra })
const signals = (s: Partial<MemberSignals>): MemberSignals => ({ ...emptySignals(), ...s })

describe('limitAuthorRuns', () => {
  const by = (...authors: number[]) => authors.map((authorId, i) => ({ id: i + 1, authorId }))
  const authorsOf = (items: Array<{ authorId: number }>) => items.map((i) => i.authorId)

  it('leaves a list without long runs as it is', () => {
    expect(limitAuthorRuns(by(1, 1, 2, 1, 1, 3))).toEqual(by(1, 1, 2, 1, 1, 3))
  })

  it('moves the third note of a run after the next note by someone else, keeping the rest in order', () => {
    expect(authorsOf(limitAuthorRuns(by(1, 1, 1, 2, 3)))).toEqual([1, 1, 2, 1, 3])
    expect(authorsOf(limitAuthorRuns(by(1, 1, 1, 1, 2, 3, 4)))).toEqual([1, 1, 2, 1, 1, 3, 4])
  })

  it('drops the tail that only one author is left to fill', () => {
    expect(authorsOf(limitAuthorRuns(by(1, 2, 2, 2, 2)))).toEqual([1, 2, 2])
  })

  it('keeps every note once, whatever the input', () => {
    const items = by(5, 5, 5, 6, 5, 5, 5, 6, 6, 6, 7)
    const out = limitAuthorRuns(items)
    expect(new Set(out.map((i) => i.id)).size).toBe(out.length)
    for (let i = 2; i < out.length; i++) expect(out[i]!.authorId === out[i - 1]!.authorId && out[i]!.authorId === out[i - 2]!.authorId).toBe(false)
  })
})

describe('the blend', () => {
  it('hot term: 1 for the hottest, 0 at HOT_SPAN below, linear between', () => {
    expect(hotTerm(10, 10)).toBe(1)
    expect(hotTerm(10 - HOT_SPAN / 2, 10)).toBeCloseTo(0.5)
    expect(hotTerm(10 - HOT_SPAN * 3, 10)).toBe(0)
  })

  it('a followed author beats a merely hotter note, and says so', () => {
    const s = signals({ followed: new Map([[7, { strength: 1, label: '小明' }]]) })
    const ranked = rankCandidates([note(1, 9, { hotScore: 101 }), note(2, 7, { hotScore: 100, nickname: '小明' })], s)
    expect(ranked.map((r) => r.id)).toEqual([2, 1])
    expect(ranked[0]!.reason).toEqual({ type: 'follow', text: '因为你关注了 小明' })
    expect(ranked[1]!.reason).toBeNull()
  })

  it('the reason is the source that weighed most: a strong tag over a weak category', () => {
    const s = signals({ tags: new Map([[3, { strength: 1, label: '摄影' }]]), categories: new Map([[4, { strength: 0.5, label: '生活' }]]) })
    const scored = scoreCandidate(note(1, 2, { tagIds: [3], categoryId: 4 }), s, 100)
    expect(scored.reason).toEqual({ type: 'tag', text: '因为你喜欢 #摄影' })
    expect(scored.score).toBeCloseTo(BLEND.hot + BLEND.tag + BLEND.category * 0.5)
  })

  it('the best-matching tag counts, not the sum of tags', () => {
    const s = signals({ tags: new Map([[1, { strength: 0.2, label: 'a' }], [2, { strength: 0.9, label: 'b' }]]) })
    expect(scoreCandidate(note(1, 2, { tagIds: [1, 2] }), s, 100).score).toBeCloseTo(BLEND.hot + BLEND.tag * 0.9)
  })

  it('cold start: a declared interest matching a tag lifts the note and explains it', () => {
    const s = signals({ interests: new Map([[5, '读书']]) })
    const ranked = rankCandidates([note(1, 2, { hotScore: 101 }), note(2, 3, { tagIds: [5] })], s)
    expect(ranked[0]).toMatchObject({ id: 2, reason: { type: 'interest', text: '因为你对 #读书 感兴趣' } })
  })

  it('co-engagement proposes and explains a note', () => {
    const s = signals({ neighbours: new Map([[2, 1]]) })
    const ranked = rankCandidates([note(1, 2, { hotScore: 101 }), note(2, 3)], s)
    expect(ranked[0]).toMatchObject({ id: 2, reason: { type: 'similar' } })
  })

  it('不感兴趣: a disliked author or tag sinks below notes with no signal at all', () => {
    const s = signals({ authors: new Map([[7, { strength: -1, label: 'x' }]]), tags: new Map([[9, { strength: -0.5, label: 't' }]]) })
    const ranked = rankCandidates([note(1, 7, { hotScore: 101 }), note(2, 8, { hotScore: 101, tagIds: [9] }), note(3, 6, { hotScore: 99 })], s)
    expect(ranked.map((r) => r.id)).toEqual([3, 2, 1])
  })

  it('equal scores order newer notes (higher ids) first, so the same inputs give the same list', () => {
    expect(rankCandidates([note(1, 1), note(3, 2), note(2, 3)], emptySignals()).map((r) => r.id)).toEqual([3, 2, 1])
  })
})

describe('time lift of stored affinities', () => {
  it('doubles every half-life, so stored scores compare as time-decayed ones', () => {
    const t = new Date('2026-06-01T00:00:00Z')
    const later = new Date(t.getTime() + HALF_LIFE_DAYS * 24 * 3600 * 1000)
    expect(lift(later) / lift(t)).toBeCloseTo(2)
    // One like two half-lives later weighs as much as four likes two half-lives earlier.
    const earlier = new Date(t.getTime() - HALF_LIFE_DAYS * 24 * 3600 * 1000)
    expect(lift(later)).toBeGreaterThan(lift(earlier))
    expect(4 * lift(earlier)).toBeCloseTo(lift(later))
  })
})

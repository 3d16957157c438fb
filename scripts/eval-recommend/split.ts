/**
 * The split by time of the offline evaluation (docs/discovery.md "Offline evaluation"): one cut time for
 * everyone, chosen so that the latest `heldOut` share of all interactions fall after it. The database the
 * rankers read is the product's state at the cut (no note, member, follow or interaction from after it);
 * each member's interactions after the cut are their held-out (test) interactions, and the rankers rank
 * "as of" the cut.
 */

export interface Timed {
  member: number
  note: number
  /** Milliseconds since the epoch. */
  at: number
}

export interface TimeSplit<T extends Timed> {
  /** Rankings are made as of this time; training is everything at or before it. */
  cut: number
  train: T[]
  test: T[]
}

/** Split at the time below which (1 − heldOut) of the interactions lie; ties at the cut stay in training. */
export function splitByTime<T extends Timed>(interactions: readonly T[], heldOut = 0.2): TimeSplit<T> {
  if (!(heldOut > 0 && heldOut < 1)) throw new Error(`held-out share must be between 0 and 1, not ${heldOut}`)
  if (interactions.length === 0) return { cut: Number.NaN, train: [], test: [] }
  const times = interactions.map((i) => i.at).sort((a, b) => a - b)
  const index = Math.min(times.length - 1, Math.max(0, Math.ceil(times.length * (1 - heldOut)) - 1))
  const cut = times[index]!
  const train: T[] = []
  const test: T[] = []
  for (const i of interactions) (i.at <= cut ? train : test).push(i)
  return { cut, train, test }
}

/** What the evaluation needs from a split, in database ids (the same shape for generated and real data). */
export interface EvalSet {
  /** Ranking time. */
  cut: number
  /** Every listed note at the cut (the catalogue), with its creation time. */
  catalogue: Map<number, number>
  /** Per member: the notes they interacted with up to the cut (never recommended back). */
  train: Map<number, Set<number>>
  /** Per member with at least one: the held-out notes that existed at the cut (binary relevance). */
  relevant: Map<number, Set<number>>
  /** Held-out interactions with notes written after the cut: no ranking at the cut could contain them. */
  unreachable: number
  /** Held-out interactions counted (reachable + unreachable). */
  heldOut: number
  /** Per member with held-out interactions: their share of their own interactions held out. */
  memberShares: number[]
}

/**
 * The evaluation set of a split: `train` and `test` in database ids, `catalogue` the notes that were listed
 * at the cut. Members are evaluated when at least one of their held-out notes was in the catalogue.
 */
export function evalSet(cut: number, catalogue: Map<number, number>, train: readonly Timed[], test: readonly Timed[]): EvalSet {
  const byMember = (rows: readonly Timed[], keep: (t: Timed) => boolean) => {
    const map = new Map<number, Set<number>>()
    for (const r of rows) {
      if (!keep(r)) continue
      let set = map.get(r.member)
      if (!set) map.set(r.member, (set = new Set()))
      set.add(r.note)
    }
    return map
  }
  const trainSets = byMember(train, () => true)
  const relevant = byMember(test, (t) => catalogue.has(t.note) && !trainSets.get(t.member)?.has(t.note))
  const trainCounts = new Map<number, number>()
  for (const t of train) trainCounts.set(t.member, (trainCounts.get(t.member) ?? 0) + 1)
  const testCounts = new Map<number, number>()
  for (const t of test) testCounts.set(t.member, (testCounts.get(t.member) ?? 0) + 1)
  const memberShares = [...testCounts].map(([m, n]) => n / (n + (trainCounts.get(m) ?? 0)))
  return {
    cut,
    catalogue,
    train: trainSets,
    relevant,
    unreachable: test.filter((t) => !catalogue.has(t.note)).length,
    heldOut: test.length,
    memberShares,
  }
}

/** Deterministic pseudo-random numbers for the seed generator (mulberry32): the same seed gives the same data. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    const n = Math.min(count, copy.length)
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i))
      ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
    }
    return copy.slice(0, n)
  }

  /** Exponentially distributed with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean
  }

  /**
   * A time after `from`: an exponential delay with the given mean, or, when that would pass `until`,
   * a uniform time in between (so reactions to recent notes spread out instead of piling up at `until`).
   */
  after(from: number, meanMs: number, until: number): number {
    const at = from + this.exponential(meanMs)
    return at <= until ? at : from + this.next() * Math.max(0, until - from)
  }

  /** A fork with its own stream, so one phase's draws don't shift another's. */
  fork(salt: number): Rng {
    return new Rng(Math.imul(this.int(0, 0x7fffffff) ^ salt, 0x9e3779b1))
  }
}

/**
 * Picks indexes 0..n-1 with probability proportional to the given weights, in O(log n) per draw
 * (cumulative sums + binary search).
 */
export class WeightedPicker {
  private readonly cumulative: Float64Array
  readonly total: number

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length)
    let sum = 0
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i]!
      this.cumulative[i] = sum
    }
    this.total = sum
  }

  pick(rng: Rng): number {
    const x = rng.next() * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cumulative[mid]! > x) hi = mid
      else lo = mid + 1
    }
    return lo
  }
}

/** Heavy-tailed popularity weights (a few very popular items, a long tail), deterministic per rng. */
export function popularityWeights(rng: Rng, n: number, skew = 1.1): Float64Array {
  const weights = new Float64Array(n)
  for (let i = 0; i < n; i++) weights[i] = 1 / Math.pow(1 - rng.next() * 0.999, skew) - 0.5
  return weights
}

/**
 * Split `total` into `weights.length` integer parts proportional to the weights, each at most `caps[i]`
 * (the excess goes to the others while any has room). Deterministic.
 */
export function apportion(total: number, weights: ArrayLike<number>, caps: ArrayLike<number>): Int32Array {
  const n = weights.length
  const out = new Int32Array(n)
  let remaining = total
  let open = Array.from({ length: n }, (_, i) => i).filter((i) => caps[i]! > 0)
  while (remaining > 0 && open.length > 0) {
    const sum = open.reduce((s, i) => s + weights[i]!, 0)
    let given = 0
    for (const i of open) {
      const share = sum > 0 ? Math.floor((remaining * weights[i]!) / sum) : 0
      const add = Math.min(share, caps[i]! - out[i]!)
      out[i]! += add
      given += add
    }
    if (given === 0) {
      // Hand out the rounding remainder one by one, heaviest first.
      const order = [...open].sort((a, b) => weights[b]! - weights[a]!)
      for (const i of order) {
        if (given >= remaining) break
        if (out[i]! < caps[i]!) {
          out[i]! += 1
          given += 1
        }
      }
      if (given === 0) break
    }
    remaining -= given
    open = open.filter((i) => out[i]! < caps[i]!)
  }
  return out
}

/**
 * Ranking metrics of the offline evaluation, on binary relevance (a held-out interacted note is relevant).
 * Lists are note ids, best first.
 */

/** Share of the relevant notes found in the first k (hits ÷ |relevant|; 0 when nothing is relevant). */
export function recallAt(list: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  if (relevant.size === 0) return 0
  let hits = 0
  for (const id of list.slice(0, k)) if (relevant.has(id)) hits++
  return hits / relevant.size
}

/** DCG of the first k with gain 1 per relevant note at rank r (1-based): 1 / log2(r + 1), over the ideal DCG. */
export function ndcgAt(list: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  if (relevant.size === 0) return 0
  let dcg = 0
  list.slice(0, k).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2)
  })
  let ideal = 0
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2)
  return dcg / ideal
}

/** Distinct notes in any of the lists' first k, over the catalogue's size. */
export function coverage(lists: Iterable<readonly number[]>, catalogueSize: number, k: number): number {
  if (catalogueSize === 0) return 0
  const seen = new Set<number>()
  for (const list of lists) for (const id of list.slice(0, k)) seen.add(id)
  return seen.size / catalogueSize
}

/** Share of all recommended places (first k of every list) taken by notes younger than `windowMs` at `now`. */
export function freshShare(lists: Iterable<readonly number[]>, created: ReadonlyMap<number, number>, now: number, windowMs: number, k: number): number {
  let places = 0
  let fresh = 0
  for (const list of lists) {
    for (const id of list.slice(0, k)) {
      places++
      const at = created.get(id)
      if (at !== undefined && now - at < windowMs) fresh++
    }
  }
  return places === 0 ? 0 : fresh / places
}

export const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length)

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/**
 * 95 % interval of mean(a) ÷ mean(b) by a paired bootstrap over the members (a[i] and b[i] are one member's
 * values under two rankers): how much the ratio owes to which members happened to be evaluated. It says
 * nothing of the variation between worlds (seeds) or cut times.
 */
export function ratioInterval(a: readonly number[], b: readonly number[], random: () => number, resamples = 1000): [number, number] {
  if (a.length !== b.length) throw new Error('ratioInterval: the two rankers were evaluated on different members')
  const n = a.length
  if (n === 0) return [0, 0]
  const ratios: number[] = []
  for (let r = 0; r < resamples; r++) {
    let sa = 0
    let sb = 0
    for (let j = 0; j < n; j++) {
      const i = Math.floor(random() * n)
      sa += a[i]!
      sb += b[i]!
    }
    ratios.push(sb > 0 ? sa / sb : sa > 0 ? Infinity : 0)
  }
  ratios.sort((x, y) => x - y)
  return [ratios[Math.floor(0.025 * (resamples - 1))]!, ratios[Math.ceil(0.975 * (resamples - 1))]!]
}

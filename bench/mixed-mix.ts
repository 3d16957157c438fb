/** What bench --mixed sends (shared by the orchestrator, bench/mixed.ts, and its driver, bench/mixed-client.ts). */

/** Request kinds; `upload` and `publish` are the two requests of one publishing step. */
export type Kind = 'feed' | 'detail' | 'comments' | 'profile' | 'search' | 'like' | 'collect' | 'comment' | 'upload' | 'publish'
export const READS: readonly Kind[] = ['feed', 'detail', 'comments', 'profile', 'search']
export const REACTIONS: readonly Kind[] = ['like', 'collect', 'comment']
export const PUBLISHING: readonly Kind[] = ['upload', 'publish']
export const KINDS: readonly Kind[] = [...READS, ...REACTIONS, ...PUBLISHING]

/**
 * Percent of a member's steps per kind, as the operator measured it (issue #19): reads 80 (search among
 * them), reactions 15, publishing 5 (`upload`: 1–3 photos, then the note).
 */
export const MIX: ReadonlyArray<[Kind, number]> = [
  ['feed', 28],
  ['detail', 26],
  ['comments', 10],
  ['profile', 8],
  ['search', 8],
  ['like', 9],
  ['collect', 3],
  ['comment', 3],
  ['upload', 5],
]

/**
 * The open loop's mix (issue 42): reads 80 % (the closed loop's proportions among them), publishing
 * `publishPercent` (an upload of 1–3 photos, then the note), reactions the rest (18 % at 2 % publishing).
 */
export function openMix(publishPercent: number): Array<[Kind, number]> {
  const reactions = 100 - 80 - publishPercent
  const share = (kinds: readonly Kind[], total: number) => {
    const weights = MIX.filter(([k]) => kinds.includes(k))
    const sum = weights.reduce((n, [, w]) => n + w, 0)
    return weights.map(([k, w]): [Kind, number] => [k, (w / sum) * total])
  }
  return [...share(READS, 80), ...share(REACTIONS, reactions), ['upload', publishPercent]]
}

export function chooseKind(random: () => number, mix: ReadonlyArray<[Kind, number]> = MIX): Kind {
  let r = random() * 100
  for (const [kind, weight] of mix) {
    if (r < weight) return kind
    r -= weight
  }
  return 'feed'
}

export interface MixedClientConfig {
  url: string
  password: string
  members: string[]
  notes: number[]
  categories: number[]
  keywords: string[]
  photos: string[]
  warmupSeconds: number
  seconds: number
  /** How long after the window requests started in it are waited for. */
  graceSeconds: number
  /** Open loop (--rate): requests arrive at this rate whatever the server does, each timed from its arrival. */
  open?: OpenLoop
}

export interface OpenLoop {
  /** Offered requests per second (a Poisson process: exponential gaps between arrivals). */
  rate: number
  /** Percent of arrivals that publish (upload 1–3 photos, then the note). */
  publishPercent: number
}

/** What the driver sends back: latencies (ms) and non-2xx counts by status, per kind, within the window. */
export interface MixedResult {
  latencies: Partial<Record<Kind, number[]>>
  /** Latencies (ms) of the 2xx replies only: what a request that was served waited (an upload refused at once is fast). */
  served: Partial<Record<Kind, number[]>>
  failures: Partial<Record<Kind, Record<string, number>>>
  /** Open loop: arrivals within the window, and how late the driver sent each (ms; its own lag, counted in the latencies). */
  arrivals?: number
  lateness?: number[]
  /** Open loop: latencies (ms) of the 503 replies that carried Retry-After (an upload refused as designed). */
  refused?: Partial<Record<Kind, number[]>>
}

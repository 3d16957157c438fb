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

export function chooseKind(random: () => number): Kind {
  let r = random() * 100
  for (const [kind, weight] of MIX) {
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
}

/** What the driver sends back: latencies (ms) and non-2xx counts by status, per kind, within the window. */
export interface MixedResult {
  latencies: Partial<Record<Kind, number[]>>
  /** Latencies (ms) of the 2xx replies only: what a request that was served waited (an upload refused at once is fast). */
  served: Partial<Record<Kind, number[]>>
  failures: Partial<Record<Kind, Record<string, number>>>
}

/**
 * The personalised ranker, when this build has it (server/domain/discovery, issue 38). Loaded by path so
 * the evaluation also runs (baseline only) on a build without it.
 */
import { existsSync } from 'node:fs'
import type { DataSource } from 'typeorm'
import type { PersonalisedNoteIds } from './rankers'

export interface Discovery {
  personalisedNoteIds: PersonalisedNoteIds
  /** Recompute the stored discovery signals from the stored interactions (after loading the training rows). */
  rebuild(db: DataSource): Promise<void>
}

export async function loadDiscovery(): Promise<Discovery | null> {
  const url = new URL('../../server/domain/discovery/index.ts', import.meta.url)
  if (!existsSync(url)) return null
  const mod = (await import(url.href)) as {
    personalisedNoteIds: PersonalisedNoteIds
    rebuildDiscoverySignals: (db: DataSource) => Promise<void>
  }
  return { personalisedNoteIds: mod.personalisedNoteIds, rebuild: (db) => mod.rebuildDiscoverySignals(db) }
}

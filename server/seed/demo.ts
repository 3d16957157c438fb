import type { AppDeps } from '../deps'

/** Fill an empty database with the demo dataset (written in server/seed/). */
export async function seedDemoIfEmpty(_deps: AppDeps): Promise<void> {
  throw new Error('demo dataset generator not implemented yet')
}

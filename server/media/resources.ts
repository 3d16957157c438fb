import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The shipped resources/ folder (default avatar, demo media). Two folders up from this module in the source
 * tree and from the bundle in dist/server alike; SHILIU_RESOURCES_DIR overrides it (the desktop package).
 */
export function resourcesDir(): string {
  if (process.env.SHILIU_RESOURCES_DIR) return path.resolve(process.env.SHILIU_RESOURCES_DIR)
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources')
}

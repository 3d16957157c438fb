import { readFileSync } from 'node:fs'

declare const __SHILIU_VERSION__: string | undefined

/**
 * The release version (package.json), reported by /api/health so a client (the desktop app's settings) can
 * tell a Shiliu server and its version. The bundle gets it at build time (scripts/build-server.mjs `define`);
 * run from source (tests, tsx) it is read from package.json.
 */
export const SERVER_VERSION: string =
  typeof __SHILIU_VERSION__ === 'string' ? __SHILIU_VERSION__ : (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

import { readFileSync } from 'node:fs'

declare const __SHILIU_VERSION__: string | undefined
declare const __SHILIU_BUILD_DATE__: string | undefined

/**
 * The release version (package.json), reported by /api/health so a client (the desktop app's settings) can
 * tell a Shiliu server and its version. The bundle gets it at build time (scripts/build-server.mjs `define`);
 * run from source (tests, tsx) it is read from package.json.
 */
export const SERVER_VERSION: string =
  typeof __SHILIU_VERSION__ === 'string' ? __SHILIU_VERSION__ : (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

/**
 * When this server was built (the API documentation's 更新时间): fixed at build time like the version; run from
 * source it is the time the process started, which is when that code was "built".
 */
export const SERVER_BUILD_DATE: string = typeof __SHILIU_BUILD_DATE__ === 'string' ? __SHILIU_BUILD_DATE__ : new Date().toISOString()

/*
 * Imported first by both apps' entry points, before any schema exists. zod compiles object parsers with
 * `new Function` and probes for it once; under the apps' CSP (script-src 'self', no 'unsafe-eval') the probe
 * fails and is reported as a violation. jitless skips the probe and the compiled fast path; parsing is
 * the same, a little slower, and only replies of our own API are parsed.
 *
 * Set through zod's global configuration object (zod 4 keeps it on `globalThis.__zod_globalConfig` and
 * adopts one that exists), not `z.config()`: importing zod here would put all of zod (~50 kB gzip) into
 * the first load of pages that never parse anything (the explore page); zod now loads with the first
 * chunk that uses a schema.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }

export {}

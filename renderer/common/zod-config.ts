import { z } from 'zod'

/*
 * Imported first by both apps' entry points, before any schema exists. zod compiles object parsers with
 * `new Function` and probes for it once; under the apps' CSP (script-src 'self', no 'unsafe-eval') the probe
 * fails and is reported as a violation. jitless skips the probe and the compiled fast path; parsing is
 * the same, a little slower, and only replies of our own API are parsed.
 */
z.config({ jitless: true })

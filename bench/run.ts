/**
 * npm run bench [-- --mixed]
 *   (no option)  one endpoint at a time on a large dataset (bench/endpoints.ts)
 *   --mixed      200 signed-in members at once, 80 % reads / 15 % reactions / 5 % publishing (bench/mixed.ts)
 */
import { runEndpoints } from './endpoints'
import { runMixed } from './mixed'

const args = process.argv.slice(2)
const known = new Set(['--mixed'])
const unknown = args.filter((a) => !known.has(a))
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run bench [-- --mixed]`)
  process.exit(2)
}
if (args.includes('--mixed')) await runMixed()
else await runEndpoints()

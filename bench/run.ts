/**
 * npm run bench [-- --mixed | --crash]
 *   (no option)  one endpoint at a time on a large dataset (bench/endpoints.ts)
 *   --mixed      200 signed-in members at once, 80 % reads / 15 % reactions / 5 % publishing (bench/mixed.ts)
 *   --crash      kill -9 under write load, many rounds; counts acknowledged writes lost (bench/crash.ts)
 */
import { runCrash } from './crash'
import { runEndpoints } from './endpoints'
import { runMixed } from './mixed'

const args = process.argv.slice(2)
const known = new Set(['--mixed', '--crash'])
const unknown = args.filter((a) => !known.has(a))
if (unknown.length || args.length > 1) {
  console.error(`Unknown option ${unknown.join(' ') || args.join(' ')}. Usage: npm run bench [-- --mixed | --crash]`)
  process.exit(2)
}
if (args.includes('--mixed')) await runMixed()
else if (args.includes('--crash')) await runCrash()
else await runEndpoints()

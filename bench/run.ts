/**
 * npm run bench [-- --mixed] [--engines sqlite,postgres,mysql | all]
 *   (no option)  one endpoint at a time on a large dataset (bench/endpoints.ts)
 *   --mixed      200 signed-in members at once, 80 % reads / 15 % reactions / 5 % publishing (bench/mixed.ts)
 *   --engines    the database engines to measure, side by side (bench/engines.ts; default SQLite, or DATABASE_URL's)
 */
import { runEndpoints } from './endpoints'
import { chooseEngines, withoutEngineArgs, type EngineChoice } from './engines'
import { runMixed } from './mixed'

let choice: EngineChoice
try {
  choice = chooseEngines(process.argv.slice(2))
} catch (err) {
  console.error((err as Error).message)
  process.exit(2)
}
const args = withoutEngineArgs(process.argv.slice(2))
const known = new Set(['--mixed'])
const unknown = args.filter((a) => !known.has(a))
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run bench [-- --mixed] [--engines sqlite,postgres,mysql | all]`)
  process.exit(2)
}
if (args.includes('--mixed')) await runMixed(choice)
else await runEndpoints(choice)

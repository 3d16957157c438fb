/**
 * npm run bench [-- --mixed | --crash | --stream] [--engines sqlite,postgres,mysql | all]
 *   (no option)  one endpoint at a time on a large dataset (bench/endpoints.ts)
 *   --mixed      200 signed-in members at once, 80 % reads (search included) / 15 % reactions / 5 % publishing with
 *                real photo uploads, driven from a process of its own; issue #19's targets (bench/mixed.ts)
 *     --rate N   the same as an open loop: N req/s offered (Poisson), --publish P %, --photo WxH, --find-rate;
 *                issue 42's targets (bench/mixed-open.ts)
 *   --reads      each signed-in read alone with wrk, beside a bare Koa route as the ceiling; CPU per request, the 关注
 *                timeline and 推荐 against 1.5× the feed (issue 38); BENCH_SCALE=large: the 100k-note dataset (bench/reads.ts)
 *   --crash      kill -9 under write load, many rounds; counts acknowledged writes lost (bench/crash.ts)
 *   --moderation the signed-in feed, recommend and search with 1,000 blocks and 500 watched words, against without (bench/moderation.ts)
 *   --stream     1,000 open notification streams: like → event latency, RSS, feed throughput beside them (bench/stream.ts)
 *   --words      the watched-word check of one publish / comment with 500 words in the list (bench/watched-words.ts)
 *   --images     storing one uploaded image: its three renditions, per photo size (bench/images.ts)
 *   --engines    the database engines to measure, side by side (bench/engines.ts; default SQLite, or DATABASE_URL's)
 */
import { runCrash } from './crash'
import { runEndpoints } from './endpoints'
import { runImages } from './images'
import { chooseEngines, withoutEngineArgs, type EngineChoice } from './engines'
import { runMixed } from './mixed'
import { parseOpenOptions, type OpenOptions } from './mixed-open'
import { runModeration } from './moderation'
import { runReads } from './reads'
import { runStream } from './stream'
import { runWatchedWords } from './watched-words'

const usage =
  'Usage: npm run bench [-- --mixed [--rate N [--publish P] [--photo WxH] | --find-rate [--rate N] [--step N] [--max-rate N]] | --reads | --crash | --stream | --words | --moderation | --images] [--engines sqlite,postgres,mysql | all]'
let choice: EngineChoice
let open: OpenOptions | null
let args: string[]
try {
  choice = chooseEngines(process.argv.slice(2))
  ;({ open, rest: args } = parseOpenOptions(withoutEngineArgs(process.argv.slice(2))))
  if (open && !args.includes('--mixed')) throw new Error('--rate and --find-rate go with --mixed')
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`)
  process.exit(2)
}
const known = new Set(['--mixed', '--reads', '--crash', '--stream', '--words', '--moderation', '--images'])
const unknown = args.filter((a) => !known.has(a))
if (unknown.length || args.length > 1) {
  console.error(`Unknown option ${unknown.join(' ') || args.join(' ')}. ${usage}`)
  process.exit(2)
}
if (args.includes('--mixed')) await runMixed(choice, open)
else if (args.includes('--reads')) await runReads(choice)
else if (args.includes('--crash')) await runCrash()
else if (args.includes('--stream')) await runStream()
else if (args.includes('--moderation')) await runModeration()
else if (args.includes('--words')) runWatchedWords()
else if (args.includes('--images')) await runImages()
else await runEndpoints(choice)

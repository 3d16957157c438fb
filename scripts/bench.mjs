// npm run bench [-- --mixed | --crash] [--engines …]: runs bench/run.ts (TypeScript) with tsx, passing the options on.
import { spawnSync } from 'node:child_process'

const r = spawnSync('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(r.status ?? 1)

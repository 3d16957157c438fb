// npm run bench: runs bench/run.ts (TypeScript) with tsx.
import { spawnSync } from 'node:child_process'

const r = spawnSync('npx', ['tsx', 'bench/run.ts'], { stdio: 'inherit' })
process.exit(r.status ?? 1)

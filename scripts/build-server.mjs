// Bundles the server entry points into dist/server (ESM, dependencies stay in node_modules).
import { build } from 'esbuild'

await build({
  entryPoints: {
    main: 'server/main.ts',
    seed: 'server/cli/seed.ts',
    'admin-create': 'server/cli/admin-create.ts',
    recount: 'server/cli/recount.ts',
    'db-copy': 'server/cli/db-copy.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
})

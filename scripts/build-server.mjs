// Bundles the server entry points into dist/server (ESM, dependencies stay in node_modules).
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'

const { version } = JSON.parse(readFileSync('package.json', 'utf8'))

await build({
  entryPoints: {
    main: 'server/cli/serve.ts',
    // The image process the server forks (server/media/image-process.ts looks for it beside main.js).
    'image-worker': 'server/media/image-worker.ts',
    seed: 'server/cli/seed.ts',
    'admin-create': 'server/cli/admin-create.ts',
    classroom: 'server/cli/classroom.ts',
    recount: 'server/cli/recount.ts',
    'discovery-rebuild': 'server/cli/discovery-rebuild.ts',
    'db-copy': 'server/cli/db-copy.ts',
    'data-key-rotate': 'server/cli/data-key-rotate.ts',
    'media-check': 'server/cli/media-check.ts',
    backup: 'server/cli/backup.ts',
    restore: 'server/cli/restore.ts',
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
  // server/version.ts: the release version, fixed at build time.
  // __SHILIU_BUILD_DATE__: the API documentation's 更新时间 (OpenAPI info x-updated).
  define: { __SHILIU_VERSION__: JSON.stringify(version), __SHILIU_BUILD_DATE__: JSON.stringify(new Date().toISOString()) },
})

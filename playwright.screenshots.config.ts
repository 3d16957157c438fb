import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * `npm run screenshots` (scripts/screenshots.mjs): the README gallery, taken from the built server on a pristine
 * demo dataset of its own (port SCREENSHOTS_PORT, default 4190), never by `npm test`.
 */
const port = Number(process.env.SCREENSHOTS_PORT ?? 4190)

export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  outputDir: 'test-results/screenshots',
  timeout: 300_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port), E2E_RENDERER_PORT: String(port + 10) },
  },
})

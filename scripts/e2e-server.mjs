// The server the browser tests run against: the built server on a fresh temporary demo dataset.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startE2eProvider } from '../tests/e2e/support/oidc-provider.mjs'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-e2e-'))
const port = Number(process.env.E2E_PORT ?? '4173')
// tests/e2e/desktop serves the renderer from a second origin, as the desktop app does (app://shiliu).
const rendererOrigin = `http://127.0.0.1:${process.env.E2E_RENDERER_PORT ?? port + 10}`
// A real OpenID Provider for the campus sign-in specs (issue 39), in this process: tests/e2e/support/oidc-provider.mjs.
const oidc = await startE2eProvider({ port: Number(process.env.E2E_OIDC_PORT ?? port + 20), appOrigin: `http://127.0.0.1:${port}` })
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    CORS_ORIGINS: rendererOrigin,
    DATA_DIR: dataDir,
    SHILIU_DEMO: '1',
    // SQLite as the desktop app opens it (node-sqlite3 throughout: server/db/sqlite-library.ts), so every browser
    // path runs on that mode too; the API suites (vitest) run the server's native mode on all three engines.
    SHILIU_SQLITE_WRITER: process.env.SHILIU_SQLITE_WRITER ?? 'portable',
    // Email in the outbox (DATA_DIR/outbox/): the forgot-password and binding specs read the codes there.
    SMTP_URL: process.env.SMTP_URL ?? 'outbox',
    SHILIU_TEST_CAPTCHA: '1',
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_NAME: '校园统一身份认证',
    LOG_LEVEL: 'warn',
    // The browser tests share two cores with the API suites: at the production default (nice 19) the image
    // process gets ~1 % of a busy core and uploads are refused (503) by the machine's load, not the server's.
    // Nice 1 keeps it below the server (as issue 42 wants) with close to a fair share.
    SHILIU_IMAGE_NICE: process.env.SHILIU_IMAGE_NICE ?? '1',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    RATE_LIMIT_CAPTCHA_PER_MINUTE: '10000',
    RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '10000',
  },
})
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', () => oidc.close())
child.on('exit', (code) => process.exit(code ?? 0))

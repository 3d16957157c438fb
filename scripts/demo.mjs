// npm run demo: build if needed, seed an empty demo data directory, start the server and say how to use it.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const built = ['dist/server/main.js', 'dist/renderer/member.html', 'dist/renderer/admin.html'].every((f) => existsSync(f))
if (!built) {
  console.log('Building Shiliu (first run)...')
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const port = process.env.PORT ?? '3000'
const host = process.env.HOST ?? '127.0.0.1'
const env = { ...process.env, HOST: host, PORT: port, DATA_DIR: process.env.DATA_DIR ?? './demo-data', SHILIU_DEMO: '1', SMTP_URL: process.env.SMTP_URL ?? 'outbox' }
const child = spawn(process.execPath, ['dist/server/main.js'], { stdio: ['inherit', 'pipe', 'inherit'], env })
let announced = false
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  if (!announced && String(chunk).includes('listening on')) {
    announced = true
    const url = /listening on (\S+)/.exec(String(chunk))?.[1] ?? `http://${host}:${port}`
    console.log(
      `\n  Shiliu demo is running (data in ${env.DATA_DIR}).\n` +
        `  Member app:  ${url}/\n  Admin app:   ${url}/admin\n` +
        `  Member login: demo / demo123456\n  Admin login:  admin / admin123456\n  Stop with Ctrl+C.\n`,
    )
    if (process.env.DISPLAY && !process.env.CI && process.env.SHILIU_NO_BROWSER !== '1') {
      spawn('xdg-open', [`${url}/`], { stdio: 'ignore', detached: true }).on('error', () => {}).unref()
    }
  }
})
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))

// npm test: every test: unit and API integration (vitest), then the browser tests (Playwright + Chromium).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      `The browser tests need it: on Debian/Ubuntu run \`sudo apt-get install -y chromium fonts-noto-cjk\` ` +
      `(or \`bash .ci/run\`, which installs it), or set CHROMIUM_PATH to a Chromium/Chrome binary.`,
  )
  process.exit(1)
}

function run(label, command, args) {
  console.log(`\n=== ${label} ===`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } })
  if (result.status !== 0) {
    console.error(`\n${label} failed.`)
    process.exit(result.status ?? 1)
  }
}

run('build', 'npm', ['run', 'build', '--silent'])
run('typecheck', 'npm', ['run', 'typecheck', '--silent'])
run('lint', 'npm', ['run', 'lint', '--silent'])
run('unit and API tests (vitest)', 'npx', ['vitest', 'run'])
run('browser tests (playwright)', 'npx', ['playwright', 'test'])
run('desktop package dry run (electron-builder --dir, stub Electron)', 'node', ['scripts/package-check.mjs'])
console.log('\nAll test suites passed.')

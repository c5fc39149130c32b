// Runs the Playwright suite in Debian's Chromium against a production build on a throw-away database.
// Without Chromium the suite is skipped with a loud message, except under CI=true, where that fails.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const ci = process.env.CI === 'true' || process.env.CI === '1'
// Debian's headless shell first: the same Blink without the browser's window layer, about a tenth
// less CPU on a suite that is bound by the browser's CPU; the full Chromium does as well.
const candidates = /** @type {string[]} */ (
  [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean)
)
const chromium = candidates.find((p) => existsSync(p))

if (!chromium) {
  const banner = '!'.repeat(78)
  console.error(`\n${banner}\n  END-TO-END TESTS NOT RUN: no Chromium found (${candidates.join(', ')}).`)
  console.error('  Install it with: apt-get update && apt-get install -y chromium-headless-shell')
  console.error(`${banner}\n`)
  process.exit(ci ? 1 : 0)
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

// E2E_BUILT=1: the caller (npm test) has just built dist/ itself.
if (process.env.E2E_BUILT !== '1' && run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1)

const dataDir = mkdtempSync(path.join(tmpdir(), 'toptan-e2e-'))
// The demo data seeded once and copied to each worker's server (e2e/servers.ts: E2E_DATA_DIR/server-n),
// which then starts on it: two servers each seeding their own at once kept both cores busy for
// about 35 s before the first test.
const seeded = path.join(dataDir, 'seeded')
const seedStatus = run('node', ['dist/server/cli/seed.js'], { DATA_DIR: seeded, LOG_LEVEL: 'warn' })
if (seedStatus !== 0) {
  console.error('The demo data could not be seeded for the end-to-end servers.')
  process.exit(seedStatus)
}
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2))
for (let slot = 0; slot < workers; slot++) {
  cpSync(path.join(seeded, 'pgdata'), path.join(dataDir, `server-${slot}`, 'pgdata'), { recursive: true })
}
const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  CHROMIUM_PATH: chromium,
  E2E_DATA_DIR: dataDir,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
})
rmSync(dataDir, { recursive: true, force: true })

const resultsFile = 'test-results/e2e-results.json'
if (status === 0 && existsSync(resultsFile)) {
  const { stats } = JSON.parse(readFileSync(resultsFile, 'utf8'))
  const ran = (stats.expected ?? 0) + (stats.flaky ?? 0)
  console.log(`e2e: ${ran} passed, ${stats.unexpected ?? 0} failed, ${stats.skipped ?? 0} skipped`)
  if (ran === 0 || (ci && stats.skipped > 0)) {
    console.error('End-to-end tests were skipped or none ran: that is a failure.')
    process.exit(1)
  }
}
process.exit(status)

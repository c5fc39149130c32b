// Runs the Playwright suite in Debian's Chromium against a production build on a throw-away database.
// Without Chromium the suite is skipped with a loud message, except under CI=true, where that fails.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
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

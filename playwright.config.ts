import { defineConfig, devices } from '@playwright/test'
import { E2E_WORKERS, serverDataDir, serverPort, serverURL, slots } from './e2e/servers'

/**
 * Runs against the production build as `npm start` runs it (`node dist/server/main.js --demo`: the
 * sandbox POS named on purpose, so every page shows the TEST MODE ribbon) on a fresh embedded database with
 * the demo data, in Debian's Chromium (scripts/run-e2e.mjs finds it; no browser is ever downloaded).
 * One such server per worker (e2e/servers.ts); tests import `test` from e2e/test.ts, which points
 * each worker at its own.
 */
const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'on-first-retry'] as const

function traceMode(value: string | undefined): (typeof TRACE_MODES)[number] {
  if (value === undefined || value === '') return 'off'
  const mode = TRACE_MODES.find((m) => m === value)
  if (!mode) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not '${value}'`)
  return mode
}

export default defineConfig({
  testDir: 'e2e',
  // A test's whole time, there to stop a hung test: two workers on two cores (each a browser and a
  // server) ran the three-width list layout test, 42–47 s alone, past 60 s. A wrong page still fails
  // on the 10-second expectation that waits for it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  // Never retried, on CI either: a test that passes only on a second try is a failing test.
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL: serverURL(0),
    locale: 'tr-TR',
    // A trace records the page's DOM after every action: 25–35 % of the suite's time on two cores, so
    // it is kept only when asked for (E2E_TRACE=retain-on-failure). A failure always leaves its
    // screenshot and the page's accessibility snapshot (error-context.md) in test-results/.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Logs the shared demo accounts in once; the tests reuse those sessions (fixtures.ts signIn).
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@phone/,
      dependencies: ['setup'],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /@phone/,
      dependencies: ['setup'],
    },
  ],
  webServer: slots().map((slot) => ({
    command: 'node dist/server/main.js --demo',
    url: `${serverURL(slot)}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(serverPort(slot)),
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir(slot),
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      // Port 9, which fetch refuses to connect to: the servers' daily fetch of the exchange rates never
      // leaves the machine (it fails and says so to staff); exchange-rates.spec.ts runs a server of its
      // own with a stand-in bank.
      TCMB_URL: 'http://127.0.0.1:9/kurlar/today.xml',
    },
  })),
})

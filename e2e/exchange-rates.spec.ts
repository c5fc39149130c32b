import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ADMIN, logIn } from './fixtures'
import { expect, newLivePage, test } from './test'

// The administrator fetches the Central Bank's rates from a stand-in of the bank on 127.0.0.1 and
// reads the new rate in the header's currency menu as "TCMB <date>". The suite's servers point
// TCMB_URL at a closed port (nothing reaches the internet), so this spec runs its own server, as
// time-zone.spec.ts does, with TCMB_URL at its stand-in.

const SAMPLE = readFileSync(
  path.join(import.meta.dirname, '../src/server/modules/exchange-rates/tcmb-sample.xml'),
  'utf8',
)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

let bank: Server | null = null
let server: ChildProcess | null = null
let baseURL = ''
let dataDir = ''

test.beforeAll(async () => {
  test.setTimeout(240_000)
  bank = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' })
    res.end(SAMPLE)
  })
  await new Promise<void>((resolve) => bank?.listen(0, '127.0.0.1', resolve))
  const bankPort = (bank.address() as { port: number }).port
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  dataDir = mkdtempSync(path.join(tmpdir(), 'toptan-e2e-rates-'))
  server = spawn(process.execPath, ['dist/server/main.js', '--demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      TCMB_URL: `http://127.0.0.1:${bankPort}/kurlar/today.xml`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 200_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`)
    const healthy = await fetch(`${baseURL}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) throw new Error('the server did not start in time')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  bank?.closeAllConnections()
  await new Promise((resolve) => (bank ? bank.close(resolve) : resolve(undefined)))
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('the administrator fetches the TCMB rates and the header menu says where the rate comes from', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
  // Through the login page: the saved sessions are the suite's servers', not this one's.
  await logIn(page, ADMIN)
  await page.goto('/yonetim/doviz-kurlari')
  await expect(page.getByRole('heading', { name: 'Döviz kurları', level: 1 })).toBeVisible()
  // The worker may already have fetched at start (it had missed the last scheduled time); either
  // way the button applies the bulletin or says it already is.
  await page.getByRole('button', { name: 'TCMB’den şimdi al' }).click()
  await expect(page.getByText(/27\.11\.2026 bülteni (uygulandı|zaten uygulanmış)/)).toBeVisible()
  const usd = page.getByTestId('rate-row').filter({ hasText: 'USD' })
  await expect(usd.getByTestId('rate-value')).toHaveText('42,4866')
  await expect(usd.getByTestId('rate-source')).toHaveText('TCMB 27.11.2026')

  // The header's currency menu, on a page loaded after the fetch.
  await page.goto('/')
  await page.getByRole('button', { name: /Para birimi|currency/i }).click()
  const item = page.getByRole('menuitemradio', { name: /USD/ })
  await expect(item.getByTestId('currency-rate-source')).toHaveText('TCMB 27.11.2026')
})

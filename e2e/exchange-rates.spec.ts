import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { ADMIN, logIn } from './fixtures'
import { type OwnServer, startOwnServer } from './own-server'
import { expect, newLivePage, test } from './test'

// The administrator fetches the Central Bank's rates from a stand-in of the bank on 127.0.0.1 and
// reads the new rate in the header's currency menu as "TCMB <date>". The suite's servers point
// TCMB_URL at a closed port (nothing reaches the internet), so this spec runs its own server, as
// time-zone.spec.ts does, with TCMB_URL at its stand-in.

const SAMPLE = readFileSync(
  path.join(import.meta.dirname, '../src/server/modules/exchange-rates/tcmb-sample.xml'),
  'utf8',
)

let bank: Server | null = null
let own: OwnServer | null = null
let baseURL = ''

test.beforeAll(async () => {
  test.setTimeout(240_000)
  bank = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' })
    res.end(SAMPLE)
  })
  await new Promise<void>((resolve) => bank?.listen(0, '127.0.0.1', resolve))
  const bankPort = (bank.address() as { port: number }).port
  own = await startOwnServer('rates', { TCMB_URL: `http://127.0.0.1:${bankPort}/kurlar/today.xml` })
  baseURL = own.baseURL
})

test.afterAll(async () => {
  await own?.stop()
  bank?.closeAllConnections()
  await new Promise((resolve) => (bank ? bank.close(resolve) : resolve(undefined)))
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

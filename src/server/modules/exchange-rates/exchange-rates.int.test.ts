import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ExchangeRates } from '../../../contracts/exchange-rates'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'
import { startExchangeRateWorker } from './exchange-rate-worker'

const SAMPLE = readFileSync(new URL('./tcmb-sample.xml', import.meta.url), 'utf8')

/** The sample as another day's bulletin, with USD's ForexSelling changed. */
const bulletinOf = (tarih: string, usdSelling = '42.4866') =>
  SAMPLE.replace('Tarih="27.11.2026"', `Tarih="${tarih}"`).replace(
    '<ForexSelling>42.4866</ForexSelling>',
    `<ForexSelling>${usdSelling}</ForexSelling>`,
  )

/** A stand-in for the bank on 127.0.0.1: answers what the test sets, and counts the requests. */
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: SAMPLE }
let requests = 0
let bank: Server
let t: TestApp
let owner: TestClient

beforeAll(async () => {
  bank = createServer((_req, res) => {
    requests++
    const { status, body, delayMs } = answer
    const send = () => {
      if (res.destroyed) return
      res.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' })
      res.end(body)
    }
    if (delayMs) setTimeout(send, delayMs)
    else send()
  })
  await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve))
  const { port } = bank.address() as AddressInfo
  t = await createTestApp({
    env: { TCMB_URL: `http://127.0.0.1:${port}/kurlar/today.xml`, TCMB_TIMEOUT_SECONDS: '1' },
  })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { staffRole: 'owner' })
})
afterAll(async () => {
  await t.close()
  bank.closeAllConnections()
  await new Promise((resolve) => bank.close(resolve))
})

beforeEach(async () => {
  answer = { status: 200, body: SAMPLE }
  const { db } = t.database
  await db.execute(sql`delete from exchange_rates`)
  await db.execute(
    sql`update exchange_rate_status set last_success_at = null, last_bulletin_date = null, applied_with = null,
        last_failure_at = null, last_failure = null`,
  )
  await db.execute(sql`delete from store_settings where key = 'exchangeRateSource'`)
  await db.execute(
    sql`update currencies set rate_source = 'manual', rate_bulletin_date = null, rate_pinned = false,
        exchange_rate = case code when 'USD' then 42.35 when 'EUR' then 49.10 else 1 end`,
  )
})

const fetchNow = (client: TestClient = owner) =>
  client.send({ method: 'POST', url: '/yonetim/exchange-rates/fetch' })
const read = async (client: TestClient = owner) => {
  const res = await client.send({ method: 'GET', url: '/yonetim/exchange-rates' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ExchangeRates
}
const rateOf = async (code: string) => (await read()).currencies.find((c) => c.code === code)
type Stored = { code: string; exchange_rate: string; rate_source: string; rate_bulletin_date: string | null }
const stored = () =>
  queryRows<Stored>(
    t.database.db,
    sql`select code, exchange_rate::text, rate_source, rate_bulletin_date::text from currencies order by code`,
  )
const history = () =>
  queryRows<{ currency_code: string; rate: string; bulletin_date: string | null; source: string }>(
    t.database.db,
    sql`select currency_code, rate::text, bulletin_date::text, source from exchange_rates order by id`,
  )

describe('fetching the bulletin', () => {
  it('stores the chosen rate per one unit with its bulletin date, on the currencies and in the history', async () => {
    const res = await fetchNow()
    expect(res.statusCode, res.body).toBe(200)
    // ForexSelling, no markup (the defaults); the store has USD and EUR (TRY is the base).
    expect(res.json()).toEqual({
      bulletinDate: '2026-11-27',
      rates: [
        { currency: 'USD', rate: '42.486600' },
        { currency: 'EUR', rate: '49.241600' },
      ],
    })
    expect(await stored()).toEqual([
      { code: 'EUR', exchange_rate: '49.241600', rate_source: 'tcmb', rate_bulletin_date: '2026-11-27' },
      { code: 'TRY', exchange_rate: '1.000000', rate_source: 'manual', rate_bulletin_date: null },
      { code: 'USD', exchange_rate: '42.486600', rate_source: 'tcmb', rate_bulletin_date: '2026-11-27' },
    ])
    expect(await history()).toEqual([
      { currency_code: 'USD', rate: '42.486600', bulletin_date: '2026-11-27', source: 'tcmb' },
      { currency_code: 'EUR', rate: '49.241600', bulletin_date: '2026-11-27', source: 'tcmb' },
    ])
    const screen = await read()
    expect(screen.status).toMatchObject({ lastBulletinDate: '2026-11-27', failing: false, lastFailure: null })
    expect(screen.status.lastSuccessAt).not.toBeNull()
    const [audit] = await queryRows<{ entity_id: string; action: string }>(
      t.database.db,
      sql`select entity_id, action from audit_log where entity = 'store_setting' and entity_id = 'exchangeRates'
          order by id desc limit 1`,
    )
    expect(audit).toEqual({ entity_id: 'exchangeRates', action: 'fetch' })
  })

  it('gives the dealers’ pages and the header the new rate and its source (bootstrap)', async () => {
    await fetchNow()
    const res = await owner.send({ method: 'GET', url: '/api/bootstrap' })
    const usd = (res.json().currencies as Array<Record<string, unknown>>).find((c) => c.code === 'USD')
    expect(usd).toMatchObject({ exchangeRate: 42.4866, rateSource: 'tcmb', rateBulletinDate: '2026-11-27' })
  })

  it('changes nothing when the same bulletin is fetched again', async () => {
    await fetchNow()
    const before = { currencies: await stored(), history: await history() }
    const again = await fetchNow()
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ bulletinDate: '2026-11-27', rates: [] })
    expect({ currencies: await stored(), history: await history() }).toEqual(before)
  })

  it('applies a bulletin once when two fetches run at the same moment', async () => {
    const both = await Promise.all([fetchNow(), fetchNow()])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(both.map((r) => r.json().rates.length).sort()).toEqual([0, 2])
    expect(await history()).toHaveLength(2)
  })

  it('keeps the last business day’s rates over a weekend, then takes Monday’s bulletin', async () => {
    await fetchNow() // Friday 27.11
    // Saturday and Sunday the file still carries Friday's bulletin.
    for (let day = 0; day < 2; day++) {
      const weekend = await fetchNow()
      expect(weekend.json()).toEqual({ bulletinDate: '2026-11-27', rates: [] })
    }
    expect((await rateOf('USD'))?.bulletinDate).toBe('2026-11-27')
    answer = { status: 200, body: bulletinOf('30.11.2026', '42.6001') }
    const monday = await fetchNow()
    expect(monday.json().bulletinDate).toBe('2026-11-30')
    expect(await rateOf('USD')).toMatchObject({
      rate: '42.600100',
      source: 'tcmb',
      bulletinDate: '2026-11-30',
    })
    // A stale copy of an older bulletin (a cache in between) never takes the rates back.
    answer = { status: 200, body: SAMPLE }
    expect((await fetchNow()).json()).toEqual({ bulletinDate: '2026-11-27', rates: [] })
    expect((await rateOf('USD'))?.rate).toBe('42.600100')
  })
})

describe('a failed fetch', () => {
  it.each([
    ['a 500', { status: 500, body: 'Internal Server Error' }, 'HTTP 500'],
    ['garbage', { status: 200, body: '<html><body>Bakımdayız</body>' }, 'not well-formed XML'],
    ['an HTML page', { status: 200, body: '<html><body>Bakımdayız</body></html>' }, 'no Tarih_Date element'],
    ['a timeout', { status: 200, body: SAMPLE, delayMs: 1500 }, 'timeout after 1000 ms'],
    [
      'no usable currency',
      { status: 200, body: SAMPLE.replace(/<ForexSelling>[^<]*<\/ForexSelling>/g, '<ForexSelling/>') },
      'no currency has a ForexSelling rate',
    ],
  ])(
    '(%s) keeps the rates and warns staff with the time of the last success',
    async (_what, failing, reason) => {
      await fetchNow()
      const success = (await read()).status.lastSuccessAt
      const before = await stored()
      answer = failing
      const res = await fetchNow()
      expect(res.statusCode, res.body).toBe(502)
      expect(res.json().error.code).toBe('rates_fetch_failed')
      expect(res.json().error.messages.type).toContain(reason)
      expect(await stored()).toEqual(before)
      const { status } = await read()
      expect(status).toMatchObject({ failing: true, lastFailure: reason, lastSuccessAt: success })
      // The next good fetch clears the warning.
      answer = { status: 200, body: SAMPLE }
      expect((await fetchNow()).statusCode).toBe(200)
      expect((await read()).status.failing).toBe(false)
    },
  )

  it('warns before any fetch ever succeeded, and leaves the seeded rates alone', async () => {
    answer = { status: 503, body: '' }
    expect((await fetchNow()).statusCode).toBe(502)
    expect((await read()).status).toMatchObject({
      failing: true,
      lastSuccessAt: null,
      lastFailure: 'HTTP 503',
    })
    expect((await rateOf('USD'))?.rate).toBe('42.350000')
  })
})

describe('manual rates', () => {
  const setRate = (code: string, payload: object) =>
    owner.send({ method: 'PUT', url: `/yonetim/exchange-rates/${code}`, payload })

  it('a pinned one stays through the bulletins; an unpinned one is replaced by the next', async () => {
    const pinned = await setRate('USD', { rate: '43,10', pinned: true })
    expect(pinned.statusCode, pinned.body).toBe(200)
    expect(pinned.json().currencies.find((c: { code: string }) => c.code === 'USD')).toMatchObject({
      rate: '43.100000',
      source: 'manual',
      bulletinDate: null,
      pinned: true,
    })
    await setRate('EUR', { rate: '50', pinned: false })
    const fetched = await fetchNow()
    expect(fetched.json().rates).toEqual([{ currency: 'EUR', rate: '49.241600' }])
    expect(await rateOf('USD')).toMatchObject({ rate: '43.100000', source: 'manual', pinned: true })
    expect(await rateOf('EUR')).toMatchObject({ rate: '49.241600', source: 'tcmb', pinned: false })
    expect((await history()).filter((h) => h.source === 'manual')).toEqual([
      { currency_code: 'USD', rate: '43.100000', bulletin_date: null, source: 'manual' },
      { currency_code: 'EUR', rate: '50.000000', bulletin_date: null, source: 'manual' },
    ])
  })

  it.each([
    ['TRY', { rate: '2', pinned: true }, 409],
    ['GBP', { rate: '56', pinned: true }, 404],
    ['USD', { rate: '0', pinned: true }, 400],
    ['USD', { rate: '-4', pinned: true }, 400],
    ['USD', { rate: '42.1234567', pinned: true }, 400],
    ['USD', { rate: '42' }, 400],
    ['usd', { rate: '42', pinned: true }, 400],
  ])('refuses %s %o (%i)', async (code, payload, status) => {
    const res = await setRate(code, payload)
    expect(res.statusCode, res.body).toBe(status)
    expect((await rateOf('USD'))?.rate).toBe('42.350000')
  })
})

describe('the settings', () => {
  const setSettings = (client: TestClient, payload: object) =>
    client.send({ method: 'PUT', url: '/yonetim/exchange-rates/settings', payload })

  it('choose the rate and the markup; the same bulletin is applied again under new settings', async () => {
    await fetchNow()
    const res = await setSettings(owner, { field: 'BanknoteBuying', markupPercent: '2' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().settings).toEqual({ field: 'BanknoteBuying', markupPercent: '2' })
    const refetch = await fetchNow()
    expect(refetch.json()).toEqual({
      bulletinDate: '2026-11-27',
      rates: [
        { currency: 'USD', rate: '43.228110' },
        { currency: 'EUR', rate: '50.100972' },
      ],
    })
    // One history row per currency and bulletin, now at the new settings.
    expect(await history()).toEqual([
      { currency_code: 'USD', rate: '43.228110', bulletin_date: '2026-11-27', source: 'tcmb' },
      { currency_code: 'EUR', rate: '50.100972', bulletin_date: '2026-11-27', source: 'tcmb' },
    ])
    const [audit] = await queryRows<{ entity_id: string }>(
      t.database.db,
      sql`select entity_id from audit_log where entity_id = 'exchangeRateSource' order by id desc limit 1`,
    )
    expect(audit).toEqual({ entity_id: 'exchangeRateSource' })
  })

  it.each([
    [{ field: 'CrossRateUSD', markupPercent: '0' }],
    [{ field: 'ForexSelling', markupPercent: '101' }],
    [{ field: 'ForexSelling', markupPercent: '-1' }],
    [{ field: 'ForexSelling', markupPercent: '1.234' }],
    [{ field: 'ForexSelling' }],
    [{ field: 'ForexSelling', markupPercent: '1', extra: true }],
  ])('refuses %o', async (payload) => {
    expect((await setSettings(owner, payload)).statusCode).toBe(400)
    expect((await read()).settings).toEqual({ field: 'ForexSelling', markupPercent: '0' })
  })
})

describe('who may', () => {
  it('reads: system readers; writes: only system writers (the owner)', async () => {
    const readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
    const sales = await loggedInUser(t, null, { staffRole: 'sales' })
    const company = await createCustomer(t.database.db, { name: 'Kur Bayi Ltd.' })
    const dealer = await loggedInUser(t, company.id)
    const asked = requests
    const usdBefore = await rateOf('USD')
    expect((await readonly.send({ method: 'GET', url: '/yonetim/exchange-rates' })).statusCode).toBe(200)
    for (const client of [readonly, sales, dealer]) {
      expect((await fetchNow(client)).statusCode).toBe(403)
      const put = await client.send({
        method: 'PUT',
        url: '/yonetim/exchange-rates/USD',
        payload: { rate: '1', pinned: true },
      })
      expect(put.statusCode).toBe(403)
    }
    expect((await sales.send({ method: 'GET', url: '/yonetim/exchange-rates' })).statusCode).toBe(403)
    // Refused before the bank was asked, and nothing written.
    expect(requests).toBe(asked)
    expect(await rateOf('USD')).toEqual(usdBefore)
  })

  it('a fetch without the CSRF token is refused before the bank is asked', async () => {
    const asked = requests
    const res = await owner.send({ method: 'POST', url: '/yonetim/exchange-rates/fetch', csrf: false })
    expect(res.statusCode).toBe(403)
    expect(requests).toBe(asked)
  })
})

describe('the background worker', () => {
  it('fetches at start when the last scheduled bulletin was missed, then waits for the next one, and stops cleanly', async () => {
    const logs: string[] = []
    const log = {
      info: (_: object, msg: string) => logs.push(msg),
      warn: (_: object, msg: string) => logs.push(msg),
    }
    // Monday 30.11.2026 16:00 Istanbul: Monday's fetch time has passed and nothing was fetched.
    const now = () => new Date('2026-11-30T13:00:00Z')
    const worker = startExchangeRateWorker(
      { db: t.database.db, now, tcmb: t.deps.config.tcmb, log },
      { retryMs: 60_000 },
    )
    await expect
      .poll(() => worker.nextRun()?.toISOString(), { timeout: 10_000 })
      .toBe('2026-12-01T12:35:00.000Z')
    await worker.stop()
    expect(logs).toEqual(['TCMB exchange rates applied'])
    expect((await rateOf('USD'))?.source).toBe('tcmb')
  })

  it('after a failure tries again after retryMs, not waiting for the next day', async () => {
    answer = { status: 500, body: '' }
    const log = { info: () => undefined, warn: () => undefined }
    const now = () => new Date('2026-11-30T13:00:00Z')
    const worker = startExchangeRateWorker(
      { db: t.database.db, now, tcmb: t.deps.config.tcmb, log },
      { retryMs: 60_000 },
    )
    await expect
      .poll(() => worker.nextRun()?.toISOString(), { timeout: 10_000 })
      .toBe('2026-11-30T13:01:00.000Z')
    await worker.stop()
    expect((await read()).status.failing).toBe(true)
  })

  it('at start after a recent success only schedules', async () => {
    await fetchNow()
    const asked = requests
    const log = { info: () => undefined, warn: () => undefined }
    // The success was just now (real clock); "now" for the worker is the same moment.
    const worker = startExchangeRateWorker({
      db: t.database.db,
      now: () => new Date(),
      tcmb: t.deps.config.tcmb,
      log,
    })
    await expect.poll(() => worker.nextRun(), { timeout: 10_000 }).not.toBeNull()
    await worker.stop()
    expect(requests).toBe(asked)
  })
})

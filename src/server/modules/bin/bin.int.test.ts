import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { binRanges } from '../../db/schema/payments'
import { DEALER, seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { GUEST_BIN_LOOKUPS_PER_MINUTE } from './bin.routes'
import {
  type BinContext,
  type BinGateway,
  binControl as binControlService,
  importBinList,
  lookupCard,
  saveBank,
  saveDefaultPlans,
} from './bin.service'
import { parseBinList } from './bin-list'
import { bankForIssuer } from './issuer-match'

let t: TestApp
let dealer: TestClient
let garantiId: number

const plan = (installment: number, commissionFee: string, isDefault = false) => ({
  installment,
  commissionFee,
  isDefault,
})

/** A list in the real format: BOM, CRLF, empty fields; a 6- and an 8-digit row overlapping. */
const LIST = `\uFEFF${[
  'BIN;Network;Type;Category;Issuer',
  '540061;MASTERCARD;CREDIT;GOLD;TURKIYE GARANTI BANKASI, A.S.',
  '54006199;VISA;CREDIT;;AKBANK T.A.S.',
  '603650;MAESTRO;DEBIT;;T. GARANTI BANKASI A.S',
  '979201;TROY;CREDIT;;DENIZBANK, A.S.',
  '310422;PRIVATE LABEL;;;',
].join('\r\n')}\r\n`

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  const db = t.database.db
  // Plans saved out of order: the answer sorts them.
  garantiId = await saveBank(db, {
    code: 'garanti',
    name: 'Garanti BBVA',
    logo: 'banks/garanti.svg',
    issuerMatch: ['GARANTI'],
    sortOrder: 0,
    plans: [plan(6, '6.50'), plan(1, '0'), plan(3, '3.30', true), plan(2, '2.20')],
  })
  // Akbank has no plans in this store: its cards get the store's defaults.
  await saveBank(db, {
    code: 'akbank',
    name: 'Akbank',
    logo: null,
    issuerMatch: ['AKBANK'],
    sortOrder: 1,
    plans: [],
  })
  await saveDefaultPlans(db, [plan(2, '2.50'), plan(1, '0', true)])
  await importBinList(db, LIST)
  dealer = new TestClient(t.app)
  await dealer.login(DEALER.email, DEALER.password)
})
afterAll(() => t.close())

const binControl = (client: TestClient, payload: unknown, extra: Record<string, unknown> = {}) =>
  client.send({ method: 'POST', url: '/api/catalog/bin-control', payload: payload as object, ...extra })

const form = (binNumber: string) => ({
  payload: `binNumber=${encodeURIComponent(binNumber)}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

const STORE_DEFAULTS = [
  { installment: 1, commisionFee: 0, isDefault: true },
  { installment: 2, commisionFee: 2.5, isDefault: false },
]

describe('POST /api/catalog/bin-control', () => {
  it("answers the bank, organization, type and the bank's plans sorted by installment (form data)", async () => {
    const res = await dealer.send({ method: 'POST', url: '/api/catalog/bin-control', ...form('54006100') })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.bank).toEqual({
      name: 'Garanti BBVA',
      logo: 'banks/garanti.svg',
      organization: 'MASTER_CARD',
      cardType: 'CREDIT',
      issuer: 'TURKIYE GARANTI BANKASI, A.S.',
    })
    expect(body.plans).toEqual([
      { id: expect.any(Number), installment: 1, commisionFee: 0, isDefault: false },
      { id: expect.any(Number), installment: 2, commisionFee: 2.2, isDefault: false },
      { id: expect.any(Number), installment: 3, commisionFee: 3.3, isDefault: true },
      { id: expect.any(Number), installment: 6, commisionFee: 6.5, isDefault: false },
    ])
  })

  it('takes the longest prefix: the 8-digit row over the 6-digit row it overlaps', async () => {
    const eight = (await binControl(dealer, { binNumber: '54006199' })).json()
    expect(eight.bank).toMatchObject({ organization: 'VISA', issuer: 'AKBANK T.A.S.', name: null })
    const six = (await binControl(dealer, { binNumber: '54006198' })).json()
    expect(six.bank).toMatchObject({ organization: 'MASTER_CARD', name: 'Garanti BBVA' })
  })

  it("gives a card of a bank without plans the store's default plans", async () => {
    const body = (await binControl(dealer, { binNumber: '54006199' })).json()
    expect(body.plans.map(({ id: _id, ...p }: { id: number }) => p)).toEqual(STORE_DEFAULTS)
  })

  it("gives an unknown BIN the store's default plans and no bank", async () => {
    const res = await binControl(dealer, { binNumber: '11112222' })
    expect(res.statusCode).toBe(200)
    expect(res.json().bank).toEqual({
      name: null,
      logo: null,
      organization: null,
      cardType: null,
      issuer: null,
    })
    expect(res.json().plans.map(({ id: _id, ...p }: { id: number }) => p)).toEqual(STORE_DEFAULTS)
  })

  it('offers a debit card the single payment only', async () => {
    const body = (await binControl(dealer, { binNumber: '60365012' })).json()
    expect(body.bank).toMatchObject({ name: 'Garanti BBVA', organization: 'MASTER_CARD', cardType: 'DEBIT' })
    expect(body.plans).toEqual([
      { id: expect.any(Number), installment: 1, commisionFee: 0, isDefault: false },
    ])
  })

  it('answers a network it does not show as a null organization, and empty fields as null', async () => {
    const body = (await binControl(dealer, { binNumber: '31042200' })).json()
    expect(body.bank).toEqual({ name: null, logo: null, organization: null, cardType: null, issuer: null })
    expect((await binControl(dealer, { binNumber: '97920100' })).json().bank.organization).toBe('TROY')
  })

  it('reads multipart form data too', async () => {
    const boundary = 'X-BOUNDARY'
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="binNumber"\r\n\r\n54006100\r\n--${boundary}--\r\n`
    const res = await dealer.send({
      method: 'POST',
      url: '/api/catalog/bin-control',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().bank.name).toBe('Garanti BBVA')
  })

  it.each([
    ['7 digits', { binNumber: '5400610' }, 'binNumber'],
    ['9 digits', { binNumber: '540061001' }, 'binNumber'],
    ['16 digits', { binNumber: '5400610000000000' }, 'binNumber'],
    ['letters', { binNumber: '5400610a' }, 'binNumber'],
    ['spaces', { binNumber: '5400 610' }, 'binNumber'],
    ['empty', { binNumber: '' }, 'binNumber'],
    ['missing', {}, 'binNumber'],
    ['a number instead of text', { binNumber: 54006100 }, 'binNumber'],
    ['an unknown field', { binNumber: '54006100', amount: '100' }, 'amount'],
  ])('answers 400 with a field message for %s', async (_label, payload, field) => {
    const res = await binControl(dealer, payload)
    expect(res.statusCode).toBe(400)
    const { error } = res.json()
    expect(error.code).toBe('validation')
    expect(error.messages.type).toBeTruthy()
    expect(error.fields[field]).toBeTruthy()
  })

  it('answers 400 in the error shape for a form with a 7-digit binNumber', async () => {
    const res = await dealer.send({ method: 'POST', url: '/api/catalog/bin-control', ...form('5400610') })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.binNumber).toBe('Geçersiz değer.')
  })

  it('answers a visitor who is not logged in but holds the page token (a payment link payer)', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage('/')
    const res = await binControl(guest, { binNumber: '54006100' }, { remoteAddress: '10.0.0.1' })
    expect(res.statusCode).toBe(200)
    expect(res.json().bank.name).toBe('Garanti BBVA')
  })

  it('refuses a request without the CSRF token with 403', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage('/')
    const res = await guest.send({
      method: 'POST',
      url: '/api/catalog/bin-control',
      payload: { binNumber: '54006100' },
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('csrf')
  })

  it('limits visitors who are not logged in per IP, and not logged-in dealers', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage('/')
    const from = (ip: string) => binControl(guest, { binNumber: '54006100' }, { remoteAddress: ip })
    for (let i = 0; i < GUEST_BIN_LOOKUPS_PER_MINUTE; i++)
      expect((await from('10.0.0.2')).statusCode).toBe(200)
    const limited = await from('10.0.0.2')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('rate_limited')
    expect(limited.json().error.messages.type).toMatch(/^Çok fazla kart sorgusu yapıldı\. Lütfen \d+ saniye/)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is counted on its own.
    expect((await from('10.0.0.3')).statusCode).toBe(200)
    // A dealer from the limited address is not limited.
    const res = await binControl(dealer, { binNumber: '54006100' }, { remoteAddress: '10.0.0.2' })
    expect(res.statusCode).toBe(200)
  })

  it('counts one visitor once however its address is written (IPv4-mapped, the same IPv6 /64)', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage('/')
    const from = (ip: string) => binControl(guest, { binNumber: '54006100' }, { remoteAddress: ip })
    const half = GUEST_BIN_LOOKUPS_PER_MINUTE / 2
    for (let i = 0; i < half; i++) expect((await from('10.0.0.5')).statusCode).toBe(200)
    for (let i = 0; i < half; i++) expect((await from('::ffff:10.0.0.5')).statusCode).toBe(200)
    expect((await from('::ffff:a00:5')).statusCode).toBe(429)
    for (let i = 0; i < GUEST_BIN_LOOKUPS_PER_MINUTE; i++)
      expect((await from(`2001:db8:5:6::${i.toString(16)}`)).statusCode).toBe(200)
    expect((await from('2001:db8:5:6:ffff::1')).statusCode).toBe(429)
    expect((await from('2001:db8:5:7::1')).statusCode).toBe(200)
  })

  it('is in the OpenAPI document with its form body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const op = doc.paths['/api/catalog/bin-control'].post
    expect(Object.keys(op.requestBody.content)).toContain('application/x-www-form-urlencoded')
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['binNumber'])
  })

  it('finds a BIN with one query of the BIN table', async () => {
    const before = t.database.queries.count
    await binControl(dealer, { binNumber: '54006100' })
    // The session and user (one query), the reference versions' reading (which gateway is in use: the
    // back office may choose it), the BIN row with its bank, the bank's plans.
    expect(t.database.queries.count - before).toBeLessThanOrEqual(4)
  })
})

describe('with the process caches on', () => {
  it('looks cards up in the BIN table held in memory: the same answers, no query after the first', async () => {
    const cached = await createTestApp({ database: t.database, cacheSeconds: 60 })
    try {
      const client = new TestClient(cached.app)
      await client.login(DEALER.email, DEALER.password)
      const first = (await binControl(client, { binNumber: '54006199' })).json()
      expect(first.bank).toMatchObject({ organization: 'VISA', issuer: 'AKBANK T.A.S.', name: null })
      const six = (await binControl(client, { binNumber: '54006198' })).json()
      expect(six.bank).toMatchObject({ organization: 'MASTER_CARD', name: 'Garanti BBVA' })
      // Table and plans are in memory now: other cards of any bank, or of none, cost no query but each
      // request's one reading of the reference versions (the gateway in use is kept until it changes).
      const before = t.database.queries.count
      const other = (await binControl(client, { binNumber: '54006197' })).json()
      expect(other.bank).toMatchObject({ organization: 'MASTER_CARD', name: 'Garanti BBVA' })
      const unknown = (await binControl(client, { binNumber: '00000000' })).json()
      expect(unknown.bank).toMatchObject({ name: null, organization: null })
      expect(unknown.plans).toMatchObject(STORE_DEFAULTS)
      expect(t.database.queries.count - before).toBe(2)
    } finally {
      await cached.app.close()
    }
  })
})

describe('plan ids', () => {
  it("gives the bank's plan ids, which are not the store's", async () => {
    const garanti = (await binControl(dealer, { binNumber: '54006100' })).json().plans
    const store = (await binControl(dealer, { binNumber: '11112222' })).json().plans
    const ids = new Set(store.map((p: { id: number }) => p.id))
    expect(garanti.some((p: { id: number }) => ids.has(p.id))).toBe(false)
    const [row] = await t.database.db.select().from(binRanges).where(eq(binRanges.prefix, '540061'))
    expect(row?.bankId).toBe(garantiId)
  })
})

describe('with iyzico as the gateway: plans from our table, which installments and their commission from iyzico', () => {
  const calls: string[] = []
  const gateway = (answer: BinGateway['binInfo'], name: BinGateway['name'] = 'iyzico'): BinGateway => ({
    name,
    binInfo: async (bin, amount) => {
      calls.push(`${bin} ${amount}`)
      return answer(bin, amount)
    },
  })
  const ctx = (g: BinGateway, warnings: string[] = []): BinContext => ({
    db: t.database.db,
    caches: t.deps.caches,
    gateway: g,
    log: { warn: (_obj, msg) => warnings.push(msg) },
  })
  const iyzico = gateway(async () => ({
    network: 'MASTER_CARD',
    cardType: 'CREDIT',
    issuer: 'Garanti Bankası',
    installments: [
      { installment: 1, commissionFee: '0.00' },
      { installment: 3, commissionFee: '4.10' },
      { installment: 9, commissionFee: '10.00' },
    ],
  }))

  it("keeps the bank's plans iyzico offers, at iyzico's commission; drops the others", async () => {
    const answer = await binControlService(ctx(iyzico), '54006100')
    expect(answer.bank).toEqual({
      name: 'Garanti BBVA',
      logo: 'banks/garanti.svg',
      organization: 'MASTER_CARD',
      cardType: 'CREDIT',
      issuer: 'Garanti Bankası',
    })
    const stored = (await binControl(dealer, { binNumber: '54006100' })).json().plans
    const idOf = (n: number) => stored.find((p: { installment: number }) => p.installment === n).id
    expect(answer.plans).toEqual([
      { id: idOf(1), installment: 1, commisionFee: 0, isDefault: false },
      { id: idOf(3), installment: 3, commisionFee: 4.1, isDefault: true },
    ])
    expect(calls.at(-1)).toBe('54006100 100.00')
  })

  it("finds the bank by iyzico's issuer when our BIN table does not know the card", async () => {
    const card = await lookupCard(ctx(iyzico), '77770000')
    expect(card.bank).toMatchObject({ id: garantiId, name: 'Garanti BBVA' })
    expect(card.plans.map((p) => [p.installment, p.commissionFee])).toEqual([
      [1, '0.00'],
      [3, '4.10'],
    ])
  })

  it('uses our BIN table when iyzico does not know the card or fails', async () => {
    const unknown = await lookupCard(ctx(gateway(async () => null)), '54006100')
    expect(unknown.plans.map((p) => p.installment)).toEqual([1, 2, 3, 6])
    const warnings: string[] = []
    const failing = gateway(async () => {
      throw new Error('connect ECONNREFUSED')
    })
    const down = await lookupCard(ctx(failing, warnings), '54006100')
    expect(down.plans.map((p) => p.installment)).toEqual([1, 2, 3, 6])
    expect(warnings).toEqual(['gateway BIN query failed'])
  })

  it('never asks the sandbox', async () => {
    const before = calls.length
    const card = await lookupCard(ctx(gateway(async () => null, 'sandbox')), '54006100')
    expect(card.bank.name).toBe('Garanti BBVA')
    expect(calls.length).toBe(before)
  })

  const findCardPlan = async (c: BinContext, bin: string, id: number) =>
    (await lookupCard(c, bin)).plans.find((p) => p.id === id) ?? null

  it("offers the plan a payment names only among the card's own plans", async () => {
    const stored = (await binControl(dealer, { binNumber: '54006100' })).json().plans
    const three = stored.find((p: { installment: number }) => p.installment === 3)
    const six = stored.find((p: { installment: number }) => p.installment === 6)
    const table = ctx(gateway(async () => null, 'sandbox'))
    expect(await findCardPlan(table, '54006100', three.id)).toMatchObject({
      installment: 3,
      commissionFee: '3.30',
    })
    expect(await findCardPlan(ctx(iyzico), '54006100', three.id)).toMatchObject({ commissionFee: '4.10' })
    // iyzico offers no 6 installments on this card; the store's default plan is not Garanti's.
    expect(await findCardPlan(ctx(iyzico), '54006100', six.id)).toBeNull()
    const storePlan = (await binControl(dealer, { binNumber: '11112222' })).json().plans[0].id
    expect(await findCardPlan(table, '54006100', storePlan)).toBeNull()
    // A debit card may not take the 3-installment plan of its bank.
    expect(await findCardPlan(table, '60365012', three.id)).toBeNull()
  })
})

/**
 * The real Turkish BIN list when BIN_LIST_CSV names a copy of it (never committed), else a
 * file in the same format written here: BOM, CRLF, empty fields, a malformed row.
 */
function binListFile(): { file: string; real: boolean } {
  const real = process.env.BIN_LIST_CSV
  if (real) return { file: real, real: true }
  const dir = mkdtempSync(path.join(tmpdir(), 'toptan-bins-'))
  const file = path.join(dir, 'bin-list.csv')
  const rows = Array.from({ length: 1200 }, (_, i) => {
    const prefix = String(400000 + i * 7)
    const issuer = ['TURKIYE GARANTI BANKASI, A.S.', 'AKBANK T.A.S.', '', 'DENIZBANK, A.S.'][i % 4]
    return `${prefix};${i % 3 ? 'VISA' : 'MASTERCARD'};${i % 5 ? 'CREDIT' : ''};${i % 2 ? 'CLASSIC' : ''};${issuer}`
  })
  writeFileSync(
    file,
    `\uFEFFBIN;Network;Type;Category;Issuer\r\n${[...rows, '4000;VISA;CREDIT;;BAD'].join('\r\n')}\r\n`,
  )
  return { file, real: false }
}

describe('importing a BIN list file', () => {
  it('imports every row of the list in a few statements, and nothing twice', async () => {
    const { file, real } = binListFile()
    const text = readFileSync(file, 'utf8')
    const parsed = parseBinList(text)
    const t2 = await createTestApp()
    try {
      const db = t2.database.db
      await seedAccounts(db)
      const garanti = await saveBank(db, {
        code: 'garanti',
        name: 'Garanti BBVA',
        logo: null,
        issuerMatch: ['GARANTI'],
        sortOrder: 0,
        plans: [],
      })
      const before = t2.database.queries.count
      const report = await importBinList(db, text)
      // One multi-row insert per 500 rows, plus reading the banks (and begin and commit on PostgreSQL).
      expect(t2.database.queries.count - before).toBeLessThanOrEqual(Math.ceil(parsed.rows.length / 500) + 3)
      expect(report.rows).toBe(parsed.rows.length)
      expect(report.inserted).toBe(report.rows)
      expect(report.rows + report.skipped.length + report.duplicates).toBe(report.lines)
      if (real) {
        // The real list is read as it is, with nothing lost.
        expect(report.skipped).toEqual([])
        expect(report.rows).toBeGreaterThan(1000)
      } else {
        expect(report.rows).toBe(1200)
        expect(report.skipped).toEqual([{ line: 1202, reason: 'bin' }])
      }
      const [stored] = await db.select({ n: count() }).from(binRanges)
      expect(stored?.n).toBe(report.rows)
      // The rows of Garanti's issuers, and only those, point at the bank.
      const linked = await db
        .select({ issuer: binRanges.issuer })
        .from(binRanges)
        .where(eq(binRanges.bankId, garanti))
      const expected = parsed.rows.filter((r) =>
        bankForIssuer(r.issuer, [{ id: garanti, issuerMatch: ['GARANTI'] }]),
      )
      expect(linked.length).toBe(expected.length)
      expect(report.withBank).toBe(expected.length)
      expect(linked.length).toBeGreaterThan(0)
      expect(linked.every((r) => /GARANTI/.test(r.issuer))).toBe(true)

      // Importing the same list again writes nothing.
      const again = await importBinList(db, text)
      expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: report.rows })

      // Every row answers as the list says: the first and the last of the file.
      const client = new TestClient(t2.app)
      await client.openPage('/')
      for (const row of [parsed.rows[0]!, parsed.rows.at(-1)!]) {
        const res = await binControl(
          client,
          { binNumber: `${row.prefix}00`.slice(0, 8) },
          { remoteAddress: '10.9.9.9' },
        )
        expect(res.statusCode).toBe(200)
        expect(res.json().bank.issuer).toBe(row.issuer || null)
      }
    } finally {
      await t2.close()
    }
  })
})

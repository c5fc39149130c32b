import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WarrantyInquiryResponse } from '../../../contracts/warranty'
import { products } from '../../db/schema/catalogue'
import { loggedInUser } from '../../test/dealers'
import { ADMIN, DEALER, DEALER2, seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { WARRANTY_LOOKUPS_PER_WINDOW, WARRANTY_WINDOW_MS } from './warranty.routes'
import { registerSerial } from './warranty.service'

// 00:30 on 15 March 2026 in Istanbul (UTC+3), still the 14th in UTC: every "days left" below counts
// from 15 March 2026, the store's day.
const START = Date.parse('2026-03-14T21:30:00Z')
let clock = START

let t: TestApp
let dealer: TestClient
let dealer2: TestClient
let admin: TestClient
let guest: TestClient
let c1: number

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) })
  const db = t.database.db
  const seeded = await seedAccounts(db)
  const [drill] = await db
    .insert(products)
    .values({
      code: 'ELA-0042',
      name: 'Akülü Vidalama 18 V',
      seo: 'akulu-vidalama-18-v',
      currencyId: seeded.currencies.try.id,
    })
    .returning({ id: products.id })
  c1 = seeded.customers.c1.id
  const c2 = seeded.customers.c2.id
  const serial = (serialNumber: string, fields: Partial<Parameters<typeof registerSerial>[1]> = {}) =>
    registerSerial(db, {
      serialNumber,
      productId: null,
      customerId: c1,
      saleDate: null,
      warrantyMonths: 24,
      movements: [],
      ...fields,
    })
  // Sold 5 February 2026: 24 months → last day 5 February 2028, 692 days after 15 March 2026.
  await serial('tp-one', {
    productId: drill!.id,
    saleDate: '2026-02-05',
    movements: [{ movedOn: '2026-02-05', status: 'SATIŞ', documentNo: 'FTR-1' }],
  })
  // Three movements, stored out of order: the answer lists them oldest first.
  await serial('TP-MANY', {
    saleDate: '2025-06-01',
    movements: [
      { movedOn: '2026-01-20', status: 'SERVİS ÇIKIŞ', documentNo: 'SRV-2' },
      { movedOn: '2025-06-01', status: 'SATIŞ', documentNo: 'FTR-2' },
      { movedOn: '2026-01-10', status: 'SERVİS GİRİŞ', documentNo: 'SRV-1' },
    ],
  })
  // Last day 1 March 2026: ran out 14 days before 15 March.
  await serial('TP-OLD', {
    saleDate: '2024-03-01',
    movements: [{ movedOn: '2024-03-01', status: 'SATIŞ', documentNo: 'FTR-3' }],
  })
  await serial('TP-UNSOLD')
  // A sale date but only a service visit on record: no sale either.
  await serial('TP-SERVICE-ONLY', {
    saleDate: '2025-01-01',
    movements: [{ movedOn: '2025-09-09', status: 'SERVİS GİRİŞ', documentNo: 'SRV-9' }],
  })
  await serial('TP-OTHER', {
    customerId: c2,
    saleDate: '2026-03-15',
    warrantyMonths: 36,
    movements: [{ movedOn: '2026-03-15', status: 'SATIŞ', documentNo: 'FTR-OTHER' }],
  })

  dealer = new TestClient(t.app)
  await dealer.login(DEALER.email, DEALER.password)
  dealer2 = new TestClient(t.app)
  await dealer2.login(DEALER2.email, DEALER2.password)
  admin = new TestClient(t.app)
  await admin.login(ADMIN.email, ADMIN.password)
  guest = new TestClient(t.app)
  await guest.openPage()
})
afterAll(() => t.close())

const URL = '/api/catalog/WarrantyInquiry'

/** Multipart form data, as the web app's FormData sends it. */
function multipart(fields: Record<string, string>) {
  const boundary = '----toptan-test-boundary'
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const ask = (client: TestClient, serialNumber: string, headers: Record<string, string> = {}) => {
  const form = multipart({ serialNumber })
  return client.send({ method: 'POST', url: URL, ...form, headers: { ...form.headers, ...headers } })
}

const data = (res: { json: () => unknown }) => (res.json() as WarrantyInquiryResponse).data
const message = (res: { json: () => unknown }) =>
  (res.json() as { error: { messages: { type: string } } }).error.messages.type

describe('POST /api/catalog/WarrantyInquiry', () => {
  it('answers one movement as an object, with the days left and the product', async () => {
    const res = await ask(dealer, '  Tp-One ')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: {
        garantiSuresi: 692,
        hareket: { tarih: '05.02.2026', durum: 'SATIŞ', belgeNo: 'FTR-1' },
        seriNo: 'TP-ONE',
        garantiBitis: '05.02.2028',
        urun: { code: 'ELA-0042', name: 'Akülü Vidalama 18 V' },
      },
    })
  })

  it('answers several movements as a list, oldest first', async () => {
    const res = await ask(dealer, 'TP-MANY')
    expect(res.statusCode).toBe(200)
    expect(data(res).hareket).toEqual([
      { tarih: '01.06.2025', durum: 'SATIŞ', belgeNo: 'FTR-2' },
      { tarih: '10.01.2026', durum: 'SERVİS GİRİŞ', belgeNo: 'SRV-1' },
      { tarih: '20.01.2026', durum: 'SERVİS ÇIKIŞ', belgeNo: 'SRV-2' },
    ])
    expect(data(res).garantiSuresi).toBe(443) // 1 June 2027 − 15 March 2026
    expect(data(res).urun).toBeNull()
  })

  it('gives an expired warranty as negative days', async () => {
    const res = await ask(dealer, 'TP-OLD')
    expect(data(res).garantiSuresi).toBe(-14)
    expect(data(res).garantiBitis).toBe('01.03.2026')
  })

  it('counts the days in Istanbul: the answer changes at midnight there, not in UTC', async () => {
    clock = Date.parse('2026-03-14T20:59:00Z') // 23:59 on the 14th in Istanbul
    try {
      expect(data(await ask(admin, 'TP-OLD')).garantiSuresi).toBe(-13)
    } finally {
      clock = START
    }
  })

  it.each([
    ['not sold', 'TP-UNSOLD'],
    ['with a sale date but no SATIŞ movement', 'TP-SERVICE-ONLY'],
  ])('says there is no sale on record for a serial %s', async (_case, serial) => {
    const res = await ask(dealer, serial)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      error: {
        code: 'no_sale',
        messages: {
          type: 'Girilen seri numarasında hiçbir satış kaydı bulunmamaktadır, lütfen girdiğiniz seri numarasını kontrol edin.',
        },
      },
    })
  })

  it('says nothing was found for an unknown serial, in the request’s language', async () => {
    const res = await ask(dealer, 'TP-NOPE')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      error: { code: 'serial_not_found', messages: { type: 'Aradığınız ürüne ait bilgi bulunamadı.' } },
    })
    const en = await ask(dealer, 'TP-NOPE', { 'accept-language': 'en' })
    expect(message(en)).toBe('No information was found for the product you are looking for.')
  })

  it('shows another company’s sale without its documents; its own dealer and staff see them', async () => {
    const other = await ask(dealer, 'TP-OTHER')
    expect(other.statusCode).toBe(200)
    expect(data(other)).toMatchObject({
      garantiSuresi: 1096,
      hareket: { tarih: '15.03.2026', durum: 'SATIŞ', belgeNo: null },
    })
    expect(data(await ask(dealer2, 'TP-OTHER')).hareket).toMatchObject({ belgeNo: 'FTR-OTHER' })
    expect(data(await ask(admin, 'TP-OTHER')).hareket).toMatchObject({ belgeNo: 'FTR-OTHER' })
    expect(data(await ask(dealer2, 'TP-ONE')).hareket).toMatchObject({ belgeNo: null })
  })

  it('takes urlencoded and JSON bodies too', async () => {
    const form = await dealer.send({
      method: 'POST',
      url: URL,
      payload: 'serialNumber=tp-one',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(data(form).seriNo).toBe('TP-ONE')
    const json = await dealer.send({ method: 'POST', url: URL, payload: { serialNumber: 'TP-ONE' } })
    expect(data(json).seriNo).toBe('TP-ONE')
  })

  it.each([
    ['an empty serial', { serialNumber: '  ' }, 'Lütfen seri numarasını giriniz.'],
    [
      'characters a serial does not have',
      { serialNumber: 'AB#1' },
      'Seri numarası en fazla 64 karakter olabilir; harf, rakam ve - _ . / karakterlerinden oluşmalıdır.',
    ],
    [
      'a serial longer than 64',
      { serialNumber: 'A'.repeat(65) },
      'Seri numarası en fazla 64 karakter olabilir; harf, rakam ve - _ . / karakterlerinden oluşmalıdır.',
    ],
  ])('refuses %s with a clear message on the field', async (_case, payload, text) => {
    const res = await dealer.send({ method: 'POST', url: URL, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: { code: 'invalid_serial', messages: { type: text }, fields: { serialNumber: text } },
    })
  })

  it.each([
    ['no serial', {}],
    ['an unknown field', { serialNumber: 'TP-ONE', customerId: 2 }],
    ['a control character', { serialNumber: 'TP\u0000ONE' }],
    ['a number', { serialNumber: 42 }],
  ])('refuses %s at the contract', async (_case, payload) => {
    const res = await dealer.send({ method: 'POST', url: URL, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('validation')
  })

  it('sends a guest to log in (401), whatever the body holds', async () => {
    const res = await ask(guest, 'TP-ONE')
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthenticated')
    const junk = await guest.send({ method: 'POST', url: URL, payload: { nonsense: true } })
    expect(junk.statusCode).toBe(401)
  })

  it('needs the anti-forgery token: without it 403', async () => {
    const res = await dealer.send({
      method: 'POST',
      url: URL,
      payload: { serialNumber: 'TP-ONE' },
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('csrf')
  })
})

describe('the lookup limit', () => {
  it(`allows ${WARRANTY_LOOKUPS_PER_WINDOW} lookups per user in ${WARRANTY_WINDOW_MS / 60_000} minutes, found or not`, async () => {
    // Two users of their own, of the same company: the limit is per user, not per company.
    const limited = await loggedInUser(t, c1)
    const colleague = await loggedInUser(t, c1)
    const started = clock
    try {
      for (let i = 0; i < WARRANTY_LOOKUPS_PER_WINDOW; i++) {
        const res = await ask(limited, i % 2 ? 'TP-ONE' : 'TP-NOPE')
        expect(res.statusCode).not.toBe(429)
      }
      const refused = await ask(limited, 'TP-ONE')
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe(String(WARRANTY_WINDOW_MS / 1000))
      expect(message(refused)).toBe(
        'Çok fazla garanti sorgusu yapıldı. Lütfen 10 dakika sonra tekrar deneyin.',
      )
      // Every app on the database counts together: another process refuses the same user too.
      const other = await createTestApp({ database: t.database, now: () => new Date(clock) })
      try {
        const elsewhere = new TestClient(other.app)
        elsewhere.cookie = limited.cookie
        elsewhere.csrf = limited.csrf
        expect((await ask(elsewhere, 'TP-ONE')).statusCode).toBe(429)
      } finally {
        await other.close()
      }
      expect((await ask(colleague, 'TP-ONE')).statusCode).toBe(200)
      clock = started + WARRANTY_WINDOW_MS
      expect((await ask(limited, 'TP-ONE')).statusCode).toBe(200)
    } finally {
      clock = started
    }
  })
})

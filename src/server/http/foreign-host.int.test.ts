import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { turkishSortKey } from '../../domain/turkish-text'
import { storeInfo } from '../db/schema/store'
import { createMailer } from '../integrations/mail/mailer'
import { queryRows, setStoreSetting } from '../test/db-helpers'
import { createCustomer, loggedInUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { cardForm, passChallenge, startPayment } from '../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../test/test-app'

/**
 * Every absolute address the server writes (mails, payment links, the bank's callback) comes from
 * PUBLIC_URL, never from the request's Host or X-Forwarded-Host: a dealer who sends a host of their
 * choosing finds it nowhere in the answers, the mail_outbox rows or the .eml files.
 */
const PUBLIC_URL = 'https://bayi.example.com'
const FOREIGN = 'evil.example'

/** A message's text as read: soft line breaks joined and =XX bytes decoded (a URL may be split by them). */
const quotedPrintable = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

type Case = {
  env: Record<string, string>
  /** Headers every request of the dealer carries. */
  headers: Record<string, string>
}

const cases: Array<[string, Case]> = [
  ['a foreign Host, no proxy', { env: {}, headers: { host: FOREIGN } }],
  [
    'a foreign X-Forwarded-Host behind TRUST_PROXY=1 (the forwarded host not trusted)',
    {
      env: { TRUST_PROXY: '1' },
      headers: { 'x-forwarded-host': FOREIGN, 'x-forwarded-proto': 'https', origin: PUBLIC_URL },
    },
  ],
  [
    'a foreign X-Forwarded-Host behind TRUST_PROXY=1 with TRUST_FORWARDED_HOST=1',
    {
      env: { TRUST_PROXY: '1', TRUST_FORWARDED_HOST: '1' },
      headers: {
        'x-forwarded-host': FOREIGN,
        'x-forwarded-proto': 'https',
        origin: `https://${FOREIGN}`,
      },
    },
  ],
]

describe.each(cases)('%s', (_label, { env, headers }) => {
  let t: TestApp
  let mailDir: string
  let productCode: string
  let unitId: number
  let productId: number

  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(tmpdir(), 'toptan-foreign-host-'))
    t = await createTestApp({
      env: { PUBLIC_URL: PUBLIC_URL, ...env },
      mailer: createMailer({ smtpUrl: undefined, dataDir: mailDir, from: 'Toptan <siparis@toptan.local>' }),
      // Woken after each commit that queued mail; the hourly poll never comes within a test.
      mailWorker: { pollMs: 60 * 60_000 },
    })
    const db = t.database.db
    await seedAccounts(db)
    await db.update(storeInfo).set({ email: 'servis@toptan.test' }).where(eq(storeInfo.id, 1))
    await setStoreSetting(db, 'b2b_cari_odeme_baglantisi', true)
    productCode = `FH-${randomBytes(3).toString('hex').toUpperCase()}`
    const [p] = await queryRows<{ id: number }>(
      db,
      sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
          values (${productCode}, 'Darbeli Matkap', ${productCode.toLowerCase()},
            (select id from currencies where code = 'TRY'), '100', 20, 50, ${turkishSortKey('Darbeli Matkap')})
          returning id`,
    )
    productId = p!.id
    const [unit] = await queryRows<{ id: number }>(
      db,
      sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
          values (${productId}, 'Adet', 1, '100', true, 0) returning id`,
    )
    unitId = unit!.id
    await db.execute(
      sql`insert into warehouses (code, name, sort_order) values ('FH', 'Depo', 0) on conflict (code) do nothing`,
    )
    await db.execute(
      sql`insert into product_stocks (product_id, warehouse_id, quantity)
          select ${productId}, id, 50 from warehouses order by id limit 1`,
    )
  })
  afterAll(() => t.close())

  /** A dealer whose every request carries the case's headers. */
  async function dealer(): Promise<TestClient> {
    const company = await createCustomer(t.database.db, { email: 'satis@firma.test' })
    const client = await loggedInUser(t, company.id)
    const send = client.send.bind(client)
    client.send = (opts) => send({ ...opts, headers: { ...headers, ...(opts.headers as object) } })
    return client
  }

  const addToCart = (client: TestClient) =>
    client.send({
      method: 'POST',
      url: `/api/catalog/cart/${productId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `quantity=1&productValue=${unitId}`,
    })

  async function faultReportBody() {
    const boundary = `----toptan${randomBytes(8).toString('hex')}`
    const fields = {
      productCode,
      serialNumber: 'SN-1',
      description: 'Çalışırken duruyor ve kıvılcım çıkarıyor.',
      contactPhone: '0532 123 45 67',
    }
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer()
    return {
      payload: Buffer.concat([
        Buffer.from(parts.join('')),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }
  }

  /** Waits until the outbox worker has sent (written) every queued mail, then answers the rows and files. */
  async function mailSent(): Promise<{ rows: string; files: string }> {
    const deadline = Date.now() + 10_000
    while (true) {
      const [left] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from mail_outbox where status <> 'sent'`,
      )
      if (left!.n === 0) break
      if (Date.now() > deadline) throw new Error(`${left!.n} mails not sent within 10 s`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const rows = await queryRows<Record<string, unknown>>(t.database.db, sql`select * from mail_outbox`)
    const dir = path.join(mailDir, 'outbox')
    const files = readdirSync(dir).map((name) => quotedPrintable(readFileSync(path.join(dir, name), 'utf8')))
    return { rows: JSON.stringify(rows), files: files.join('\n') }
  }

  it('mails a payment link, a fault report, an order and an offer with PUBLIC_URL links only', async () => {
    const client = await dealer()
    const answers: string[] = []
    const ok = async (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBe(200)
      answers.push(res.body)
      return res
    }

    const link = await ok(
      await client.send({
        method: 'POST',
        url: '/api/payment-link',
        payload: { amount: '1250,50', email: 'odeyen@firma.test', sendEmail: true },
      }),
    )
    expect(JSON.parse(link.body).link).toMatch(/^https:\/\/bayi\.example\.com\/odeme-linki\/[\w-]{43}$/)

    const report = await faultReportBody()
    await ok(await client.send({ method: 'POST', url: '/api/catalog/fault-reports', ...report }))

    await ok(await addToCart(client))
    await ok(
      await client.send({
        method: 'POST',
        url: '/api/catalog/cart',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'description=Kap%C4%B1da',
      }),
    )

    await ok(await addToCart(client))
    const offer = JSON.parse(
      (
        await ok(
          await client.send({
            method: 'POST',
            url: '/api/catalog/cart/offer',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: '',
          }),
        )
      ).body,
    ) as { id: number; orderNo: string }
    await ok(
      await client.send({
        method: 'PATCH',
        url: '/api/catalog/offer/update/customer',
        payload: { [offer.orderNo]: { customerName: 'Müşteri', customerEmail: 'musteri@firma.test' } },
      }),
    )
    await ok(await client.send({ method: 'PATCH', url: `/api/catalog/offer/mail/${offer.id}` }))

    const { rows, files } = await mailSent()
    expect(rows).toContain(`${PUBLIC_URL}/odeme-linki/`)
    expect(rows).toContain(`${PUBLIC_URL}/yonetim/ariza-bildirimleri`)
    expect(rows).toMatch(/https:\/\/bayi\.example\.com\/yonetim\/fault-reports\/\d+\/photo/)
    expect(files).toContain(`${PUBLIC_URL}/odeme-linki/`)
    for (const text of [...answers, rows, files]) expect(text).not.toContain(FOREIGN)
  })

  it('gives the bank a callback address on PUBLIC_URL when a card payment starts', async () => {
    const client = await dealer()
    const start = await startPayment(client, cardForm({ amount: '150.00' }))
    expect(start.statusCode, start.body).toBe(200)
    expect(start.body).not.toContain(FOREIGN)
    const { url } = start.json().action as { url: string }
    const challenge = await t.app.inject({ method: 'GET', url, headers })
    expect(challenge.body).not.toContain(FOREIGN)
    const { callbackUrl } = await passChallenge(t, url)
    expect(callbackUrl.origin).toBe(PUBLIC_URL)
    expect(callbackUrl.pathname).toBe('/payment/callback/sandbox')
  })

  it('writes the foreign host into no page or API document', async () => {
    const client = await dealer()
    for (const url of ['/', '/en/', '/api/bootstrap', '/api/openapi.json', '/hesap/ayarlar']) {
      const res = await client.send({ method: 'GET', url })
      expect(res.statusCode, url).toBeLessThan(400)
      expect(res.body, url).not.toContain(FOREIGN)
      expect(JSON.stringify(res.headers), url).not.toContain(FOREIGN)
    }
  })
})

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Offer, OfferList } from '../../../contracts/offers'
import { turkishSortKey } from '../../../domain/turkish-text'
import { throttleCounters } from '../../db/schema/throttle'
import { createMailer } from '../../integrations/mail/mailer'
import { queryRows } from '../../test/db-helpers'
import { DEALER, seedAccounts } from '../../test/fixtures'
import { closedPort, readMessage, startSmtp, type TestSmtp } from '../../test/smtp-server'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { OFFER_MAILS_PER_HOUR } from './offers.routes'

let smtp: TestSmtp
const FROM = 'Toptan <noreply@toptan.test>'

let t: TestApp
let dealer: TestClient
const HOURLY = { pollMs: 60 * 60_000 }

/**
 * Runs a test whose own app sends with another mailer: the main app's worker reads the same outbox
 * table, so it is stopped meanwhile and cannot take the mail first.
 */
async function withOnlyOwnWorker(test: () => Promise<void>) {
  await t.app.mailOutbox!.stop()
  try {
    await test()
  } finally {
    t.app.mailOutbox!.start()
  }
}

/** The mails of this offer the SMTP server took (other tests' mails may arrive meanwhile). */
const receivedFor = (offer: Offer) =>
  smtp.received.filter((m) => readMessage(m.raw).subject.includes(offer.orderNo))

/** The outbox row of the offer's latest mail. */
const queuedMail = async (offerId: number) =>
  (
    await queryRows<{ status: string; attempts: number; last_error: string | null }>(
      t.database.db,
      sql`select status, attempts, last_error from mail_outbox where offer_id = ${offerId} order by id desc limit 1`,
    )
  )[0]

async function product(name: string, price: string, tax: number) {
  const code = `M-${Math.random().toString(36).slice(2, 10)}`
  const [p] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${name}, ${code.toLowerCase()}, (select id from currencies where code = 'TRY'), ${price},
          ${tax}, 100, ${turkishSortKey(code)}) returning id`,
  )
  const [u] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default)
        values (${p!.id}, 'Adet', 1, ${price}, true) returning id`,
  )
  return { id: p!.id, unit: u!.id }
}

/** An offer of a drill (profit +10 %) and screws, for customer Kaya & Oğulları. */
async function makeOffer(client: TestClient, customerEmail = 'veli@kaya.test'): Promise<Offer> {
  const drill = await product('Matkap <b>18V</b> & "Pro"', '1000', 20)
  const screw = await product('Vida 4x40', '2.5', 10)
  await client.send({ method: 'DELETE', url: '/api/catalog/cart' })
  for (const [p, quantity] of [
    [drill, 2],
    [screw, 100],
  ] as const) {
    await client.send({
      method: 'POST',
      url: `/api/catalog/cart/${p.id}`,
      payload: { quantity, productValue: p.unit },
    })
  }
  const offer: Offer = (
    await client.send({
      method: 'POST',
      url: '/api/catalog/cart/offer',
      payload: { description: 'Fiyatlarımız 7 gün geçerlidir.' },
    })
  ).json()
  await client.send({
    method: 'PATCH',
    url: '/api/catalog/offer/update/profit',
    payload: { [offer.orderNo]: { [offer.offerItems[0]!.id]: 10 } },
  })
  await client.send({
    method: 'PATCH',
    url: '/api/catalog/offer/update/customer',
    payload: {
      [offer.orderNo]: {
        customerName: 'Veli Kaya',
        customerCompanyName: 'Kaya & Oğulları',
        customerEmail,
        customerPhone: '',
      },
    },
  })
  return offer
}

const sendMail = (client: TestClient, id: number, headers: Record<string, string> = {}) =>
  client.send({ method: 'PATCH', url: `/api/catalog/offer/mail/${id}`, headers })

const offerNow = async (client: TestClient, id: number) =>
  ((await client.send({ method: 'GET', url: '/api/catalog/offers' })).json() as OfferList).items.find(
    (o) => o.id === id,
  )

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({
    mailer: createMailer({
      smtpUrl: smtp.url,
      dataDir: mkdtempSync(path.join(tmpdir(), 'toptan-offer-mail-')),
      from: FROM,
    }),
    // Sends when kicked after the mail is queued; the hourly poll never comes within a test.
    mailWorker: HOURLY,
  })
  await seedAccounts(t.database.db)
  dealer = new TestClient(t.app)
  await dealer.login(DEALER.email, DEALER.password)
})
// The mail limit counts in the database every app shares: each test starts from no count.
beforeEach(async () => {
  await t.database.db.delete(throttleCounters)
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('PATCH /api/catalog/offer/mail/{id}', () => {
  it("sends the offer through SMTP to the customer's address, as HTML and text with the profit applied", async () => {
    const offer = await makeOffer(dealer)
    const res = await sendMail(dealer, offer.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    await t.app.mailOutbox!.runNow()
    expect(receivedFor(offer)).toHaveLength(1)
    expect(await queuedMail(offer.id)).toMatchObject({ status: 'sent', attempts: 1 })
    const envelope = receivedFor(offer)[0]!
    expect(envelope.to).toEqual(['veli@kaya.test'])
    expect(envelope.from).toBe('noreply@toptan.test')
    const mail = readMessage(envelope.raw)
    expect(mail.to).toBe('veli@kaya.test')
    expect(mail.from).toBe(FROM)
    expect(mail.subject).toBe(`Teklif ${offer.orderNo} — Yıldız Yapı Market Ltd. Şti.`)

    // 1000 × 1.10 = 1100 × 2 = 2200 (tax 440); 2.50 × 100 = 250 (tax 25).
    expect(mail.html).toContain('Sayın Kaya &amp; Oğulları,')
    expect(mail.html).toContain('Matkap &lt;b&gt;18V&lt;/b&gt; &amp; &quot;Pro&quot;')
    expect(mail.html).not.toContain('<b>18V</b>')
    for (const cell of ['>1.100,00 ₺<', '>2.200,00 ₺<', '>2,50 ₺<', '>250,00 ₺<']) {
      expect(mail.html).toContain(cell)
    }
    expect(mail.html).toMatch(/Ara Toplam<\/td><td[^>]*>2\.450,00 ₺</)
    expect(mail.html).toMatch(/KDV<\/td><td[^>]*>465,00 ₺</)
    expect(mail.html).toMatch(/Genel Toplam<\/td><td[^>]*>2\.915,00 ₺</)
    expect(mail.html).toContain('Açıklama: Fiyatlarımız 7 gün geçerlidir.')
    expect(mail.html).toContain('Satıcı:<br>Yıldız Yapı Market Ltd. Şti.')

    expect(mail.text).toContain('Sayın Kaya & Oğulları,')
    expect(mail.text).toMatch(/Matkap <b>18V<\/b> & "Pro"\s+2\s+Adet\s+1\.100,00 ₺\s+20\s+2\.200,00 ₺/)
    expect(mail.text).toMatch(/Vida 4x40\s+100\s+Adet\s+2,50 ₺\s+10\s+250,00 ₺/)
    expect(mail.text).toContain('Genel Toplam: 2.915,00 ₺')
  })

  it('answers once the mail is queued; a refusing server leaves it queued with the reason, the offer as it was', async () => {
    const offer = await makeOffer(dealer)
    const before = await offerNow(dealer, offer.id)
    for (const refuse of ['rcpt', 'data'] as const) {
      smtp.refuse = refuse
      const res = await sendMail(dealer, offer.id)
      expect(res.statusCode, refuse).toBe(200)
      await t.app.mailOutbox!.runNow()
      smtp.refuse = null
      expect(await queuedMail(offer.id), refuse).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error:
          refuse === 'rcpt' ? 'EENVELOPE: 550 Mailbox unavailable' : 'EMESSAGE: 550 Message rejected',
      })
      expect(receivedFor(offer)).toHaveLength(0)
    }
    expect(await offerNow(dealer, offer.id)).toEqual(before)
    // Once the server takes mail again, the next send goes out at once.
    expect((await sendMail(dealer, offer.id)).statusCode).toBe(200)
    await t.app.mailOutbox!.runNow()
    expect(receivedFor(offer)).toHaveLength(1)
  })

  it('keeps the mail queued with the reason when no mail server answers at all', () =>
    withOnlyOwnWorker(async () => {
      const down = await createTestApp({
        database: t.database,
        mailer: createMailer({
          smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
          dataDir: tmpdir(),
          from: FROM,
        }),
        mailWorker: HOURLY,
      })
      try {
        const client = new TestClient(down.app)
        await client.login(DEALER.email, DEALER.password)
        const offer = await makeOffer(client)
        const res = await sendMail(client, offer.id, { 'accept-language': 'en' })
        expect(res.statusCode).toBe(200)
        await down.app.mailOutbox!.runNow()
        const queued = await queuedMail(offer.id)
        expect(queued).toMatchObject({ status: 'pending', attempts: 1 })
        expect(queued?.last_error).toMatch(/^ESOCKET: connect ECONNREFUSED 127\.0\.0\.1:\d+$/)
      } finally {
        await down.close()
      }
    }))

  it('needs a customer e-mail address, and refuses a cancelled offer', async () => {
    const offer = await makeOffer(dealer, '')
    const res = await sendMail(dealer, offer.id)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'no_customer_email',
      messages: { type: 'Teklifi göndermek için önce müşterinin e-posta adresini kaydediniz.' },
    })
    const withMail = await makeOffer(dealer)
    await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/offer/${withMail.id}`,
      payload: { cancel: true },
    })
    expect((await sendMail(dealer, withMail.id)).statusCode).toBe(409)
    expect(await queuedMail(offer.id)).toBeUndefined()
    expect(await queuedMail(withMail.id)).toBeUndefined()
  })
})

describe('offer mails per user', () => {
  it(`allows ${OFFER_MAILS_PER_HOUR} an hour per user, then answers 429 with the wait; other users go on`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toptan-outbox-'))
    const app = await createTestApp({
      database: t.database,
      mailer: createMailer({ smtpUrl: undefined, dataDir, from: FROM }),
    })
    try {
      const client = new TestClient(app.app)
      await client.login(DEALER.email, DEALER.password)
      const offer = await makeOffer(client)
      for (let i = 0; i < OFFER_MAILS_PER_HOUR; i++)
        expect((await sendMail(client, offer.id)).statusCode).toBe(200)
      const refused = await sendMail(client, offer.id)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.messages.type).toBe(
        'Bir saatte gönderilebilecek teklif e-postası sınırına ulaştınız. Lütfen 60 dakika sonra tekrar deneyiniz.',
      )
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60)
      const inEnglish = await sendMail(client, offer.id, { 'accept-language': 'en' })
      expect(inEnglish.statusCode).toBe(429)
      expect(inEnglish.json().error).toEqual({
        code: 'rate_limited',
        messages: {
          type: 'You have reached the hourly limit of offer e-mails. Please try again in 60 minutes.',
        },
      })
      const [queued] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from mail_outbox where offer_id = ${offer.id}`,
      )
      expect(queued!.n).toBe(OFFER_MAILS_PER_HOUR)
      const other = new TestClient(app.app)
      await other.login('bayi2@toptan.test', 'Bayi1234!')
      expect((await sendMail(other, (await makeOffer(other)).id)).statusCode).toBe(200)
      // Another app on the same database (another process) sees the same count.
      const second = await createTestApp({ database: t.database, mailer: app.deps.mailer })
      try {
        const again = new TestClient(second.app)
        await again.login(DEALER.email, DEALER.password)
        expect((await sendMail(again, offer.id)).statusCode).toBe(429)
      } finally {
        await second.close()
      }
    } finally {
      await app.close()
    }
  })
})

describe('the default outbox mailer', () => {
  it('writes the offer mail as an .eml file under DATA_DIR/outbox', () =>
    withOnlyOwnWorker(async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'toptan-outbox-'))
      const outboxApp = await createTestApp({
        database: t.database,
        mailer: createMailer({ smtpUrl: undefined, dataDir, from: FROM }),
        mailWorker: HOURLY,
      })
      try {
        const client = new TestClient(outboxApp.app)
        await client.login(DEALER.email, DEALER.password)
        const offer = await makeOffer(client, 'ayse@musteri.test')
        const res = await sendMail(client, offer.id, { 'accept-language': 'en' })
        expect(res.statusCode).toBe(200)
        await outboxApp.app.mailOutbox!.runNow()
        // Mails other tests left queued may be written too: find this offer's.
        const outbox = path.join(dataDir, 'outbox')
        const files = readdirSync(outbox)
        expect(files.every((f) => f.endsWith('.eml'))).toBe(true)
        const mails = files
          .map((f) => readMessage(readFileSync(path.join(outbox, f), 'utf8')))
          .filter((m) => m.subject.includes(offer.orderNo))
        expect(mails).toHaveLength(1)
        const mail = mails[0]!
        expect(mail.to).toBe('ayse@musteri.test')
        expect(mail.subject).toBe(`Offer ${offer.orderNo} — Yıldız Yapı Market Ltd. Şti.`)
        expect(mail.text).toContain('Dear Kaya & Oğulları,')
        expect(mail.text).toContain('Total: ₺2,915.00')
      } finally {
        await outboxApp.close()
      }
    }))
})

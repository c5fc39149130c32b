import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Offer, OfferList } from '../../../contracts/offers'
import { turkishSortKey } from '../../../domain/turkish-text'
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
  })
  await seedAccounts(t.database.db)
  dealer = new TestClient(t.app)
  await dealer.login(DEALER.email, DEALER.password)
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('PATCH /api/catalog/offer/mail/{id}', () => {
  it("sends the offer through SMTP to the customer's address, as HTML and text with the profit applied", async () => {
    const offer = await makeOffer(dealer)
    smtp.received = []
    const res = await sendMail(dealer, offer.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect(smtp.received).toHaveLength(1)
    const envelope = smtp.received[0]!
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

  it("answers with the spec's failure text when the mail server refuses, and the offer stays as it was", async () => {
    const offer = await makeOffer(dealer)
    const before = await offerNow(dealer, offer.id)
    for (const refuse of ['rcpt', 'data'] as const) {
      smtp.refuse = refuse
      smtp.received = []
      const res = await sendMail(dealer, offer.id)
      smtp.refuse = null
      expect(res.statusCode, refuse).toBe(502)
      expect(res.json().error).toEqual({
        code: 'mail_failed',
        messages: { type: 'Mailiniz gönderilemedi. Lütfen bizimle iletişime geçiniz.' },
      })
      expect(smtp.received).toHaveLength(0)
    }
    expect(await offerNow(dealer, offer.id)).toEqual(before)
    // Once the server takes mail again, the same offer goes out.
    expect((await sendMail(dealer, offer.id)).statusCode).toBe(200)
    expect(smtp.received).toHaveLength(1)
  })

  it('fails the same way when no mail server answers at all', async () => {
    const down = await createTestApp({
      database: t.database,
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
        dataDir: tmpdir(),
        from: FROM,
      }),
    })
    try {
      const client = new TestClient(down.app)
      await client.login(DEALER.email, DEALER.password)
      const offer = await makeOffer(client)
      const res = await sendMail(client, offer.id, { 'accept-language': 'en' })
      expect(res.statusCode).toBe(502)
      expect(res.json().error.messages.type).toBe('Your mail could not be sent. Please contact us.')
    } finally {
      await down.close()
    }
  })

  it('needs a customer e-mail address, and refuses a cancelled offer', async () => {
    const offer = await makeOffer(dealer, '')
    smtp.received = []
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
    expect(smtp.received).toHaveLength(0)
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
      expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(OFFER_MAILS_PER_HOUR)
      const other = new TestClient(app.app)
      await other.login('bayi2@toptan.test', 'Bayi1234!')
      expect((await sendMail(other, (await makeOffer(other)).id)).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})

describe('the default outbox mailer', () => {
  it('writes the offer mail as an .eml file under DATA_DIR/outbox', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toptan-outbox-'))
    const outboxApp = await createTestApp({
      database: t.database,
      mailer: createMailer({ smtpUrl: undefined, dataDir, from: FROM }),
    })
    try {
      const client = new TestClient(outboxApp.app)
      await client.login(DEALER.email, DEALER.password)
      const offer = await makeOffer(client, 'ayse@musteri.test')
      const res = await sendMail(client, offer.id, { 'accept-language': 'en' })
      expect(res.statusCode).toBe(200)
      const outbox = path.join(dataDir, 'outbox')
      const files = readdirSync(outbox)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/\.eml$/)
      const mail = readMessage(readFileSync(path.join(outbox, files[0]!), 'utf8'))
      expect(mail.to).toBe('ayse@musteri.test')
      expect(mail.subject).toBe(`Offer ${offer.orderNo} — Yıldız Yapı Market Ltd. Şti.`)
      expect(mail.text).toContain('Dear Kaya & Oğulları,')
      expect(mail.text).toContain('Total: ₺2,915.00')
    } finally {
      await outboxApp.close()
    }
  })
})

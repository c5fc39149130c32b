import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../../contracts/orders'
import { turkishSortKey } from '../../../domain/turkish-text'
import { createMailer } from '../../integrations/mail/mailer'
import { queryRows } from '../../test/db-helpers'
import { seedAccounts } from '../../test/fixtures'
import { readMessage, startSmtp, type TestSmtp } from '../../test/smtp-server'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let smtp: TestSmtp
let t: TestApp

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({
    mailer: createMailer({
      smtpUrl: smtp.url,
      dataDir: mkdtempSync(path.join(tmpdir(), 'toptan-mail-')),
      from: 'Toptan <siparis@toptan.local>',
    }),
    // Sends when kicked after the order's commit; the hourly poll never comes within a test.
    mailWorker: { pollMs: 60 * 60_000 },
  })
  await seedAccounts(t.database.db)
})

afterAll(async () => {
  await t.close()
  await smtp.close()
})

async function orderOneLine(client: TestClient, name: string, price: string) {
  const code = `M-${Math.random().toString(36).slice(2, 8)}`
  const [currency] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from currencies where code = 'TRY'`,
  )
  const [p] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${name}, ${code.toLowerCase()}, ${currency!.id}, ${price}, 20, 50, ${turkishSortKey(name)})
        returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${p!.id}, 'Adet', 1, ${price}, true, 0) returning id`,
  )
  await t.database.db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity)
        select ${p!.id}, id, 50 from warehouses order by id limit 1`,
  )
  await client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p!.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=3&productValue=${unit!.id}`,
  })
  return { code }
}

describe('order confirmation mail', () => {
  it('reaches the dealer over SMTP with every line and the totals', async () => {
    const dealer = new TestClient(t.app)
    await dealer.login('bayi@toptan.test', 'Bayi1234!')
    const { code } = await orderOneLine(dealer, 'Vida <M6> & Somun', '12.5')
    const arrived = smtp.next()
    const res = await dealer.send({
      method: 'POST',
      url: '/api/catalog/cart',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'description=Kap%C4%B1da%20teslim',
    })
    expect(res.statusCode).toBe(200)
    const order: Order = res.json()
    const mail = await arrived
    expect(mail.to).toEqual(['bayi@toptan.test'])
    expect(mail.from).toBe('siparis@toptan.local')
    const message = readMessage(mail.raw)
    expect(message.subject).toBe(`Siparişiniz alındı: ${order.orderNo}`)
    // Catalogue text is escaped in the HTML part and plain in the text part.
    expect(message.html).toContain('Vida &lt;M6&gt; &amp; Somun')
    expect(message.text).toMatch(new RegExp(`${code} +Vida <M6> & Somun +3 Adet +12,50 ₺ +37,50 ₺`))
    expect(order.total.value).toBe(45)
    expect(message.text).toMatch(/Ara Toplam: 37,50 ₺\r?\n +KDV: 7,50 ₺\r?\nGenel Toplam: 45,00 ₺/)
    expect(message.html).toContain('Kapıda teslim')
  })

  it('keeps the order, and its confirmation queued for a retry with the refusal, when the server refuses', async () => {
    smtp.refuse = 'rcpt'
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toptan-mail-'))
    const app = await createTestApp({
      database: t.database,
      mailer: createMailer({ smtpUrl: smtp.url, dataDir, from: 'Toptan <siparis@toptan.local>' }),
      mailWorker: { pollMs: 60 * 60_000 },
    })
    try {
      const dealer = new TestClient(app.app)
      await dealer.login('bayi2@toptan.test', 'Bayi1234!')
      await orderOneLine(dealer, 'Pul', '2')
      const res = await dealer.send({
        method: 'POST',
        url: '/api/catalog/cart',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
      expect(res.statusCode).toBe(200)
      const { id, orderNo } = res.json()
      // Both apps' workers read the one outbox table; either may have claimed the mail in a pass.
      await Promise.all([app.app.mailOutbox!.runNow(), t.app.mailOutbox!.runNow()])
      const [queued] = await queryRows<{ status: string; attempts: number; last_error: string }>(
        t.database.db,
        sql`select status, attempts, last_error from mail_outbox where order_id = ${id}`,
      )
      expect(queued).toEqual({
        status: 'pending',
        attempts: 1,
        last_error: 'EENVELOPE: 550 Mailbox unavailable',
      })
      expect(smtp.received.some((m) => readMessage(m.raw).subject.includes(orderNo))).toBe(false)
      // The table is the only place a refused mail waits: no files beside it.
      expect(existsSync(path.join(dataDir, 'outbox'))).toBe(false)
      const list = await dealer.send({ method: 'GET', url: '/api/catalog/orders' })
      expect(list.json().items[0].orderNo).toBe(orderNo)
    } finally {
      smtp.refuse = null
      await app.close()
    }
  })
})

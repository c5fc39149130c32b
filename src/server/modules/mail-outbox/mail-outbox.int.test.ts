import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailOutboxItem, MailOutboxList } from '../../../contracts/mail-outbox'
import type { Order } from '../../../contracts/orders'
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_WAITS_SECONDS } from '../../../domain/mail-retry'
import { turkishSortKey } from '../../../domain/turkish-text'
import { createMailer } from '../../integrations/mail/mailer'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { ADMIN, DEALER, DEALER2, seedAccounts } from '../../test/fixtures'
import { readMessage, startSmtp, type TestSmtp } from '../../test/smtp-server'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let smtp: TestSmtp
let t: TestApp

const smtpMailer = () =>
  createMailer({
    smtpUrl: smtp.url,
    dataDir: mkdtempSync(path.join(tmpdir(), 'toptan-outbox-')),
    from: 'Toptan <siparis@toptan.local>',
  })

/** A worker that only works when kicked or run: no poll lands inside a test. */
const worker = { pollMs: 60 * 60_000 }

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp()
  await seedAccounts(t.database.db)
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

type OutboxRow = {
  id: number
  kind: string
  recipient: string
  subject: string
  html: string
  status: string
  attempts: number
  /** A string or a Date, as the driver gives it. */
  next_attempt_at: string | Date
  last_error: string | null
  sent_at: string | Date | null
}

const outboxRow = async (id: number) =>
  (await queryRows<OutboxRow>(t.database.db, sql`select * from mail_outbox where id = ${id}`))[0]!

const outboxOfOrder = (orderId: number) =>
  queryRows<OutboxRow>(t.database.db, sql`select * from mail_outbox where order_id = ${orderId}`)

const countRows = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(t.database.db, query))[0]!.n)

const receivedWith = (subject: string) => smtp.received.filter((m) => readMessage(m.raw).subject === subject)

/** A product with stock, one of it in the client's cart. */
async function fillCart(client: TestClient) {
  const code = `MO-${randomBytes(4).toString('hex')}`
  const [p] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${`Pense ${code}`}, ${code.toLowerCase()}, (select id from currencies where code = 'TRY'),
          '25', 20, 10, ${turkishSortKey(code)}) returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default)
        values (${p!.id}, 'Adet', 1, '25', true) returning id`,
  )
  await t.database.db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity)
        select ${p!.id}, id, 10 from warehouses order by id limit 1`,
  )
  const res = await client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p!.id}`,
    payload: { quantity: 1, productValue: unit!.id },
  })
  expect(res.statusCode).toBe(200)
}

const placeOrder = (client: TestClient, headers: Record<string, string> = {}) =>
  client.send({ method: 'POST', url: '/api/catalog/cart', payload: {}, headers })

async function loggedIn(app: TestApp, who: { email: string; password: string }) {
  const client = new TestClient(app.app)
  expect((await client.login(who.email, who.password)).statusCode).toBe(200)
  return client
}

/** A mail queued straight into the outbox, as a service would in its transaction. */
const queue = (subject: string, now = new Date()) =>
  enqueueMail(
    t.database.db,
    { kind: 'offer', to: 'musteri@kaya.test', subject, html: `<p>${subject}</p>`, text: subject },
    now,
  )

describe('order confirmations go through the outbox', () => {
  it('an order queues exactly one confirmation; a retried request and a failed order queue none', async () => {
    const dealer = await loggedIn(t, DEALER)
    await fillCart(dealer)
    const key = { 'idempotency-key': `outbox-${randomBytes(6).toString('hex')}` }
    const res = await placeOrder(dealer, key)
    expect(res.statusCode).toBe(200)
    const order: Order = res.json()
    const rows = await outboxOfOrder(order.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      kind: 'order_confirmation',
      recipient: DEALER.email,
      subject: `Siparişiniz alındı: ${order.orderNo}`,
      status: 'pending',
      attempts: 0,
      sent_at: null,
    })
    expect(rows[0]!.html).toContain(order.orderNo)

    // The same Idempotency-Key answers the same order and queues nothing more.
    const again = await placeOrder(dealer, key)
    expect(again.json().id).toBe(order.id)
    expect(await outboxOfOrder(order.id)).toHaveLength(1)

    // An order that fails (empty cart) queues nothing.
    const before = await countRows(sql`select count(*) as n from mail_outbox`)
    expect((await placeOrder(dealer)).statusCode).toBe(400)
    expect(await countRows(sql`select count(*) as n from mail_outbox`)).toBe(before)
  })

  it('is written in the order transaction: when the mail cannot be queued, no order is made', async () => {
    const dealer = await loggedIn(t, DEALER2)
    await fillCart(dealer)
    const orders = sql`select count(*) as n from orders o join users u on u.customer_id = o.customer_id
                       where u.email = ${DEALER2.email}`
    const before = await countRows(orders)
    await t.database.db.execute(
      sql.raw(
        `alter table mail_outbox add constraint test_no_mail check (recipient <> '${DEALER2.email}') not valid`,
      ),
    )
    try {
      expect((await placeOrder(dealer)).statusCode).toBe(500)
    } finally {
      await t.database.db.execute(sql`alter table mail_outbox drop constraint test_no_mail`)
    }
    expect(await countRows(orders)).toBe(before)
    const cart = await dealer.send({ method: 'GET', url: '/api/catalog/cart' })
    expect(cart.json().items).toHaveLength(1)
    // With the outbox writable again the same cart orders, with its mail.
    const res = await placeOrder(dealer)
    expect(res.statusCode).toBe(200)
    expect(await outboxOfOrder(res.json().id)).toHaveLength(1)
  })

  it('a confirmation committed by a process that stopped before sending is sent by the next one', async () => {
    // The first app has no worker: the process "crashes" between the commit and the send.
    const first = await createTestApp({ database: t.database })
    let order: Order
    try {
      const dealer = await loggedIn(first, DEALER)
      await fillCart(dealer)
      const res = await placeOrder(dealer)
      expect(res.statusCode).toBe(200)
      order = res.json()
    } finally {
      await first.close()
    }
    const subject = `Siparişiniz alındı: ${order.orderNo}`
    expect(receivedWith(subject)).toHaveLength(0)
    const [queued] = await outboxOfOrder(order.id)
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 })

    const second = await createTestApp({ database: t.database, mailer: smtpMailer(), mailWorker: worker })
    try {
      await second.app.mailOutbox!.runNow()
      const mails = receivedWith(subject)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.to).toEqual([DEALER.email])
      expect(readMessage(mails[0]!.raw).text).toContain(order.orderNo)
      const sent = await outboxRow(queued!.id)
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
      expect(sent.sent_at).not.toBeNull()
    } finally {
      await second.close()
    }
  })

  it('a worker sends the confirmation as soon as the order commits, without waiting for a poll', async () => {
    const app = await createTestApp({ database: t.database, mailer: smtpMailer(), mailWorker: worker })
    try {
      const dealer = await loggedIn(app, DEALER)
      await fillCart(dealer)
      const order: Order = (await placeOrder(dealer)).json()
      // The poll is an hour away: only the kick after the commit can send it.
      await expect.poll(() => receivedWith(`Siparişiniz alındı: ${order.orderNo}`).length).toBe(1)
    } finally {
      await app.close()
    }
  })
})

describe('a refused mail', () => {
  it('is retried on the schedule, failed after the last attempt, listed for staff, and sent by a retry', async () => {
    // A clock of its own, years back, so no mail of another test falls due in it.
    let clock = new Date('2020-01-06T08:00:00.000Z')
    const subject = `Refused ${randomBytes(4).toString('hex')}`
    const id = await queue(subject, clock)
    smtp.refuse = 'rcpt'
    const app = await createTestApp({
      database: t.database,
      mailer: smtpMailer(),
      mailWorker: worker,
      now: () => clock,
    })
    try {
      const mailOutbox = app.app.mailOutbox!
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        await mailOutbox.runNow()
        const row = await outboxRow(id)
        expect(row.attempts, `attempt ${attempt}`).toBe(attempt)
        expect(row.last_error).toBe('EENVELOPE: 550 Mailbox unavailable')
        if (attempt === MAIL_MAX_ATTEMPTS) {
          expect(row.status).toBe('failed')
          break
        }
        expect(row.status).toBe('pending')
        const wait = MAIL_RETRY_WAITS_SECONDS[attempt - 1]! * 1000
        const due = new Date(row.next_attempt_at)
        expect(due.getTime() - clock.getTime()).toBe(wait)
        // A second before it is due nothing is tried.
        clock = new Date(due.getTime() - 1000)
        await mailOutbox.runNow()
        expect((await outboxRow(id)).attempts).toBe(attempt)
        clock = due
      }
      // Given up: later passes leave it alone.
      clock = new Date(clock.getTime() + 24 * 60 * 60_000)
      await mailOutbox.runNow()
      expect((await outboxRow(id)).attempts).toBe(MAIL_MAX_ATTEMPTS)
      expect(receivedWith(subject)).toHaveLength(0)

      const admin = await loggedIn(app, ADMIN)
      const failed: MailOutboxList = (
        await admin.send({ method: 'GET', url: '/yonetim/mail-outbox?status=failed' })
      ).json()
      expect(failed.items.find((m) => m.id === id)).toMatchObject({
        kind: 'offer',
        recipient: 'musteri@kaya.test',
        subject,
        status: 'failed',
        attempts: MAIL_MAX_ATTEMPTS,
        lastError: 'EENVELOPE: 550 Mailbox unavailable',
        sentAt: null,
        document: null,
      })
      expect(failed.items.every((m) => m.status === 'failed')).toBe(true)

      smtp.refuse = null
      const retried = await admin.send({ method: 'POST', url: `/yonetim/mail-outbox/${id}/retry` })
      expect(retried.statusCode).toBe(200)
      expect(retried.json()).toMatchObject({ id, status: 'pending', attempts: 0 })
      expect((await auditTrail(t.database.db, 'mail', id)).map((row) => row.changes)).toEqual([
        [
          { field: 'status', old: 'failed', new: 'pending' },
          { field: 'attempts', old: MAIL_MAX_ATTEMPTS, new: 0 },
        ],
      ])
      await mailOutbox.runNow()
      expect(receivedWith(subject)).toHaveLength(1)
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null })

      // A sent mail is not sent twice.
      const twice = await admin.send({ method: 'POST', url: `/yonetim/mail-outbox/${id}/retry` })
      expect(twice.statusCode).toBe(409)
      expect(twice.json().error.code).toBe('already_sent')
      expect(await auditTrail(t.database.db, 'mail', id)).toHaveLength(1)
      const sent: MailOutboxList = (
        await admin.send({ method: 'GET', url: '/yonetim/mail-outbox?status=sent' })
      ).json()
      expect(sent.items.find((m) => m.id === id)?.sentAt).toBe(clock.toISOString())
    } finally {
      smtp.refuse = null
      await app.close()
    }
  })
})

describe('several workers on one database', () => {
  it('send each mail exactly once', async () => {
    const apps = await Promise.all(
      [1, 2].map(() => createTestApp({ database: t.database, mailer: smtpMailer(), mailWorker: worker })),
    )
    try {
      const tag = randomBytes(4).toString('hex')
      const subjects = Array.from({ length: 12 }, (_, i) => `Pair ${tag} #${i}`)
      const ids = []
      for (const subject of subjects) ids.push(await queue(subject))
      // Both workers wake at once and race for the same rows.
      for (const a of apps) a.deps.mailSignal.notify()
      await Promise.all(apps.map((a) => a.app.mailOutbox!.runNow()))
      for (const subject of subjects) expect(receivedWith(subject), subject).toHaveLength(1)
      const rows = await queryRows<{ status: string; attempts: number }>(
        t.database.db,
        sql`select status, attempts from mail_outbox where id in ${ids}`,
      )
      expect(rows).toHaveLength(12)
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
    } finally {
      await Promise.all(apps.map((a) => a.close()))
    }
  })
})

describe('the staff routes', () => {
  it('are for administrators: a guest gets 401, a dealer 403, a write without the CSRF token 403', async () => {
    const id = await queue(`Perm ${randomBytes(4).toString('hex')}`)
    const guest = new TestClient(t.app)
    await guest.openPage()
    const dealer = await loggedIn(t, DEALER)
    const admin = await loggedIn(t, ADMIN)
    const list = { method: 'GET' as const, url: '/yonetim/mail-outbox' }
    const retry = { method: 'POST' as const, url: `/yonetim/mail-outbox/${id}/retry` }

    expect((await guest.send(list)).statusCode).toBe(401)
    expect((await guest.send(retry)).statusCode).toBe(401)
    expect((await dealer.send(list)).statusCode).toBe(403)
    expect((await dealer.send(retry)).statusCode).toBe(403)
    // Even with a bad query or id the answer is about who asks.
    expect((await dealer.send({ method: 'GET', url: '/yonetim/mail-outbox?status=x' })).statusCode).toBe(403)
    expect((await guest.send({ method: 'POST', url: '/yonetim/mail-outbox/x/retry' })).statusCode).toBe(401)
    const noToken = await admin.send({ ...retry, csrf: false })
    expect(noToken.statusCode).toBe(403)
    expect(noToken.json().error.code).toBe('csrf')

    const page: MailOutboxList = (await admin.send(list)).json()
    expect(page).toMatchObject({ page: 1, limit: 50 })
    expect(page.items.length).toBeLessThanOrEqual(50)
    expect(page.items.some((m) => m.id === id)).toBe(true)
    expect((await admin.send({ method: 'GET', url: '/yonetim/mail-outbox?status=x' })).statusCode).toBe(400)
    const pending: MailOutboxItem = (await admin.send(retry)).json()
    expect(pending).toMatchObject({ id, status: 'pending', attempts: 0 })
    expect(
      (await admin.send({ method: 'POST', url: '/yonetim/mail-outbox/2147483647/retry' })).statusCode,
    ).toBe(404)
  })

  it('list a bounded page, newest first, with the order each confirmation is about', async () => {
    const dealer = await loggedIn(t, DEALER)
    await fillCart(dealer)
    const order: Order = (await placeOrder(dealer)).json()
    const admin = await loggedIn(t, ADMIN)
    const total = await countRows(sql`select count(*) as n from mail_outbox where status = 'pending'`)
    const first: MailOutboxList = (
      await admin.send({ method: 'GET', url: '/yonetim/mail-outbox?status=pending' })
    ).json()
    expect(first.total).toBe(total)
    expect(first.pages).toBe(Math.ceil(total / 50))
    const ids = first.items.map((m) => m.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(first.items.find((m) => m.document?.type === 'order' && m.document.id === order.id)).toMatchObject(
      {
        kind: 'order_confirmation',
        document: { type: 'order', id: order.id, no: order.orderNo },
      },
    )
    const far: MailOutboxList = (
      await admin.send({ method: 'GET', url: '/yonetim/mail-outbox?status=pending&page=99999' })
    ).json()
    expect(far.page).toBe(Math.max(1, first.pages))
  })
})

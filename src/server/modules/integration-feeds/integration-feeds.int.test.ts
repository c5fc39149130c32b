import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiKeyIssued } from '../../../contracts/api-keys'
import {
  feedCustomerUsersPageSchema,
  feedOffersPageSchema,
  feedOrdersPageSchema,
  feedPaymentsPageSchema,
} from '../../../contracts/integration-feeds'
import { ledgerDay } from '../../../domain/ledger'
import { auditTrail } from '../../test/audit'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { makeOffer, placeOrder, stockedProduct } from '../../test/owned-records'
import { cardForm, enableCardPlans, paySandbox } from '../../test/payments'
import { createTestApp, type TestApp } from '../../test/test-app'
import { recordIntegrationEvent } from './integration-feeds.service'

let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let reader: ApiKeyIssued
let catalogueOnly: ApiKeyIssued

const tag = () => randomBytes(4).toString('hex')

async function createKey(scopes: string[]): Promise<ApiKeyIssued> {
  const res = await owner.send({
    method: 'POST',
    url: '/yonetim/api-keys',
    payload: { name: `ERP ${tag()}`, scopes },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const call = (key: ApiKeyIssued, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key.key}` },
    ...(payload ? { payload } : {}),
  })

const errorCode = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code

/**
 * Every item of a feed from `since` on, page by page (limit per page), and the last cursor; with
 * `atLeast`, it keeps asking until that many came (or 10 s passed). On PostgreSQL any transaction
 * running in the cluster (another test file's) holds the feed back for as long as it runs.
 */
async function readAll(path: string, limit = 2, since?: string, atLeast = 0) {
  const items: Record<string, unknown>[] = []
  let cursor = since
  const deadline = Date.now() + 10_000
  for (;;) {
    const q = new URLSearchParams({ limit: String(limit), ...(cursor ? { since: cursor } : {}) })
    const res = await call(reader, `/api/integration/v1/${path}?${q}`)
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as { items: Record<string, unknown>[]; next: string }
    items.push(...page.items)
    cursor = page.next
    if (page.items.length === 0) {
      if (items.length >= atLeast || Date.now() > deadline) return { items, next: page.next }
      await new Promise((r) => setTimeout(r, 20))
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '100000' } })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null)
  reader = await createKey(['orders:read', 'offers:read', 'payments:read', 'customers:read'])
  catalogueOnly = await createKey(['catalogue:write'])
})
afterAll(() => t.close())

async function dealer() {
  const company = await createCustomer(t.database.db)
  return { company, client: await loggedInUser(t, company.id, { name: `Bayi ${tag()}` }) }
}

describe('feeds', () => {
  it('pages orders in a stable order with their lines, customer code and totals; the cursor goes on from where it stopped', async () => {
    const { company, client } = await dealer()
    const product = await stockedProduct(t)
    const before = await readAll('orders', 50)
    const placed = [
      await placeOrder(client, product),
      await placeOrder(client, product),
      await placeOrder(client, product),
    ]
    const after = await readAll('orders', 2, before.next, 3)
    expect(after.items.map((i) => i.id)).toEqual(placed.map((o) => o.id))
    const page = feedOrdersPageSchema.parse({ items: after.items, next: after.next })
    expect(page.items[0]).toMatchObject({
      orderNo: placed[0]!.orderNo,
      status: 'new',
      customer: { id: company.id, code: company.code },
      user: { id: client.user.id, email: client.user.email },
      currency: expect.any(String),
      subtotal: '10.0000',
      erp: null,
      lines: [{ productId: product.id, quantity: 1, unit: 'Adet', unitPrice: '10.0000', amount: '10.0000' }],
    })
    // From the start, the same events come in the same order, however the pages are cut.
    const whole = await readAll('orders', 1000)
    const small = await readAll('orders', 1)
    expect(small.items.map((i) => i.eventId)).toEqual(whole.items.map((i) => i.eventId))
    expect(new Set(whole.items.map((i) => i.eventId)).size).toBe(whole.items.length)
    // Nothing new: the same cursor back, no items.
    const again = await call(reader, `/api/integration/v1/orders?since=${after.next}`)
    expect(again.json()).toEqual({ items: [], next: after.next })
  })

  it('refuses a key without the scope (403) and a cursor or limit it did not make (400)', async () => {
    for (const path of ['orders', 'offers', 'payments', 'customer-users']) {
      const res = await call(catalogueOnly, `/api/integration/v1/${path}`)
      expect(res.statusCode, path).toBe(403)
      expect(errorCode(res)).toBe('api_key_scope')
    }
    const ordersOnly = await createKey(['orders:read'])
    expect((await call(ordersOnly, '/api/integration/v1/orders')).statusCode).toBe(200)
    expect((await call(ordersOnly, '/api/integration/v1/payments')).statusCode).toBe(403)
    for (const since of [
      'nope!',
      'MTIzLjQ1Ng',
      Buffer.from('1.2.3').toString('base64url'),
      Buffer.from('01.2').toString('base64url'),
    ]) {
      const res = await call(reader, `/api/integration/v1/orders?since=${since}`)
      expect(res.statusCode, since).toBe(since === 'MTIzLjQ1Ng' ? 200 : 400)
      if (res.statusCode === 400) expect(errorCode(res)).toBe('invalid_cursor')
    }
    expect((await call(reader, '/api/integration/v1/orders?limit=1001')).statusCode).toBe(400)
    expect((await call(reader, '/api/integration/v1/orders?limit=0')).statusCode).toBe(400)
  })

  it('loses and repeats nothing while orders are placed during paging', async () => {
    const product = await stockedProduct(t)
    const dealers = await Promise.all([1, 2, 3, 4].map(() => dealer()))
    const start = (await readAll('orders', 1000)).next
    const seen: number[] = []
    let cursor = start
    let placing = true
    const expected = dealers.length * 3
    const deadline = Date.now() + 15_000
    const pager = (async () => {
      // Pages while the orders go in, and on after the last has committed until all have come.
      while (placing || (seen.length < expected && Date.now() < deadline)) {
        const res = await call(reader, `/api/integration/v1/orders?since=${cursor}&limit=2`)
        const page = res.json() as { items: { id: number }[]; next: string }
        seen.push(...page.items.map((i) => i.id))
        cursor = page.next
        if (page.items.length === 0) await new Promise((r) => setTimeout(r, 5))
      }
    })()
    const placed = (
      await Promise.all(
        dealers.map(async ({ client }) => [
          await placeOrder(client, product),
          await placeOrder(client, product),
          await placeOrder(client, product),
        ]),
      )
    ).flat()
    placing = false
    await pager
    // Nothing more comes after them either.
    const rest = await call(reader, `/api/integration/v1/orders?since=${cursor}`)
    seen.push(...(rest.json() as { items: { id: number }[] }).items.map((i) => i.id))
    expect(seen.length).toBe(new Set(seen).size)
    expect([...seen].sort((a, b) => a - b)).toEqual(placed.map((o) => o.id).sort((a, b) => a - b))
  })

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'holds back an event committed after a later one until the earlier transaction ends (PostgreSQL)',
    async () => {
      const { client } = await dealer()
      const product = await stockedProduct(t)
      const early = await placeOrder(client, product)
      // Another database's open transaction on the same server can hold `early` back too; start after it.
      let start: string | undefined
      for (let seen = false, tries = 0; !seen; tries++) {
        expect(tries).toBeLessThan(500)
        const page = await readAll('orders', 1000, start)
        seen = page.items.some((i) => i.id === early.id)
        start = page.next
        if (!seen) await new Promise((r) => setTimeout(r, 20))
      }
      let release!: () => void
      const held = new Promise<void>((r) => {
        release = r
      })
      let begun!: () => void
      const hasBegun = new Promise<void>((r) => {
        begun = r
      })
      // A transaction takes its id (an event of `early` again) and stays open while another commits.
      const open = t.database.db.transaction(async (tx) => {
        await recordIntegrationEvent(tx, { kind: 'order', entityId: early.id }, new Date())
        begun()
        await held
      })
      await hasBegun
      const later = await placeOrder(client, product)
      const whileOpen = await call(reader, `/api/integration/v1/orders?since=${start}`)
      expect(whileOpen.json().items).toEqual([])
      release()
      await open
      const after = await readAll('orders', 10, start, 2)
      expect(after.items.map((i) => i.id)).toEqual([early.id, later.id])
    },
  )

  it('lists offers, card payments, bank transfers and new dealer users in their feeds', async () => {
    const { company, client } = await dealer()
    const product = await stockedProduct(t)
    const starts = {
      offers: (await readAll('offers', 1000)).next,
      payments: (await readAll('payments', 1000)).next,
      users: (await readAll('customer-users', 1000)).next,
    }
    const offer = await makeOffer(client, product)
    await enableCardPlans(t)
    const paid = await paySandbox(t, client, cardForm({ amount: '100.00' }))
    expect(paid.callback?.statusCode).toBe(200)
    const transfer = await owner.send({
      method: 'POST',
      url: '/yonetim/bank-transfers',
      payload: {
        customerId: company.id,
        amount: '250,50',
        date: ledgerDay(new Date()),
        documentNo: `DK-${tag()}`,
      },
    })
    expect(transfer.statusCode, transfer.body).toBe(200)
    const email = `yeni-${tag()}@bayi.test`
    const invited = await owner.send({
      method: 'POST',
      url: `/yonetim/customers/${company.id}/users`,
      payload: { email, name: 'Yeni Kullanıcı' },
    })
    expect(invited.statusCode, invited.body).toBe(200)

    const offers = feedOffersPageSchema.parse(await readAll('offers', 10, starts.offers, 1))
    expect(offers.items).toEqual([
      expect.objectContaining({
        offerNo: offer.orderNo,
        status: 'open',
        customer: expect.objectContaining({ code: company.code }),
      }),
    ])
    expect(offers.items[0]!.lines).toHaveLength(1)
    const payments = feedPaymentsPageSchema.parse(await readAll('payments', 10, starts.payments, 2))
    expect(payments.items.map((p) => [p.kind, p.amount, p.customer.id])).toEqual([
      ['card_payment', '100.00', company.id],
      ['bank_transfer', '250.50', company.id],
    ])
    expect(payments.items[0]!.card).toMatchObject({ paymentId: paid.intentId, installments: 1 })
    expect(payments.items[1]!.card).toBeNull()
    const users = feedCustomerUsersPageSchema.parse(await readAll('customer-users', 10, starts.users, 1))
    expect(users.items).toEqual([
      expect.objectContaining({ email, customer: expect.objectContaining({ id: company.id }) }),
    ])
  })
})

describe('changes', () => {
  it('shows an order, an offer and a bank transfer again when they change, as they are then, with no webhook', async () => {
    const { company, client } = await dealer()
    const product = await stockedProduct(t)
    const moved = await placeOrder(client, product)
    const cancelled = await placeOrder(client, product)
    const offer = await makeOffer(client, product)
    const transfer = await owner.send({
      method: 'POST',
      url: '/yonetim/bank-transfers',
      payload: {
        customerId: company.id,
        amount: '75,00',
        date: ledgerDay(new Date()),
        documentNo: `DK-${tag()}`,
      },
    })
    expect(transfer.statusCode, transfer.body).toBe(200)
    const entryId = transfer.json().entryId as number
    // Cursors past the events that made them (on PostgreSQL another file's open transaction may hold
    // an event back a moment), so what follows is the changes only.
    const past = async (path: string, id: number) => {
      let cursor: string | undefined
      for (let seen = false, tries = 0; !seen; tries++) {
        expect(tries).toBeLessThan(500)
        const page = await readAll(path, 1000, cursor)
        seen = page.items.some((i) => i.id === id)
        cursor = page.next
        if (!seen) await new Promise((r) => setTimeout(r, 20))
      }
      return cursor
    }
    const starts = {
      orders: await past('orders', cancelled.id),
      offers: await past('offers', offer.id),
      payments: await past('payments', entryId),
    }
    const queued = async () =>
      (await t.database.db.execute(sql`select count(*)::int as n from webhook_deliveries`)) as unknown as {
        rows: { n: number }[]
      }
    const deliveriesBefore = (await queued()).rows[0]!.n

    const staffMove = await owner.send({
      method: 'PATCH',
      url: `/yonetim/orders/${moved.id}`,
      payload: { status: 'processing' },
    })
    expect(staffMove.statusCode, staffMove.body).toBe(200)
    const dealerCancel = await client.send({
      method: 'PATCH',
      url: `/api/catalog/order/${cancelled.id}`,
      payload: { cancel: true },
    })
    expect(dealerCancel.statusCode, dealerCancel.body).toBe(200)
    const offerCancel = await client.send({
      method: 'PATCH',
      url: `/api/catalog/offer/${offer.id}`,
      payload: { cancel: true },
    })
    expect(offerCancel.statusCode, offerCancel.body).toBe(200)
    const reversal = await owner.send({
      method: 'POST',
      url: `/yonetim/bank-transfers/${entryId}/reversal`,
      payload: { reason: 'Yanlış cariye girildi' },
    })
    expect(reversal.statusCode, reversal.body).toBe(200)

    const orders = feedOrdersPageSchema.parse(await readAll('orders', 10, starts.orders, 2))
    expect(orders.items.map((o) => [o.id, o.status])).toEqual([
      [moved.id, 'processing'],
      [cancelled.id, 'cancelled'],
    ])
    const offers = feedOffersPageSchema.parse(await readAll('offers', 10, starts.offers, 1))
    expect(offers.items.map((o) => [o.id, o.status])).toEqual([[offer.id, 'cancelled']])
    const payments = feedPaymentsPageSchema.parse(await readAll('payments', 10, starts.payments, 1))
    expect(payments.items.map((p) => [p.kind, p.id, p.reversedAt !== null])).toEqual([
      ['bank_transfer', entryId, true],
    ])
    // A change is in its feed only: webhooks are for a new order and money received.
    expect((await queued()).rows[0]!.n).toBe(deliveriesBefore)
  })
})

describe('acknowledging an order', () => {
  it('marks the order transferred once, answers a repeat the same, refuses another number, and audits the key', async () => {
    const { client } = await dealer()
    const order = await placeOrder(client, await stockedProduct(t))
    const url = `/api/integration/v1/orders/${order.id}/ack`
    const first = await call(reader, url, 'POST', { documentNumber: ' IRS-2026/0042 ' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      id: order.id,
      orderNo: order.orderNo,
      documentNumber: 'IRS-2026/0042',
    })
    const repeat = await call(reader, url, 'POST', { documentNumber: 'IRS-2026/0042' })
    expect(repeat.statusCode).toBe(200)
    expect(repeat.json()).toEqual(first.json())
    const other = await call(reader, url, 'POST', { documentNumber: 'IRS-9' })
    expect(other.statusCode).toBe(409)
    expect(errorCode(other)).toBe('order_already_acknowledged')
    expect(
      (await call(reader, '/api/integration/v1/orders/2147483647/ack', 'POST', { documentNumber: 'X' }))
        .statusCode,
    ).toBe(404)
    expect((await call(reader, url, 'POST', { documentNumber: '' })).statusCode).toBe(400)
    expect((await call(catalogueOnly, url, 'POST', { documentNumber: 'IRS-1' })).statusCode).toBe(403)

    // The dealer sees the ERP's number on the order, in the list and the detail.
    const detail = await client.send({ method: 'GET', url: `/api/catalog/order/${order.id}` })
    expect(detail.json().erpDocumentNo).toBe('IRS-2026/0042')
    const list = await client.send({ method: 'GET', url: '/api/catalog/orders' })
    expect(list.json().items.find((o: { id: number }) => o.id === order.id).erpDocumentNo).toBe(
      'IRS-2026/0042',
    )

    const trail = await auditTrail(t.database.db, 'order', order.id)
    expect(trail.map((r) => [r.action, r.actorUserId, r.actorName])).toEqual([['erp_ack', null, reader.name]])
    expect(trail[0]!.changes).toEqual([{ field: 'erpDocumentNo', old: null, new: 'IRS-2026/0042' }])
  })
})

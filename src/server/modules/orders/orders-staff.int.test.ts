import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, OrderList } from '../../../contracts/orders'
import type { StaffOrderDetail, StaffOrderList } from '../../../contracts/staff-orders'
import { DEFAULT_TIME_ZONE, dayIn } from '../../../domain/date-format'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { addToCart, cardProduct } from '../../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let sales: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null)
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
})
afterAll(() => t.close())

async function placeOrder(dealer: TestClient, opts: { price: string; quantity: number; stock?: number }) {
  const product = await cardProduct(t, { price: opts.price, cardPrice: opts.price, stock: opts.stock ?? 50 })
  expect((await addToCart(dealer, product, opts.quantity)).statusCode).toBe(200)
  const res = await dealer.send({
    method: 'POST',
    url: '/api/catalog/cart',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'description=Test',
  })
  expect(res.statusCode, res.body).toBe(200)
  return { order: res.json() as Order, product }
}

/** A company with a dealer user who placed one order. */
async function dealerWithOrder(price = '100', quantity = 2) {
  const company = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, company.id)
  const { order, product } = await placeOrder(dealer, { price, quantity })
  return { company, dealer, order, product }
}

const move = (client: TestClient, id: number, payload: Record<string, unknown>) =>
  client.send({ method: 'PATCH', url: `/yonetim/orders/${id}`, payload })

const list = async (client: TestClient, query: string) => {
  const res = await client.send({ method: 'GET', url: `/yonetim/orders?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StaffOrderList
}

const statusMails = (orderId: number) =>
  queryRows<{ recipient: string; subject: string; text: string }>(
    t.database.db,
    sql`select recipient, subject, text from mail_outbox where order_id = ${orderId} and kind = 'order_status'
        order by id`,
  )

const stockOf = async (productId: number) =>
  (
    await queryRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from products where id = ${productId}`,
    )
  )[0]!.quantity

describe('GET /yonetim/orders', () => {
  it("lists every dealer's orders with the dealer, filtered by dealer, status, number and day", async () => {
    const a = await dealerWithOrder('100')
    const b = await dealerWithOrder('300')
    const both = await list(owner, `q=${a.order.orderNo.slice(-6)}`)
    expect(both.items.map((row) => row.orderNo)).toContain(a.order.orderNo)

    const ofA = await list(sales, `customerId=${a.company.id}`)
    expect(ofA.total).toBe(1)
    expect(ofA.items[0]).toMatchObject({
      id: a.order.id,
      orderNo: a.order.orderNo,
      dealer: { id: a.company.id, code: a.company.code, name: a.company.name },
      creator: a.dealer.user.name,
      status: 'new',
      total: { value: 240, currency: 'TRY' },
      paidByCard: false,
      erpDocumentNo: null,
    })

    // The filter's days are the store's (Istanbul): at 21:00 UTC its day is already the next one.
    const today = dayIn(a.order.date, DEFAULT_TIME_ZONE)
    expect((await list(owner, `customerId=${b.company.id}&from=${today}&to=${today}`)).total).toBe(1)
    expect((await list(owner, `customerId=${b.company.id}&from=2020-01-01&to=2020-01-02`)).total).toBe(0)
    expect((await list(owner, `customerId=${b.company.id}&status=shipped`)).total).toBe(0)
    expect((await list(owner, `customerId=${b.company.id}&status=new`)).total).toBe(1)
  })

  it("finds an order by its number typed from the start, in any case, and by a part of the ERP's number", async () => {
    const a = await dealerWithOrder('100')
    const b = await dealerWithOrder('100')
    // An ERP number that holds another order's number: the number typed from its start finds both.
    await t.database.db.execute(
      sql`update orders set erp_document_no = ${`irs/${a.order.orderNo}`} where id = ${b.order.id}`,
    )
    const found = async (q: string) =>
      (await list(owner, `q=${encodeURIComponent(q)}`)).items.map((row) => row.orderNo).sort()
    expect(await found(a.order.orderNo)).toEqual([a.order.orderNo, b.order.orderNo].sort())
    expect(await found(a.order.orderNo.toLowerCase())).toEqual([a.order.orderNo, b.order.orderNo].sort())
    expect(await found(b.order.orderNo)).toEqual([b.order.orderNo])
    expect(await found(`IRS/${a.order.orderNo.slice(0, 3)}`)).toContain(b.order.orderNo)
    // The prefix only ever starts a number: in the middle of one it finds nothing.
    expect(await found(`0${a.order.orderNo}`)).toEqual([])
  })

  it('sorts by total either way, and a nonsense filter is ignored rather than refused', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    for (const price of ['50', '500', '5']) await placeOrder(dealer, { price, quantity: 1 })
    const totals = async (dir: string) =>
      (await list(owner, `customerId=${company.id}&sort=total&dir=${dir}`)).items.map(
        (row) => row.total.value,
      )
    expect(await totals('asc')).toEqual([6, 60, 600])
    expect(await totals('desc')).toEqual([600, 60, 6])
    const junk = await list(owner, `customerId=${company.id}&status=lost&sort=x&from=yesterday&page=-3`)
    expect(junk).toMatchObject({ total: 3, page: 1 })
  })

  it('is not for dealers or guests', async () => {
    const { dealer } = await dealerWithOrder()
    expect((await dealer.send({ method: 'GET', url: '/yonetim/orders' })).statusCode).toBe(403)
  })
})

describe('PATCH /yonetim/orders/{id}', () => {
  it('moves an order new → processing → shipped → delivered; the dealer sees each step and is mailed', async () => {
    const { dealer, order } = await dealerWithOrder()
    const steps: Array<[string, string | undefined]> = [
      ['processing', undefined],
      ['shipped', 'Kargo takip no: 123'],
      ['delivered', undefined],
    ]
    for (const [status, note] of steps) {
      const res = await move(sales, order.id, { status, ...(note ? { note } : {}) })
      expect(res.statusCode, res.body).toBe(200)
      expect((res.json() as StaffOrderDetail).order.status).toBe(status)
    }
    const detail = (
      await sales.send({ method: 'GET', url: `/yonetim/orders/${order.id}` })
    ).json() as StaffOrderDetail
    expect(detail.next).toEqual([])
    expect(detail.history.map((h) => [h.from, h.to, h.note, h.by])).toEqual([
      ['new', 'processing', null, sales.user.name],
      ['processing', 'shipped', 'Kargo takip no: 123', sales.user.name],
      ['shipped', 'delivered', null, sales.user.name],
    ])

    const seen = (await dealer.send({ method: 'GET', url: '/api/catalog/orders' })).json() as OrderList
    const mine = seen.items.find((o) => o.id === order.id)!
    expect(mine.status).toBe('delivered')
    expect(mine.cancellable).toBe(false)
    expect(mine.history.map((h) => [h.to, h.byStaff])).toEqual([
      ['processing', true],
      ['shipped', true],
      ['delivered', true],
    ])
    // The note stays until a later change brings another (delivered came without one).
    expect(mine.statusNote).toBeNull()

    const mails = await statusMails(order.id)
    expect(mails.map((m) => m.subject)).toEqual([
      `${order.orderNo} numaralı siparişiniz: Hazırlanıyor`,
      `${order.orderNo} numaralı siparişiniz: Sevk edildi`,
      `${order.orderNo} numaralı siparişiniz: Teslim edildi`,
    ])
    expect(mails.every((m) => m.recipient === dealer.user.email)).toBe(true)
    expect(mails[1]!.text).toContain('Not: Kargo takip no: 123')

    // Each move is in the audit trail: who, and the status (and note) before and after.
    const trail = await auditTrail(t.database.db, 'order', order.id)
    expect(trail.map((row) => [row.actorUserId, row.actorName, row.action, row.changes])).toEqual([
      [sales.user.id, sales.user.name, 'status', [{ field: 'status', old: 'new', new: 'processing' }]],
      [
        sales.user.id,
        sales.user.name,
        'status',
        [
          { field: 'status', old: 'processing', new: 'shipped' },
          { field: 'note', old: null, new: 'Kargo takip no: 123' },
        ],
      ],
      [sales.user.id, sales.user.name, 'status', [{ field: 'status', old: 'shipped', new: 'delivered' }]],
    ])
  })

  it('refuses a move the table does not allow with 409 naming both statuses, and changes nothing', async () => {
    const { order } = await dealerWithOrder()
    expect((await move(owner, order.id, { status: 'shipped' })).statusCode).toBe(409)
    await move(owner, order.id, { status: 'processing' })
    await move(owner, order.id, { status: 'shipped' })
    const back = await move(owner, order.id, { status: 'processing' })
    expect(back.statusCode).toBe(409)
    expect(back.json()).toMatchObject({
      error: {
        code: 'status_not_allowed',
        messages: { type: 'Sipariş "Sevk edildi" durumundan "Hazırlanıyor" durumuna geçirilemez.' },
      },
    })
    const late = await move(owner, order.id, { status: 'cancelled', note: 'Geç kaldı' })
    expect(late.statusCode).toBe(409)
    expect((await statusMails(order.id)).length).toBe(2)
    // A refused move leaves no audit row.
    expect((await auditTrail(t.database.db, 'order', order.id)).map((row) => row.action)).toEqual([
      'status',
      'status',
    ])
  })

  it('a cancellation needs its reason, puts the stock back and shows the reason to the dealer', async () => {
    const { dealer, order, product } = await dealerWithOrder('100', 4)
    expect(await stockOf(product.id)).toBe(46)
    const bare = await move(owner, order.id, { status: 'cancelled' })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().error.fields.note).toBe('İptal nedenini yazın; bayiye bu not gösterilir.')
    const res = await move(owner, order.id, { status: 'cancelled', note: 'Ürün tedarik edilemedi' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await stockOf(product.id)).toBe(50)
    const mine = ((await dealer.send({ method: 'GET', url: '/api/catalog/orders' })).json() as OrderList)
      .items[0]!
    expect(mine).toMatchObject({ status: 'cancelled', isCancel: true, statusNote: 'Ürün tedarik edilemedi' })
  })

  it('asking again for the status it has changes nothing; two staff moving at once make one change', async () => {
    const { order } = await dealerWithOrder()
    const [one, two] = await Promise.all([
      move(owner, order.id, { status: 'processing' }),
      move(sales, order.id, { status: 'processing' }),
    ])
    expect([one.statusCode, two.statusCode]).toEqual([200, 200])
    expect((await move(owner, order.id, { status: 'processing' })).statusCode).toBe(200)
    const detail = (
      await owner.send({ method: 'GET', url: `/yonetim/orders/${order.id}` })
    ).json() as StaffOrderDetail
    expect(detail.history).toHaveLength(1)
    expect(await statusMails(order.id)).toHaveLength(1)
    expect(await auditTrail(t.database.db, 'order', order.id)).toHaveLength(1)
  })

  it('a card-paid order whose payment cannot be refunded whole is not cancelled: 409 and the stock stays taken', async () => {
    // Marked paid without a card payment of its own (payments/payment-order-cancel.int.test.ts
    // cancels real ones through their refund).
    const { order, product } = await dealerWithOrder('100', 3)
    await t.database.db.execute(sql`update orders set paid_at = now() where id = ${order.id}`)
    const res = await move(owner, order.id, { status: 'cancelled', note: 'Bayi vazgeçti' })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('not_refundable')
    expect(await stockOf(product.id)).toBe(47)
  })

  it("the dealer's own cancellation is in the history too", async () => {
    const { dealer, order } = await dealerWithOrder()
    const res = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/order/${order.id}`,
      payload: { cancel: true },
    })
    expect(res.statusCode, res.body).toBe(200)
    const detail = (
      await owner.send({ method: 'GET', url: `/yonetim/orders/${order.id}` })
    ).json() as StaffOrderDetail
    expect(detail.history.map((h) => [h.from, h.to, h.byStaff, h.by])).toEqual([
      ['new', 'cancelled', false, dealer.user.name],
    ])
    expect(detail.next).toEqual([])
  })

  it('a read-only or accounting user may look but not move; an unknown order is 404', async () => {
    const { order } = await dealerWithOrder()
    for (const staffRole of ['readonly', 'accounting'] as const) {
      const user = await loggedInUser(t, null, { staffRole })
      expect((await user.send({ method: 'GET', url: `/yonetim/orders/${order.id}` })).statusCode).toBe(200)
      expect((await move(user, order.id, { status: 'processing' })).statusCode).toBe(403)
    }
    expect((await move(owner, 2_000_000_000, { status: 'processing' })).statusCode).toBe(404)
    expect((await move(owner, order.id, { status: 'lost' })).statusCode).toBe(400)
  })
})

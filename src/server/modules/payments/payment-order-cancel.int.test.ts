import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { OrderList } from '../../../contracts/orders'
import type { StaffOrderDetail } from '../../../contracts/staff-orders'
import { addDays, ledgerDay } from '../../../domain/ledger'
import type { Database } from '../../db/client'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import {
  addToCart,
  cardForm,
  cardProduct,
  enableCardPlans,
  passChallenge,
  postCallback,
  reconcileNow,
  startPayment,
  trailOf,
} from '../../test/payments'
import { ScriptedGateway } from '../../test/scripted-gateway'
import { createTestApp, TEST_SESSION_SECRET, type TestApp, type TestClient } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'
import { integrationEntity } from '../integration-feeds/integration-feeds.service'
import { recordCredit } from '../ledger/ledger.service'

/**
 * Staff cancel an order paid by card: the bank refunds the whole payment, then the order is cancelled
 * (stock back, history, audit, the dealer's mail) and the ledger gives the money back, once — whether
 * the bank refuses, the process dies before or after the bank answered (the reconciler finishes it),
 * or two staff cancel at once.
 */
let database: Database
let gateway: ScriptedGateway
let t: TestApp
let cardPlanId: number
let sales: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  database = await createTestDatabase()
  gateway = new ScriptedGateway(TEST_SESSION_SECRET, () => new Date(), database.db)
  t = await createTestApp({ database, paymentGateway: gateway })
  await seedAccounts(database.db)
  cardPlanId = await enableCardPlans(t)
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
})
afterAll(async () => {
  gateway.release()
  await t.close()
  await database.close()
})
beforeEach(() => {
  gateway.script = 'normal'
  gateway.refundScript = 'normal'
  gateway.refunds = 0
})

const NOTE = 'Bayi siparişten vazgeçti'

/** A dealer who paid by card for 2 of a 5-unit product (2 × 110 TL + 20 % tax = 264 TL): the order booked. */
async function paidOrder(existing?: Awaited<ReturnType<typeof createCustomer>>) {
  const company = existing ?? (await createCustomer(database.db))
  const dealer = Object.assign(await loggedInUser(t, company.id), { company })
  const p = await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 })
  expect((await addToCart(dealer, p, 2)).statusCode).toBe(200)
  const start = await startPayment(
    dealer,
    cardForm({ paymentType: 'order', advencePrice: String(cardPlanId) }),
  )
  expect(start.statusCode, start.body).toBe(200)
  const { intentId, action } = start.json() as { intentId: string; action: { url: string } }
  const { fields } = await passChallenge(t, action.url)
  expect((await postCallback(t, fields)).statusCode).toBe(200)
  const [order] = await queryRows<{ id: number; order_no: string; status: string }>(
    database.db,
    sql`select id, order_no, status from orders where payment_intent_id = ${intentId}`,
  )
  expect(order).toBeDefined()
  return { dealer, company, p, intentId, orderId: order!.id, orderNo: order!.order_no }
}

const cancel = (client: TestClient, orderId: number, headers: Record<string, string> = {}) =>
  client.send({
    method: 'PATCH',
    url: `/yonetim/orders/${orderId}`,
    headers,
    payload: { status: 'cancelled', note: NOTE },
  })

const detailOf = async (orderId: number) => {
  const res = await sales.send({ method: 'GET', url: `/yonetim/orders/${orderId}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StaffOrderDetail
}
const intentOf = async (id: string) =>
  (
    await queryRows<{ status: string; refund_ref: string | null }>(
      database.db,
      sql`select status, refund_ref from payment_intents where id = ${id}`,
    )
  )[0]!
const stockOf = async (productId: number) =>
  (
    await queryRows<{ quantity: number; in_warehouses: number }>(
      database.db,
      sql`select p.quantity, (select sum(s.quantity)::int from product_stocks s where s.product_id = p.id) as in_warehouses
          from products p where p.id = ${productId}`,
    )
  )[0]!
const bankBooks = async (intentId: string) =>
  (
    await queryRows<{ status: string }>(
      database.db,
      sql`select status from sandbox_pos_payments where intent_id = ${intentId}`,
    )
  )[0]?.status
const ledgerOf = (customerId: number) =>
  queryRows<{ kind: string; debit: string; credit: string; open_amount: string; description: string }>(
    database.db,
    sql`select kind, debit::text, credit::text, open_amount::text, description from ledger_entries
        where customer_id = ${customerId} order by id`,
  )
const statusMails = (orderId: number) =>
  queryRows<{ subject: string; text: string }>(
    database.db,
    sql`select subject, text from mail_outbox where order_id = ${orderId} and kind = 'order_status' order by id`,
  )
const cancellations = (orderId: number) =>
  queryRows<{ note: string }>(
    database.db,
    sql`select note from order_status_changes where order_id = ${orderId} and to_status = 'cancelled'`,
  )

/** Everything a finished cancellation leaves, once. */
async function expectCancelledOnce(paid: Awaited<ReturnType<typeof paidOrder>>, by = sales) {
  const detail = await detailOf(paid.orderId)
  expect(detail).toMatchObject({ cancelPending: false, next: [], order: { status: 'cancelled' } })
  expect(detail.history.map((h) => [h.from, h.to, h.note, h.byStaff, h.by])).toEqual([
    ['new', 'cancelled', NOTE, true, by.user.name],
  ])
  expect(await intentOf(paid.intentId)).toMatchObject({ status: 'refunded' })
  expect(await bankBooks(paid.intentId)).toBe('refunded')
  expect(await stockOf(paid.p.id)).toEqual({ quantity: 5, in_warehouses: 5 })
  // The order's debit and the card's credit stay; the refund's debit and the cancellation's credit
  // give the money back, each settling the other: nothing open, the balance where it was (0).
  const ledger = await ledgerOf(paid.company.id)
  expect(ledger.map((e) => [e.kind, e.debit, e.credit, e.open_amount])).toEqual([
    ['order', '264.00', '0.00', '0.00'],
    ['card_payment', '0.00', '264.00', '0.00'],
    ['card_refund', '264.00', '0.00', '0.00'],
    ['order_cancel', '0.00', '264.00', '0.00'],
  ])
  expect(ledger[3]!.description).toBe(`Sipariş iptali (${paid.orderNo}): ${NOTE}`)
  expect(await cancellations(paid.orderId)).toEqual([{ note: NOTE }])
  const mails = await statusMails(paid.orderId)
  expect(mails).toHaveLength(1)
  expect(mails[0]!.text).toContain(NOTE)
  // The ERP's feeds show the order and the card payment once more each: cancelled, refunded.
  const feed = await queryRows<{ kind: string; entity_id: string }>(
    database.db,
    sql`select kind, entity_id from integration_feed
        where (kind = 'order' and entity_id = ${String(paid.orderId)})
           or (kind = 'card_payment' and entity_id in (select id::text from ledger_entries
                 where payment_intent_id = ${paid.intentId} and kind = 'card_payment'))
        order by id`,
  )
  expect(feed.map((f) => f.kind)).toEqual(['order', 'card_payment', 'order', 'card_payment'])
  const card = await integrationEntity(database.db, 'card_payment', feed[1]!.entity_id)
  expect(card?.card).toMatchObject({ paymentId: paid.intentId, status: 'refunded' })
  const audit = await auditTrail(database.db, 'order', paid.orderId)
  expect(audit).toHaveLength(1)
  expect(audit[0]).toMatchObject({
    actorUserId: by.user.id,
    action: 'status',
    changes: expect.arrayContaining([
      { field: 'status', old: 'new', new: 'cancelled' },
      { field: 'note', old: null, new: NOTE },
    ]),
  })
}

describe('cancelling a card-paid order', () => {
  it('refunds the whole payment, then cancels the order: stock back, ledger, statement, mail, audit', async () => {
    const paid = await paidOrder()
    expect(await stockOf(paid.p.id)).toEqual({ quantity: 3, in_warehouses: 3 })
    const res = await cancel(sales, paid.orderId)
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as StaffOrderDetail).order).toMatchObject({ status: 'cancelled', statusNote: NOTE })
    expect(gateway.refunds).toBe(1)
    await expectCancelledOnce(paid)
    expect((await intentOf(paid.intentId)).refund_ref).toContain('iade')
    expect((await trailOf(t, paid.intentId)).slice(-2)).toEqual([
      'succeeded→refunding staff',
      'refunding→refunded staff',
    ])
    expect(await auditTrail(database.db, 'payment', paid.intentId)).toMatchObject([
      { actorUserId: sales.user.id, action: 'refund' },
    ])

    // The dealer sees it cancelled with the note, and their statement back where it was.
    const orders = await paid.dealer.send({ method: 'GET', url: '/api/catalog/orders' })
    expect((orders.json() as OrderList).items[0]).toMatchObject({ status: 'cancelled', statusNote: NOTE })
    const statement = await paid.dealer.send({ method: 'GET', url: '/api/account/statement' })
    expect(statement.statusCode, statement.body).toBe(200)
    expect(statement.json()).toMatchObject({ closingBalance: 0, overdue: { balance: 0, days: 0 } })
    expect(statement.json().entries.map((e: { kind: string }) => e.kind)).toEqual([
      'order',
      'card_payment',
      'card_refund',
      'order_cancel',
    ])

    // Asked again: nothing more happens.
    const again = await cancel(sales, paid.orderId)
    expect(again.statusCode, again.body).toBe(200)
    expect(gateway.refunds).toBe(1)
    await expectCancelledOnce(paid)
  })

  it("leaves what the company had unapplied as it was: a transfer paid in advance stays the dealer's credit", async () => {
    const company = await createCustomer(database.db)
    // 50 TL sent by transfer before anything was owed: an unapplied credit, which the order's debit
    // consumes first when it is booked (the card's credit then keeps 50 unapplied instead).
    await database.db.transaction((tx) =>
      recordCredit(tx, {
        customerId: company.id,
        kind: 'bank_transfer',
        amount: '50.00',
        documentNo: 'DEKONT-1',
        description: 'Avans',
        entryDate: addDays(ledgerDay(new Date()), -5),
        settleEntryIds: [],
      }),
    )
    const paid = await paidOrder(company)
    const statement = async () => {
      const res = await paid.dealer.send({ method: 'GET', url: '/api/account/statement' })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { closingBalance: number; overdue: { balance: number } }
    }
    expect(await statement()).toMatchObject({ closingBalance: -50, overdue: { balance: 0 } })
    expect((await cancel(sales, paid.orderId)).statusCode).toBe(200)
    expect(await statement()).toMatchObject({ closingBalance: -50, overdue: { balance: 0 } })
    const open = await queryRows<{ kind: string; open_amount: string }>(
      database.db,
      sql`select kind, open_amount::text from ledger_entries where customer_id = ${company.id} and open_amount > 0`,
    )
    // Still 50 unapplied, and no debit open beside it.
    expect(open).toEqual([{ kind: 'card_payment', open_amount: '50.00' }])
  })

  it('the bank refuses: 502 with its reason in the reader language, the order as it was, the trail says why', async () => {
    const paid = await paidOrder()
    gateway.refundScript = 'refused'
    const res = await cancel(sales, paid.orderId)
    expect(res.statusCode).toBe(502)
    expect(res.json().error).toMatchObject({
      code: 'refund_failed',
      messages: {
        type: 'Kart ödemesi iade edilemedi; sipariş iptal edilmedi. Banka: İade reddedildi (test)',
      },
    })
    const en = await cancel(sales, paid.orderId, { 'accept-language': 'en' })
    expect(en.statusCode).toBe(502)
    expect(en.json().error.messages.type).toBe(
      'The card payment could not be refunded; the order was not cancelled. Bank: İade reddedildi (test)',
    )
    const detail = await detailOf(paid.orderId)
    expect(detail).toMatchObject({ cancelPending: false, order: { status: 'new' } })
    expect(detail.next).toContain('cancelled')
    expect(detail.history).toEqual([])
    expect(await intentOf(paid.intentId)).toMatchObject({ status: 'succeeded' })
    expect(await bankBooks(paid.intentId)).toBe('charged')
    expect(await stockOf(paid.p.id)).toEqual({ quantity: 3, in_warehouses: 3 })
    expect((await ledgerOf(paid.company.id)).map((e) => e.kind)).toEqual(['order', 'card_payment'])
    expect(await statusMails(paid.orderId)).toEqual([])
    expect(await auditTrail(database.db, 'order', paid.orderId)).toEqual([])
    const [refused] = await queryRows<{ reason: string }>(
      database.db,
      sql`select reason from payment_intent_events where intent_id = ${paid.intentId}
          and from_status = 'refunding' and to_status = 'succeeded' order by id limit 1`,
    )
    expect(refused!.reason).toBe('İade yapılamadı, sipariş iptal edilmedi: İade reddedildi (test)')

    // The order still moves on as usual, or is cancelled once the bank agrees.
    gateway.refundScript = 'normal'
    expect((await cancel(sales, paid.orderId)).statusCode).toBe(200)
    await expectCancelledOnce(paid)
  })

  it('the process dies after refunding committed, before the bank got it: the reconciler refunds and cancels once', async () => {
    const paid = await paidOrder()
    gateway.refundScript = 'died-before-bank'
    const res = await cancel(sales, paid.orderId)
    expect(res.statusCode).toBe(502)
    expect(res.json().error.code).toBe('refund_unanswered')
    expect(await intentOf(paid.intentId)).toMatchObject({ status: 'refunding' })
    expect(await bankBooks(paid.intentId)).toBe('charged')
    // Meanwhile the order is held as being cancelled: no other move, no second refund.
    expect(await detailOf(paid.orderId)).toMatchObject({
      cancelPending: true,
      next: [],
      order: { status: 'new' },
    })
    const moved = await sales.send({
      method: 'PATCH',
      url: `/yonetim/orders/${paid.orderId}`,
      payload: { status: 'processing' },
    })
    expect(moved.statusCode).toBe(409)
    expect(moved.json().error.code).toBe('cancel_under_way')
    const twice = await cancel(sales, paid.orderId)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.code).toBe('cancel_under_way')
    expect(gateway.refunds).toBe(1)

    gateway.refundScript = 'normal'
    expect(await reconcileNow(t)).toMatchObject({ cancelled: 1, flagged: 0 })
    expect(gateway.refunds).toBe(2)
    // The audit row names the staff member who cancelled, though the reconciler finished it.
    await expectCancelledOnce(paid)
    expect((await trailOf(t, paid.intentId)).slice(-2)).toEqual([
      'succeeded→refunding staff',
      'refunding→refunded reconciler',
    ])
    expect(await reconcileNow(t)).toMatchObject({ cancelled: 0 })
    expect(gateway.refunds).toBe(2)
    await expectCancelledOnce(paid)
  })

  it('the process dies after the bank refunded, before the outcome committed: the reconciler finishes without a second refund', async () => {
    const paid = await paidOrder()
    gateway.refundScript = 'died-after-bank'
    expect((await cancel(sales, paid.orderId)).statusCode).toBe(502)
    expect(await intentOf(paid.intentId)).toMatchObject({ status: 'refunding' })
    expect(await bankBooks(paid.intentId)).toBe('refunded')
    expect(await stockOf(paid.p.id)).toEqual({ quantity: 3, in_warehouses: 3 })

    gateway.refundScript = 'normal'
    expect(await reconcileNow(t)).toMatchObject({ cancelled: 1 })
    // The bank's books showed it refunded: nothing was asked of it again.
    expect(gateway.refunds).toBe(1)
    await expectCancelledOnce(paid)
    expect(await reconcileNow(t)).toMatchObject({ cancelled: 0 })
    await expectCancelledOnce(paid)
  })

  it('the reconciler finds the bank refusing the refund: the order stays as it was and may be cancelled again', async () => {
    const paid = await paidOrder()
    gateway.refundScript = 'died-before-bank'
    expect((await cancel(sales, paid.orderId)).statusCode).toBe(502)
    gateway.refundScript = 'refused'
    expect(await reconcileNow(t)).toMatchObject({ refused: 1, cancelled: 0 })
    expect(await intentOf(paid.intentId)).toMatchObject({ status: 'succeeded' })
    expect(await detailOf(paid.orderId)).toMatchObject({ cancelPending: false, order: { status: 'new' } })
    expect(await stockOf(paid.p.id)).toEqual({ quantity: 3, in_warehouses: 3 })
    gateway.refundScript = 'normal'
    expect((await cancel(sales, paid.orderId)).statusCode).toBe(200)
    await expectCancelledOnce(paid)
  })

  it('a bank that does not answer the reconciler leaves the cancellation waiting, never guessed', async () => {
    const paid = await paidOrder()
    gateway.refundScript = 'died-before-bank'
    expect((await cancel(sales, paid.orderId)).statusCode).toBe(502)
    const retrieve = gateway.retrieve
    gateway.retrieve = async () => ({ state: 'unknown', message: 'no answer (test)' })
    try {
      for (let run = 0; run < 4; run++) expect(await reconcileNow(t)).toMatchObject({ unanswered: 1 })
    } finally {
      gateway.retrieve = retrieve
    }
    expect(await intentOf(paid.intentId)).toMatchObject({ status: 'refunding' })
    expect(await detailOf(paid.orderId)).toMatchObject({ cancelPending: true })
    gateway.refundScript = 'normal'
    expect(await reconcileNow(t)).toMatchObject({ cancelled: 1 })
    await expectCancelledOnce(paid)
  })

  it('two cancels at once refund and cancel once', async () => {
    const paid = await paidOrder()
    const other = await loggedInUser(t, null, { staffRole: 'sales' })
    const answers = await Promise.all([cancel(sales, paid.orderId), cancel(other, paid.orderId)])
    const codes = answers.map((r) => r.statusCode).sort()
    // The second either finds it cancelled (200) or still being cancelled (409 cancel_under_way).
    expect(codes[0]).toBe(200)
    expect([200, 409]).toContain(codes[1])
    expect(gateway.refunds).toBe(1)
    const by = (await detailOf(paid.orderId)).history[0]?.by
    await expectCancelledOnce(paid, by === sales.user.name ? sales : other)
  })

  it('a second cancel while the bank is still asked is refused, and the first completes', async () => {
    const paid = await paidOrder()
    gateway.refundScript = 'held'
    const first = cancel(sales, paid.orderId)
    await gateway.held()
    const second = await cancel(sales, paid.orderId)
    expect(second.statusCode).toBe(409)
    expect(second.json().error.code).toBe('cancel_under_way')
    gateway.release()
    expect((await first).statusCode).toBe(200)
    expect(gateway.refunds).toBe(1)
    await expectCancelledOnce(paid)
  })

  it('an order that has shipped is not cancelled, and nothing is refunded', async () => {
    const paid = await paidOrder()
    for (const status of ['processing', 'shipped']) {
      const res = await sales.send({
        method: 'PATCH',
        url: `/yonetim/orders/${paid.orderId}`,
        payload: { status },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const res = await cancel(sales, paid.orderId)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('status_not_allowed')
    expect(gateway.refunds).toBe(0)
    expect(await intentOf(paid.intentId)).toMatchObject({ status: 'succeeded' })
  })

  it('who may: sales and the owner; accounting and read-only users 403, and a dealer 403', async () => {
    const paid = await paidOrder()
    for (const staffRole of ['accounting', 'readonly'] as const) {
      const user = await loggedInUser(t, null, { staffRole })
      expect((await cancel(user, paid.orderId)).statusCode).toBe(403)
    }
    expect((await cancel(paid.dealer, paid.orderId)).statusCode).toBe(403)
    expect(gateway.refunds).toBe(0)
    const owner = await loggedInUser(t, null)
    expect((await cancel(owner, paid.orderId)).statusCode).toBe(200)
    await expectCancelledOnce(paid, owner)
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
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
  frameMessage,
  passChallenge,
  postCallback,
  reconcileNow,
  startPayment,
  trailOf,
} from '../../test/payments'
import { ScriptedGateway } from '../../test/scripted-gateway'
import { createTestApp, TEST_SESSION_SECRET, type TestApp, TestClient } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'

/**
 * The payment's states through HTTP and the reconciler, with a bank that answers late, loses its
 * answer or never got the request (ScriptedGateway): every intent ends in a known state, the money the
 * bank took is booked exactly once, and what a payment held (stock, a link) is released when it fails.
 */
let database: Database
let gateway: ScriptedGateway
let t: TestApp
let cardPlanId: number

beforeAll(async () => {
  database = await createTestDatabase()
  gateway = new ScriptedGateway(TEST_SESSION_SECRET, () => new Date(), database.db)
  t = await createTestApp({ database, paymentGateway: gateway })
  await seedAccounts(database.db)
  cardPlanId = await enableCardPlans(t)
})
afterAll(async () => {
  gateway.release()
  await t.close()
  await database.close()
})
beforeEach(() => {
  gateway.script = 'normal'
  gateway.completions = 0
})

async function newDealer() {
  const company = await createCustomer(database.db)
  return Object.assign(await loggedInUser(t, company.id), { company })
}

const intentOf = async (id: string) => {
  const [row] = await queryRows<Record<string, unknown> & { status: string }>(
    database.db,
    sql`select * from payment_intents where id = ${id}`,
  )
  return row!
}
const stockOf = async (productId: number) => {
  const [row] = await queryRows<{ quantity: number; in_warehouses: number }>(
    database.db,
    sql`select p.quantity, (select sum(s.quantity)::int from product_stocks s where s.product_id = p.id) as in_warehouses
        from products p where p.id = ${productId}`,
  )
  return row!
}
const ordersOf = (customerId: number) =>
  queryRows<{ id: number; payment_intent_id: string | null }>(
    database.db,
    sql`select id, payment_intent_id from orders where customer_id = ${customerId}`,
  )
const creditsOf = (customerId: number) =>
  queryRows<{ credit: string }>(
    database.db,
    sql`select credit from ledger_entries where customer_id = ${customerId} and kind = 'card_payment'`,
  )
const cartOf = (userId: number) =>
  queryRows<{ product_id: number; quantity: number }>(
    database.db,
    sql`select ci.product_id, ci.quantity from cart_items ci join carts c on c.id = ci.cart_id
        where c.user_id = ${userId} order by ci.id`,
  )
const bankBooks = async (intentId: string) => {
  const [row] = await queryRows<{ status: string }>(
    database.db,
    sql`select status from sandbox_pos_payments where intent_id = ${intentId}`,
  )
  return row?.status ?? null
}

/** A dealer with 2 of a 5-unit card product in the cart: 2 × 110 TL + 20 % tax = 264 TL. */
async function dealerWithCart(stock = 5) {
  const dealer = await newDealer()
  const p = await cardProduct(t, { price: '100', cardPrice: '110', stock })
  expect((await addToCart(dealer, p, 2)).statusCode).toBe(200)
  return { dealer, p }
}

/** A card payment of the cart started and its 3-D Secure passed: the callback's fields, not yet posted. */
async function startedOrder(dealer: TestClient) {
  const res = await startPayment(dealer, cardForm({ paymentType: 'order', advencePrice: String(cardPlanId) }))
  expect(res.statusCode, res.body).toBe(200)
  const { intentId, action } = res.json()
  const { fields } = await passChallenge(t, action.url)
  return { intentId: intentId as string, fields }
}

describe('the steps of a card payment', () => {
  it('goes pending → authorized → capturing → succeeded, each step in its trail', async () => {
    const { dealer } = await dealerWithCart()
    const { intentId, fields } = await startedOrder(dealer)
    expect(frameMessage(await postCallback(t, fields))).toEqual({ type: 'payment_succeed', intentId })
    expect(await trailOf(t, intentId)).toEqual([
      '∅→pending payer',
      'pending→authorized gateway',
      'authorized→capturing gateway',
      'capturing→succeeded gateway',
    ])
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded', reservation: expect.any(Object) })
  })

  it('holds the stock while the bank is asked: nobody else takes it, and the catalogue answers meanwhile', async () => {
    const { dealer, p } = await dealerWithCart(3)
    const { intentId, fields } = await startedOrder(dealer)
    gateway.script = 'held'
    const callback = postCallback(t, fields)
    await gateway.held()
    expect(await intentOf(intentId)).toMatchObject({ status: 'capturing' })
    // The lines left the payer's cart with their stock: they cannot be ordered a second time meanwhile.
    expect(await cartOf(dealer.user.id)).toEqual([])
    // The two units are taken already: another dealer's order of two finds one left.
    expect(await stockOf(p.id)).toEqual({ quantity: 1, in_warehouses: 1 })
    const other = await newDealer()
    await addToCart(other, p, 1)
    const both = await addToCart(other, p, 1)
    expect(both.statusCode).toBe(409)
    // No transaction waits on the bank: pages and the other dealer's cart answer at once.
    const started = performance.now()
    expect((await other.send({ method: 'GET', url: `/api/catalog/product/${p.id}` })).statusCode).toBe(200)
    expect((await other.send({ method: 'GET', url: '/api/catalog/cart' })).statusCode).toBe(200)
    expect(performance.now() - started).toBeLessThan(5000)
    gateway.release()
    expect(frameMessage(await callback)).toEqual({ type: 'payment_succeed', intentId })
    expect(await ordersOf(dealer.company.id)).toHaveLength(1)
    expect(await stockOf(p.id)).toEqual({ quantity: 1, in_warehouses: 1 })
  })

  it('a decline at completion releases the held stock: nothing booked', async () => {
    const { dealer, p } = await dealerWithCart()
    const res = await startPayment(
      dealer,
      cardForm({ paymentType: 'order', advencePrice: String(cardPlanId), card: '4183420000000019' }),
    )
    const { intentId, action } = res.json()
    const { fields } = await passChallenge(t, action.url)
    expect(frameMessage(await postCallback(t, fields))).toMatchObject({ type: 'payment_failed', intentId })
    expect(await intentOf(intentId)).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' })
    expect(await stockOf(p.id)).toEqual({ quantity: 5, in_warehouses: 5 })
    // The cart is as it was: the payment's lines are back.
    expect(await cartOf(dealer.user.id)).toEqual([{ product_id: p.id, quantity: 2 }])
    expect(await ordersOf(dealer.company.id)).toEqual([])
    expect(await bankBooks(intentId)).toBe('declined')
  })
})

describe('a lost answer, recovered by the reconciler', () => {
  it('the bank took the money but its answer was lost: processing, then booked once by the reconciler', async () => {
    const { dealer, p } = await dealerWithCart()
    const { intentId, fields } = await startedOrder(dealer)
    gateway.script = 'charged-then-lost'
    expect(frameMessage(await postCallback(t, fields))).toEqual({ type: 'payment_processing', intentId })
    expect(await intentOf(intentId)).toMatchObject({ status: 'capturing' })
    expect(await bankBooks(intentId)).toBe('charged')
    expect(await stockOf(p.id)).toMatchObject({ quantity: 3 })
    const payer = await dealer.send({ method: 'GET', url: `/api/payments/${intentId}` })
    expect(payer.json()).toMatchObject({ status: 'processing', succeed: false })
    // A reconciler run that comes too early leaves it alone.
    expect(await reconcileNow(t, { stuckAfterMs: 60_000 })).toMatchObject({ booked: 0 })
    // Ten reconcilers at once (several processes): one booking.
    const reports = await Promise.all(Array.from({ length: 10 }, () => reconcileNow(t)))
    expect(reports.reduce((n, r) => n + r.booked, 0)).toBe(1)
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded' })
    expect(await ordersOf(dealer.company.id)).toEqual([
      { id: expect.any(Number), payment_intent_id: intentId },
    ])
    expect(await creditsOf(dealer.company.id)).toEqual([{ credit: '264.00' }])
    expect(await stockOf(p.id)).toEqual({ quantity: 3, in_warehouses: 3 })
    expect((await trailOf(t, intentId)).at(-1)).toBe('capturing→succeeded reconciler')
    expect((await dealer.send({ method: 'GET', url: `/api/payments/${intentId}` })).json()).toMatchObject({
      status: 'succeeded',
      orderNo: expect.stringMatching(/^S\d{4}-/),
    })
  })

  it('the request never reached the bank: the reconciler releases the held stock', async () => {
    const { dealer, p } = await dealerWithCart()
    const { intentId, fields } = await startedOrder(dealer)
    gateway.script = 'lost-before-bank'
    expect(frameMessage(await postCallback(t, fields)).type).toBe('payment_processing')
    expect(await stockOf(p.id)).toMatchObject({ quantity: 3 })
    // Meanwhile the dealer puts one more of it in the (now empty) cart.
    expect((await addToCart(dealer, p, 1)).statusCode).toBe(200)
    expect(await reconcileNow(t)).toMatchObject({ released: 1 })
    expect(await intentOf(intentId)).toMatchObject({ status: 'failed', failure_code: 'not_charged' })
    expect(await stockOf(p.id)).toEqual({ quantity: 5, in_warehouses: 5 })
    // The payment's two come back beside the one added meanwhile.
    expect(await cartOf(dealer.user.id)).toEqual([{ product_id: p.id, quantity: 3 }])
    expect(await ordersOf(dealer.company.id)).toEqual([])
    expect(await creditsOf(dealer.company.id)).toEqual([])
  })

  it('a re-posted callback while the first one is with the bank completes nothing twice', async () => {
    const { dealer } = await dealerWithCart()
    const { intentId, fields } = await startedOrder(dealer)
    gateway.script = 'held'
    const first = postCallback(t, fields)
    await gateway.held()
    expect(frameMessage(await postCallback(t, fields))).toEqual({ type: 'payment_processing', intentId })
    gateway.release()
    expect(frameMessage(await first)).toEqual({ type: 'payment_succeed', intentId })
    expect(gateway.completions).toBe(1)
    expect(frameMessage(await postCallback(t, fields))).toEqual({ type: 'payment_succeed', intentId })
    expect(await creditsOf(dealer.company.id)).toHaveLength(1)
  })

  it('an intent left authorized (its process died) is carried on by the bank re-posting, or failed by the reconciler', async () => {
    const carried = await dealerWithCart()
    const one = await startedOrder(carried.dealer)
    const left = await dealerWithCart()
    const two = await startedOrder(left.dealer)
    // Both stopped right after step 1, as a process killed there leaves them.
    for (const { intentId, fields } of [one, two]) {
      await database.db.execute(
        sql`update payment_intents set status = 'authorized', callback_data = ${JSON.stringify(fields)}::jsonb
            where id = ${intentId}`,
      )
    }
    expect(frameMessage(await postCallback(t, one.fields))).toEqual({
      type: 'payment_succeed',
      intentId: one.intentId,
    })
    expect(await reconcileNow(t)).toMatchObject({ released: 1 })
    expect(await intentOf(two.intentId)).toMatchObject({ status: 'failed', failure_code: 'interrupted' })
    expect(await stockOf(left.p.id)).toEqual({ quantity: 5, in_warehouses: 5 })
  })

  it('booking that fails after the money was taken is retried by the reconciler, and goes to staff if it keeps failing', async () => {
    const { dealer } = await dealerWithCart()
    const { intentId, fields } = await startedOrder(dealer)
    // The ledger refuses this company's entries for now (a broken database, as far as booking knows).
    const guard = `refuse_${dealer.company.id}`
    await database.db.execute(
      sql.raw(`create function ${guard}() returns trigger language plpgsql as $$
        begin if new.customer_id = ${dealer.company.id} then raise exception 'ledger down (test)'; end if; return new; end $$;
        create trigger ${guard} before insert on ledger_entries for each row execute function ${guard}();`),
    )
    try {
      expect(frameMessage(await postCallback(t, fields))).toEqual({ type: 'payment_processing', intentId })
      expect(await intentOf(intentId)).toMatchObject({ status: 'capturing' })
      expect(await ordersOf(dealer.company.id)).toEqual([])
      await reconcileNow(t, { maxAttempts: 3 })
      await reconcileNow(t, { maxAttempts: 3 })
      expect(await intentOf(intentId)).toMatchObject({ status: 'capturing', reconcile_attempts: 2 })
      await reconcileNow(t, { maxAttempts: 3 })
      const flagged = await intentOf(intentId)
      expect(flagged.status).toBe('needs_attention')
      expect(flagged.attention_reason).toMatch(/kaydedilemedi/)
    } finally {
      await database.db.execute(sql.raw(`drop trigger ${guard} on ledger_entries; drop function ${guard}();`))
    }
    // Staff book it once the ledger is back: the order and the credit are written once.
    const admin = await loggedInUser(t, null)
    const booked = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${intentId}/book`,
      payload: { reason: 'Banka panelinde tahsilat görüldü' },
    })
    expect(booked.statusCode, booked.body).toBe(200)
    expect(booked.json()).toMatchObject({ status: 'succeeded', order: { no: expect.any(String) } })
    expect(await creditsOf(dealer.company.id)).toEqual([{ credit: '264.00' }])
    const events = (booked.json() as { events: Array<{ to: string; actor: string; reason: string | null }> })
      .events
    expect(events.at(-1)).toMatchObject({
      to: 'succeeded',
      actor: 'staff',
      reason: 'Banka panelinde tahsilat görüldü',
    })
    expect(await auditTrail(t.database.db, 'payment', intentId)).toMatchObject([
      {
        actorUserId: admin.user.id,
        action: 'book',
        changes: [
          { field: 'status', old: 'needs_attention', new: 'succeeded' },
          { field: 'reason', old: null, new: 'Banka panelinde tahsilat görüldü' },
        ],
      },
    ])
  })

  it('a charge that lands after the reconciler released the payment goes to staff, who refund it; nothing is booked', async () => {
    const { dealer, p } = await dealerWithCart()
    const { intentId, fields } = await startedOrder(dealer)
    gateway.script = 'held'
    const callback = postCallback(t, fields)
    await gateway.held()
    // A reconciler that decides too early (its timeout shorter than the bank's answer) finds no charge.
    expect(await reconcileNow(t)).toMatchObject({ released: 1 })
    expect(await stockOf(p.id)).toEqual({ quantity: 5, in_warehouses: 5 })
    gateway.release()
    expect(frameMessage(await callback)).toEqual({ type: 'payment_processing', intentId })
    const flagged = await intentOf(intentId)
    expect(flagged).toMatchObject({ status: 'needs_attention', reservation: null })
    expect(flagged.attention_reason).toMatch(/iade edilmeli/)
    expect(await bankBooks(intentId)).toBe('charged')
    const admin = await loggedInUser(t, null)
    const book = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${intentId}/book`,
      payload: { reason: 'Deneme' },
    })
    expect(book.statusCode, book.body).toBe(409)
    expect(book.json().error.code).toBe('hold_released')
    const refund = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${intentId}/refund`,
      payload: { reason: 'Geç gelen tahsilat' },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    expect(await bankBooks(intentId)).toBe('refunded')
    // The refused booking left no audit row; the refund did.
    expect((await auditTrail(t.database.db, 'payment', intentId)).map((row) => row.changes)).toEqual([
      [
        { field: 'status', old: 'needs_attention', new: 'refunding' },
        { field: 'reason', old: null, new: 'Geç gelen tahsilat' },
      ],
    ])
    // The stock was given back once, when the payment was released.
    expect(await stockOf(p.id)).toEqual({ quantity: 5, in_warehouses: 5 })
    expect(await ordersOf(dealer.company.id)).toEqual([])
    expect(await creditsOf(dealer.company.id)).toEqual([])
    expect(await trailOf(t, intentId)).toEqual([
      '∅→pending payer',
      'pending→authorized gateway',
      'authorized→capturing gateway',
      'capturing→failed reconciler',
      'failed→needs_attention gateway',
      'needs_attention→refunding staff',
      'refunding→refunded staff',
    ])
  })

  it('pending intents past their time are expired by the reconciler, and read so before', async () => {
    const dealer = await newDealer()
    const res = await startPayment(dealer, cardForm({ amount: '12.00' }))
    const { intentId } = res.json()
    await database.db.execute(
      sql`update payment_intents set expires_at = now() - interval '1 minute' where id = ${intentId}`,
    )
    const admin = await loggedInUser(t, null)
    const before = await admin.send({ method: 'GET', url: `/yonetim/payments/${intentId}` })
    expect(before.json()).toMatchObject({ status: 'expired' })
    expect((await dealer.send({ method: 'GET', url: `/api/payments/${intentId}` })).json()).toMatchObject({
      status: 'expired',
    })
    expect((await reconcileNow(t)).expired).toBeGreaterThanOrEqual(1)
    expect(await intentOf(intentId)).toMatchObject({ status: 'expired' })
    expect(await trailOf(t, intentId)).toEqual(['∅→pending payer', 'pending→expired reconciler'])
  })
})

describe('staff decisions on a payment that needs attention', () => {
  /** A card payment of the cart whose booking was handed to staff (the bank took the money). */
  async function needingAttention() {
    const { dealer, p } = await dealerWithCart()
    const { intentId, fields } = await startedOrder(dealer)
    gateway.script = 'charged-then-lost'
    await postCallback(t, fields)
    gateway.script = 'normal'
    await database.db.execute(
      sql`update payment_intents set status = 'needs_attention', attention_reason = 'test' where id = ${intentId}`,
    )
    return { dealer, p, intentId }
  }

  it('a refund gives the money back through the bank and releases the held stock', async () => {
    const { dealer, p, intentId } = await needingAttention()
    const admin = await loggedInUser(t, null)
    const res = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${intentId}/refund`,
      payload: { reason: 'Bayi iptal istedi' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'refunded', refundRef: expect.stringContaining('iade') })
    expect(await bankBooks(intentId)).toBe('refunded')
    expect(await stockOf(p.id)).toEqual({ quantity: 5, in_warehouses: 5 })
    expect(await ordersOf(dealer.company.id)).toEqual([])
    expect((await trailOf(t, intentId)).slice(-2)).toEqual([
      'needs_attention→refunding staff',
      'refunding→refunded staff',
    ])
    // A second refund changes nothing.
    const again = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${intentId}/refund`,
      payload: { reason: 'Bayi iptal istedi' },
    })
    expect(again.statusCode).toBe(409)
    expect(await bankBooks(intentId)).toBe('refunded')
  })

  it('booking is refused when the bank shows no charge', async () => {
    const { intentId } = await needingAttention()
    await database.db.execute(sql`delete from sandbox_pos_payments where intent_id = ${intentId}`)
    const admin = await loggedInUser(t, null)
    const res = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${intentId}/book`,
      payload: { reason: 'Deneme' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('not_charged')
    expect(await intentOf(intentId)).toMatchObject({ status: 'needs_attention' })
  })

  it('a dealer gets 403, a guest 401, and a reason is required', async () => {
    const { dealer, intentId } = await needingAttention()
    const guest = new TestClient(t.app)
    await guest.openPage()
    for (const action of ['book', 'refund']) {
      const url = `/yonetim/payments/${intentId}/${action}`
      expect((await guest.send({ method: 'POST', url, payload: { reason: 'Deneme' } })).statusCode).toBe(401)
      expect((await dealer.send({ method: 'POST', url, payload: { reason: 'Deneme' } })).statusCode).toBe(403)
      const admin = await loggedInUser(t, null)
      expect((await admin.send({ method: 'POST', url, payload: { reason: '' } })).statusCode).toBe(400)
      expect((await admin.send({ method: 'POST', url, payload: {} })).statusCode).toBe(400)
    }
    expect(await intentOf(intentId)).toMatchObject({ status: 'needs_attention' })
  })

  it('the summary counts what needs attention and what is under way', async () => {
    const admin = await loggedInUser(t, null)
    const before = (await admin.send({ method: 'GET', url: '/yonetim/payments/summary' })).json()
    await needingAttention()
    const after = (await admin.send({ method: 'GET', url: '/yonetim/payments/summary' })).json()
    expect(after.needsAttention).toBe(before.needsAttention + 1)
    const list = (await admin.send({ method: 'GET', url: '/yonetim/payments?status=needs_attention' })).json()
    expect(list.items[0]).toMatchObject({
      status: 'needs_attention',
      attentionReason: 'test',
      gatewayRef: expect.any(String),
    })
  })
})

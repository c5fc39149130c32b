import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffSummary } from '../../../contracts/staff-home'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { faultReport, makeOffer, placeOrder, stockedProduct } from '../../test/owned-records'
import { addToCart, cardForm, cardProduct, enableCardPlans, paySandbox } from '../../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

// 23:00 in Istanbul on 18 March; the clock moves within a test and is put back after.
const EVENING = new Date('2026-03-18T20:00:00Z')
let clock = EVENING
let t: TestApp
let owner: TestClient

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { staffRole: 'owner' })
})
afterAll(() => t.close())

const summary = async (client: TestClient = owner) => {
  const res = await client.send({ method: 'GET', url: '/yonetim/summary' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StaffSummary
}

async function dealer() {
  const company = await createCustomer(t.database.db)
  return { company, client: await loggedInUser(t, company.id) }
}

describe('GET /yonetim/summary', () => {
  it("counts today's orders with their TRY total, orders waiting, offers, card payments, transfers and open fault reports", async () => {
    const before = await summary()
    expect(before.day).toBe('2026-03-18')
    const { company, client } = await dealer()
    const product = await stockedProduct(t)
    const order = await placeOrder(client, product)
    await makeOffer(client, product)
    const entered = await owner.send({
      method: 'POST',
      url: '/yonetim/bank-transfers',
      payload: { customerId: company.id, amount: '250,50', date: '2026-03-18', documentNo: 'OZET-1' },
    })
    expect(entered.statusCode, entered.body).toBe(200)
    const reversed = await owner.send({
      method: 'POST',
      url: '/yonetim/bank-transfers',
      payload: { customerId: company.id, amount: '99', date: '2026-03-18', documentNo: 'OZET-2' },
    })
    await owner.send({
      method: 'POST',
      url: `/yonetim/bank-transfers/${reversed.json().entryId}/reversal`,
      payload: { reason: 'Yanlış giriş' },
    })
    await faultReport(t, company.id, client.user.id)
    const planId = await enableCardPlans(t)
    await addToCart(client, await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 }), 1)
    const paid = await paySandbox(t, client, cardForm({ paymentType: 'order', advencePrice: String(planId) }))
    expect(paid.callback?.statusCode).toBe(200)
    const [intent] = await queryRows<{ amount: string }>(
      t.database.db,
      sql`select amount::text from payment_intents where id = ${paid.intentId}`,
    )

    const after = await summary()
    expect(after.orders.count - before.orders.count).toBe(2)
    expect(after.orders.total - before.orders.total).toBeCloseTo(
      order.total.value + Number(intent!.amount),
      2,
    )
    expect(after.orders.waiting - before.orders.waiting).toBe(2)
    expect(after.offers.count - before.offers.count).toBe(1)
    expect(after.cardPayments.count - before.cardPayments.count).toBe(1)
    expect(after.cardPayments.total - before.cardPayments.total).toBeCloseTo(Number(intent!.amount), 2)
    // The reversed transfer is not counted.
    expect(after.bankTransfers.count - before.bankTransfers.count).toBe(1)
    expect(after.bankTransfers.total - before.bankTransfers.total).toBeCloseTo(250.5, 2)
    expect(after.faultReports.open - before.faultReports.open).toBe(1)
  })

  it("starts a new day at midnight in the store's time zone", async () => {
    const { client } = await dealer()
    const product = await stockedProduct(t)
    const lateEvening = await summary()
    try {
      // 00:30 in Istanbul on 19 March, 21:30 on 18 March in UTC.
      clock = new Date('2026-03-18T21:30:00Z')
      const nextDay = await summary()
      expect(nextDay.day).toBe('2026-03-19')
      await placeOrder(client, product)
      const after = await summary()
      expect(after.orders.count - nextDay.orders.count).toBe(1)
      clock = EVENING
      expect((await summary()).orders.count).toBe(lateEvening.orders.count)
    } finally {
      clock = EVENING
    }
  })

  it('is for staff who follow sales: the catalogue role and dealers are refused', async () => {
    const catalogue = await loggedInUser(t, null, { staffRole: 'catalogue' })
    expect((await catalogue.send({ method: 'GET', url: '/yonetim/summary' })).statusCode).toBe(403)
    const { client } = await dealer()
    expect((await client.send({ method: 'GET', url: '/yonetim/summary' })).statusCode).toBe(403)
    for (const staffRole of ['sales', 'accounting', 'readonly'] as const) {
      await summary(await loggedInUser(t, null, { staffRole }))
    }
  })
})

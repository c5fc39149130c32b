import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { Order } from '../../../contracts/orders'
import type { StaffCustomerDetail } from '../../../contracts/staff-customers'
import { auditTrail } from '../../test/audit'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { addLine, stockedProduct } from '../../test/owned-records'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

/*
 * A company's default payment plan: staff set it on the company's page (audited with the other
 * terms), and its dealers start in it: the bootstrap names it for the cart page's first choice, and an
 * order sent without a plan is priced in it.
 */

let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let plans: { cash: number; days30: number; card: number }

const newPlan = async (name: string) =>
  (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into payment_plans (name, price_name, sort_order) values (${name}, 'advencePrice1', 5) returning id`,
    )
  )[0]!.id

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  await setStoreSetting(t.database.db, 'showPaymentPlanPrice', true)
  const days30 = await newPlan('30 Gün Vadeli')
  const rows = await queryRows<{ id: number; price_name: string }>(
    t.database.db,
    sql`select id, price_name from payment_plans`,
  )
  const idOf = (name: string) => rows.find((r) => r.price_name === name)!.id
  plans = { cash: idOf('salePrice'), days30, card: idOf('advencePrice3') }
  owner = await loggedInUser(t, null, { name: 'Sahibe Nur' })
})
afterAll(() => t.close())

const setPlan = (client: TestClient, id: number, defaultPaymentPlanId: unknown) =>
  client.send({ method: 'PATCH', url: `/yonetim/customers/${id}`, payload: { defaultPaymentPlanId } })

const planOfBootstrap = async (dealer: TestClient) => {
  const res = await dealer.send({ method: 'GET', url: '/api/bootstrap' })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as Bootstrap).user?.customer?.defaultPaymentPlanId
}

async function orderWithoutPlan(dealer: TestClient): Promise<Order> {
  expect((await addLine(dealer, await stockedProduct(t))).statusCode).toBe(200)
  const res = await dealer.send({ method: 'POST', url: '/api/catalog/cart', payload: {} })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Order
}

describe("a company's default payment plan", () => {
  it('is set by staff, audited with the old and new plan, and named in the dealer’s bootstrap', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const detail = (await owner.send({ method: 'GET', url: `/yonetim/customers/${company.id}` })).json()
    expect((detail as StaffCustomerDetail).defaultPaymentPlanId).toBeNull()
    expect(await planOfBootstrap(dealer)).toBeNull()

    const set = await setPlan(owner, company.id, plans.days30)
    expect(set.statusCode, set.body).toBe(200)
    expect((set.json() as StaffCustomerDetail).defaultPaymentPlanId).toBe(plans.days30)
    expect(await planOfBootstrap(dealer)).toBe(plans.days30)

    // Cleared: the store's default again.
    expect((await setPlan(owner, company.id, null)).statusCode).toBe(200)
    expect(await planOfBootstrap(dealer)).toBeNull()

    const trail = await auditTrail(t.database.db, 'customer', company.id)
    expect(trail.map((row) => [row.actorName, row.action, row.changes])).toEqual([
      ['Sahibe Nur', 'update', [{ field: 'defaultPaymentPlanId', old: null, new: plans.days30 }]],
      ['Sahibe Nur', 'update', [{ field: 'defaultPaymentPlanId', old: plans.days30, new: null }]],
    ])
  })

  it("prices a dealer's order sent without a plan in the company's plan; a plan chosen still wins", async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    expect((await orderWithoutPlan(dealer)).paymentPlan).toBe('Peşin')
    expect((await setPlan(owner, company.id, plans.days30)).statusCode).toBe(200)
    expect((await orderWithoutPlan(dealer)).paymentPlan).toBe('30 Gün Vadeli')

    expect((await addLine(dealer, await stockedProduct(t))).statusCode).toBe(200)
    const chosen = await dealer.send({
      method: 'POST',
      url: '/api/catalog/cart',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `advencePrice=${plans.cash}`,
    })
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect((chosen.json() as Order).paymentPlan).toBe('Peşin')
  })

  it('refuses a plan the store does not have with 400 on its field, and changes nothing', async () => {
    const company = await createCustomer(t.database.db)
    expect((await setPlan(owner, company.id, plans.card)).statusCode).toBe(200)
    const gone = await newPlan(`Eski plan ${randomBytes(2).toString('hex')}`)
    await t.database.db.execute(sql`delete from payment_plans where id = ${gone}`)

    for (const id of [gone, 2_000_000_000]) {
      const res = await setPlan(owner, company.id, id)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toMatchObject({
        code: 'unknown_payment_plan',
        fields: {
          defaultPaymentPlanId: 'Bu ödeme planı mağazada yok; listeden bir plan seçin ya da boş bırakın.',
        },
      })
    }
    // Not a plan id at all: the contract's own refusal, on the same field.
    const typed = await setPlan(owner, company.id, 'otuz gün')
    expect(typed.statusCode).toBe(400)
    expect(Object.keys(typed.json().error.fields ?? {})).toEqual(['defaultPaymentPlanId'])

    const detail = (await owner.send({ method: 'GET', url: `/yonetim/customers/${company.id}` })).json()
    expect((detail as StaffCustomerDetail).defaultPaymentPlanId).toBe(plans.card)
    expect((await auditTrail(t.database.db, 'customer', company.id)).length).toBe(1)
  })

  it('goes back to the store’s default when its plan is removed from the store', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const leaving = await newPlan(`Kalkan plan ${randomBytes(2).toString('hex')}`)
    expect((await setPlan(owner, company.id, leaving)).statusCode).toBe(200)
    await t.database.db.execute(sql`delete from payment_plans where id = ${leaving}`)
    expect(await planOfBootstrap(dealer)).toBeNull()
  })
})

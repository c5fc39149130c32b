import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../db/client'
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
  startPayment,
  TEST_CARDS,
} from '../../test/payments'
import { ScriptedGateway } from '../../test/scripted-gateway'
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'

/**
 * A card payment of the cart that the bank declines gives the cart's lines and their stock back,
 * taking the dealer's cart before the products as placing an order does (PostgreSQL: PGlite runs
 * one transaction at a time). Found by the crash test as an order answered 500: the give-back locked
 * the products first and then waited for the cart, which the same dealer's order held while it
 * waited for those products, and PostgreSQL broke the deadlock by failing the order.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
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

/** Until a backend of this database waits for a row lock. */
async function aLockWaiter() {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if (row!.n >= 1) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the give-back never waited for a lock')
}

it.skipIf(!onPostgres)(
  'a declined card payment of the cart takes the cart before the products when it gives them back',
  async () => {
    const company = await createCustomer(database.db)
    const dealer = await loggedInUser(t, company.id)
    const p = await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 })
    expect((await addToCart(dealer, p, 2)).statusCode).toBe(200)
    const start = await startPayment(
      dealer,
      cardForm({ paymentType: 'order', advencePrice: String(cardPlanId), card: TEST_CARDS.declined }),
    )
    expect(start.statusCode, start.body).toBe(200)
    const { action } = start.json() as { action: { url: string } }
    const { fields } = await passChallenge(t, action.url)

    // The cart's order is held (its stock taken) and the bank has not answered yet.
    gateway.script = 'held'
    const callback = postCallback(t, fields)
    await gateway.held()
    const [{ quantity: held } = { quantity: -1 }] = await queryRows<{ quantity: number }>(
      database.db,
      sql`select quantity from products where id = ${p.id}`,
    )
    expect(held).toBe(3)

    // Another transaction holds the dealer's cart, as the dealer's own order does while it waits for
    // the products. The bank declines; the give-back must wait for the cart holding no product.
    let letGo = () => {}
    const released = new Promise<void>((resolve) => {
      letGo = resolve
    })
    let holding = () => {}
    const cartHeld = new Promise<void>((resolve) => {
      holding = resolve
    })
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from carts where user_id = ${dealer.user.id} for update`)
      holding()
      await released
    })
    await cartHeld
    gateway.script = 'normal'
    gateway.release()
    await aLockWaiter()

    const probe = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1 from products where id = ${p.id} for update nowait`)
        return 'free'
      })
      .catch((error: { cause?: { code?: string } }) => error.cause?.code ?? String(error))
    letGo()
    await holder
    expect(probe, 'the product row while the give-back waits for the cart').toBe('free')

    expect((await callback).statusCode).toBe(200)
    const [after] = await queryRows<{ quantity: number; in_cart: number }>(
      database.db,
      sql`select p.quantity, (select sum(ci.quantity)::int from cart_items ci
            join carts c on c.id = ci.cart_id where c.user_id = ${dealer.user.id}) as in_cart
          from products p where p.id = ${p.id}`,
    )
    expect(after).toEqual({ quantity: 5, in_cart: 2 })
  },
)

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../test/db-helpers'
import { addOverdueInvoice, createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import {
  addToCart,
  cardForm,
  cardProduct,
  enableCardPlans,
  startPayment,
  TEST_CARDS,
} from '../../test/payments'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { newPaymentLinkToken, paymentLinkTokenHash } from '../payment-links/payment-link-token'

let t: TestApp
let cardPlanId: number
let cashPlanId: number
/** The store's default installment plans (any card) and Yapı Kredi's (BIN 40902100, the VISA test card). */
const plans = { default3: 0, bank3: 0 }

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  cardPlanId = await enableCardPlans(t)
  const db = t.database.db
  const [cash] = await queryRows<{ id: number }>(
    db,
    sql`select id from payment_plans where not is_virtual limit 1`,
  )
  cashPlanId = cash!.id
  const [d3] = await queryRows<{ id: number }>(
    db,
    sql`insert into installment_plans (bank_id, installment, commission_fee, is_default)
        values (null, 1, 0, true), (null, 3, 4.50, false) returning id`,
  ).then((rows) => [rows[1]])
  plans.default3 = d3!.id
  const [bank] = await queryRows<{ id: number }>(
    db,
    sql`insert into banks (code, name, issuer_match) values ('ykb', 'Yapı Kredi', '{YAPI}') returning id`,
  )
  await db.execute(
    sql`insert into bin_ranges (prefix, network, card_type, issuer, bank_id)
        values ('409021', 'VISA', 'CREDIT', 'YAPI VE KREDI BANKASI', ${bank!.id}),
               ('40902100', 'VISA', 'CREDIT', 'YAPI VE KREDI BANKASI', ${bank!.id})`,
  )
  const bankPlans = await queryRows<{ id: number }>(
    db,
    sql`insert into installment_plans (bank_id, installment, commission_fee, is_default)
        values (${bank!.id}, 1, 0, true), (${bank!.id}, 3, 3.25, false) returning id`,
  )
  plans.bank3 = bankPlans[1]!.id
})
afterAll(() => t.close())

async function newDealer() {
  const company = await createCustomer(t.database.db)
  return Object.assign(await loggedInUser(t, company.id), { company })
}

const intentOf = async (id: string) => {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select * from payment_intents where id = ${id}`,
  )
  return row!
}

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; messages: { type: string } } }).error

describe("'pay': an amount on account", () => {
  it('makes a pending intent for the typed amount with the masked card, and sends the frame to the challenge', async () => {
    const dealer = await newDealer()
    const res = await startPayment(dealer, cardForm({ amount: '1250.50' }))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.intentId).toMatch(/^[0-9a-f]{32}$/)
    expect(body.action).toEqual({
      type: 'redirect',
      url: expect.stringMatching(/^\/sandbox-pos\/3ds\/[\w-]+\.[\w-]+$/),
    })
    const intent = await intentOf(body.intentId)
    expect(intent).toMatchObject({
      status: 'pending',
      payment_type: 'pay',
      customer_id: dealer.company.id,
      user_id: dealer.user.id,
      amount: '1250.50',
      total_amount: '1250.50',
      installment: 1,
      card_masked: '409021******0016',
      card_holder: 'Ahmet Yılmaz',
      card_expiry: '12/39',
      card_network: 'VISA',
      gateway: 'sandbox',
      failure_code: null,
    })
    const created = new Date(intent.created_at as string).getTime()
    expect(new Date(intent.expires_at as string).getTime() - created).toBe(15 * 60_000)
  })

  it.each([
    ['no amount', {}],
    ['0', { amount: '0' }],
    ['0.00', { amount: '0.00' }],
  ])("refuses %s with 'Tutar girmediniz!'", async (_label, extra) => {
    const dealer = await newDealer()
    const form = cardForm(extra)
    if (!('amount' in extra)) delete form.amount
    const res = await startPayment(dealer, form)
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toMatchObject({ code: 'amount_required', messages: { type: 'Tutar girmediniz!' } })
  })

  it('reads the amount as a person types it, the grammar of every typed amount', async () => {
    const dealer = await newDealer()
    for (const [amount, read] of [
      ['1.234,50', '1234.50'],
      ['1234,5', '1234.50'],
      ['1234.50', '1234.50'],
      ['₺1.234,50', '1234.50'],
      ['250 TL', '250.00'],
    ]) {
      const res = await startPayment(dealer, cardForm({ amount }))
      expect(res.statusCode, amount).toBe(200)
      expect(await intentOf(res.json().intentId), amount).toMatchObject({ amount: read })
    }
  })

  it('refuses an amount of more than 12 digits or 2 decimals, an ambiguous one, and unknown fields', async () => {
    const dealer = await newDealer()
    for (const amount of ['1234567890123', '1.234', '-5', '1,505', '1,234.50', 'abc']) {
      const res = await startPayment(dealer, cardForm({ amount }))
      expect(res.statusCode, amount).toBe(400)
      expect(errorOf(res).code, amount).toBe('validation')
    }
    expect((await startPayment(dealer, { ...cardForm(), totalAmount: '1.00' })).statusCode).toBe(400)
  })

  it("takes the company's own open items to settle, and refuses another company's", async () => {
    const dealer = await newDealer()
    const own = await addOverdueInvoice(t.database.db, dealer.company.id, '500.00', 10)
    const other = await createCustomer(t.database.db)
    const theirs = await addOverdueInvoice(t.database.db, other.id, '500.00', 10)
    const refused = await startPayment(dealer, cardForm({ settleEntryIds: [theirs] }))
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused).code).toBe('not_open')
    const res = await startPayment(dealer, cardForm({ settleEntryIds: [own] }))
    expect(res.statusCode).toBe(200)
    expect((await intentOf(res.json().intentId)).settle_entry_ids).toEqual([own])
  })
})

describe("'order': the cart in the card plan", () => {
  it('computes the amount from the cart in the chosen card plan, whatever amount the form carries', async () => {
    const dealer = await newDealer()
    const p = await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 })
    await addToCart(dealer, p, 2)
    for (const advencePrice of [String(cardPlanId), 'advencePrice3']) {
      const res = await startPayment(dealer, cardForm({ paymentType: 'order', amount: '1.00', advencePrice }))
      expect(res.statusCode, res.body).toBe(200)
      // 2 × 110 TL + 20 % tax
      expect(await intentOf(res.json().intentId)).toMatchObject({
        payment_type: 'order',
        amount: '264.00',
        total_amount: '264.00',
        payment_plan_id: cardPlanId,
      })
    }
  })

  it('refuses a plan that is not a card plan, and an empty cart', async () => {
    const dealer = await newDealer()
    const p = await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 })
    await addToCart(dealer, p, 1)
    const cash = await startPayment(
      dealer,
      cardForm({ paymentType: 'order', advencePrice: String(cashPlanId) }),
    )
    expect(cash.statusCode).toBe(400)
    expect(errorOf(cash).code).toBe('not_virtual_plan')
    const empty = await newDealer()
    const res = await startPayment(
      empty,
      cardForm({ paymentType: 'order', advencePrice: String(cardPlanId) }),
    )
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).code).toBe('empty_cart')
  })

  it('refuses a cart whose stock is short before anything is charged', async () => {
    const dealer = await newDealer()
    const p = await cardProduct(t, { price: '100', cardPrice: '110', stock: 3 })
    await addToCart(dealer, p, 3)
    await t.database.db.execute(sql`update products set quantity = 1 where id = ${p.id}`)
    const res = await startPayment(
      dealer,
      cardForm({ paymentType: 'order', advencePrice: String(cardPlanId) }),
    )
    expect(res.statusCode).toBe(409)
    expect(errorOf(res).code).toBe('insufficient_stock')
  })
})

describe('installments', () => {
  it("charges the plan's commission: amount × (100 + commission) / 100 for a plan of the card's bank", async () => {
    const dealer = await newDealer()
    const res = await startPayment(
      dealer,
      cardForm({ amount: '1000.00', planId: plans.bank3, installment: 3 }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(await intentOf(res.json().intentId)).toMatchObject({
      amount: '1000.00',
      installment: 3,
      commission_fee: '3.25',
      total_amount: '1032.50',
    })
  })

  it("gives a card of an unknown BIN the store's default plans, and refuses another bank's plan", async () => {
    const dealer = await newDealer()
    // The MASTER_CARD test card's BIN is not in this test's BIN table.
    const res = await startPayment(
      dealer,
      cardForm({ card: TEST_CARDS.master, amount: '999.99', planId: plans.default3 }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(await intentOf(res.json().intentId)).toMatchObject({ installment: 3, total_amount: '1044.99' })
    const wrong = await startPayment(dealer, cardForm({ card: TEST_CARDS.visa, planId: plans.default3 }))
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong).code).toBe('unknown_installment')
  })
})

describe('the card and who pays', () => {
  it('refuses a card number that fails the Luhn check and an expired card', async () => {
    const dealer = await newDealer()
    const luhn = await startPayment(dealer, cardForm({ card: '4090210000000017' }))
    expect(luhn.statusCode).toBe(400)
    expect(errorOf(luhn).code).toBe('card_invalid')
    const expired = await startPayment(dealer, cardForm({ expire: '01/20' }))
    expect(expired.statusCode).toBe(400)
    expect(errorOf(expired).code).toBe('card_expired')
  })

  it("answers a gateway refusal with 402 and the bank's reason in Turkish; the intent is failed", async () => {
    const dealer = await newDealer()
    const res = await startPayment(dealer, cardForm({ card: TEST_CARDS.technicalError }))
    expect(res.statusCode).toBe(402)
    expect(errorOf(res)).toEqual({
      code: 'technical_error',
      messages: { type: 'Bankada teknik bir hata oluştu. Lütfen daha sonra tekrar deneyiniz.' },
    })
    const [intent] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from payment_intents where customer_id = ${dealer.company.id}`,
    )
    expect(intent).toEqual({ status: 'failed' })
  })

  it("answers 401 to a guest and 403 to an administrator for 'pay' and 'order'", async () => {
    const guest = new TestClient(t.app)
    await guest.openPage()
    const admin = await loggedInUser(t, null)
    for (const paymentType of ['pay', 'order'] as const) {
      expect((await startPayment(guest, cardForm({ paymentType }))).statusCode).toBe(401)
      expect((await startPayment(admin, cardForm({ paymentType }))).statusCode).toBe(403)
    }
  })

  it('refuses the start without the CSRF token', async () => {
    const dealer = await newDealer()
    const res = await dealer.send({
      method: 'POST',
      url: '/api/payments/start',
      payload: cardForm(),
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
  })
})

describe("'link': a payment link, logged out", () => {
  async function link(values: { amount: string; expiresInMs?: number; paid?: boolean; settle?: number[] }) {
    const company = await createCustomer(t.database.db)
    const token = newPaymentLinkToken()
    const expiresAt = new Date(Date.now() + (values.expiresInMs ?? 86_400_000))
    await t.database.db.execute(
      sql`insert into payment_links (token_hash, customer_id, amount, settle_entry_ids, expires_at, paid_at)
          values (${paymentLinkTokenHash(token)}, ${company.id}, ${values.amount},
            ${JSON.stringify(values.settle ?? [])}::jsonb, ${expiresAt}, ${values.paid ? new Date() : null})`,
    )
    return { token, company }
  }

  it("pays the link's amount for the link's company, whatever amount the form carries", async () => {
    const { token, company } = await link({ amount: '725.40' })
    const guest = new TestClient(t.app)
    await guest.openPage()
    const res = await startPayment(guest, cardForm({ paymentType: 'link', linkToken: token, amount: '1.00' }))
    expect(res.statusCode, res.body).toBe(200)
    expect(await intentOf(res.json().intentId)).toMatchObject({
      payment_type: 'link',
      customer_id: company.id,
      user_id: null,
      amount: '725.40',
    })
  })

  it('answers 404 to an unknown token and 409 to a paid or expired link', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage()
    const unknown = await startPayment(
      guest,
      cardForm({ paymentType: 'link', linkToken: newPaymentLinkToken() }),
    )
    expect(unknown.statusCode).toBe(404)
    for (const values of [
      { amount: '10', paid: true },
      { amount: '10', expiresInMs: -1000 },
    ]) {
      const { token } = await link(values)
      const res = await startPayment(guest, cardForm({ paymentType: 'link', linkToken: token }))
      expect(res.statusCode).toBe(409)
      expect(errorOf(res)).toMatchObject({ code: 'link_unavailable' })
    }
  })
})

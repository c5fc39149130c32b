import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IyzicoGateway } from '../../integrations/payments/iyzico/iyzico-gateway'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { type IyzicoFake, startIyzicoFake } from '../../test/iyzico-fake'
import { cardForm, frameMessage, postCallback, startPayment, TEST_CARDS } from '../../test/payments'
import { createTestApp, type TestApp } from '../../test/test-app'

let fake: IyzicoFake
let t: TestApp
let default3: number

beforeAll(async () => {
  fake = await startIyzicoFake()
  t = await createTestApp({
    paymentGateway: new IyzicoGateway({ apiKey: fake.apiKey, secretKey: fake.secretKey, baseUrl: fake.url }),
  })
  await seedAccounts(t.database.db)
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into installment_plans (bank_id, installment, commission_fee, is_default)
        values (null, 1, 0, true), (null, 3, 4.50, false) returning id`,
  )
  default3 = rows[1]!.id
})
beforeEach(() => {
  fake.auth = 'success'
  fake.calls.length = 0
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const intentOf = async (id: string) => {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select * from payment_intents where id = ${id}`,
  )
  return row!
}

const creditsOf = (customerId: number) =>
  queryRows<{ credit: string }>(
    t.database.db,
    sql`select credit from ledger_entries where customer_id = ${customerId} and kind = 'card_payment'`,
  )

/** A dealer's 'pay' started through iyzico: the intent, and iyzico's payment id from the bank's form. */
async function started(form: Record<string, unknown> = {}) {
  const company = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, company.id)
  const res = await startPayment(dealer, cardForm({ card: TEST_CARDS.master, amount: '1000.00', ...form }))
  expect(res.statusCode, res.body).toBe(200)
  const { intentId, action } = res.json()
  expect(action.type).toBe('html')
  const paymentId = /name="paymentId" value="(\d+)"/.exec(action.html)![1]!
  return { company, dealer, intentId: intentId as string, paymentId, html: action.html as string }
}

const callbackPath = '/payment/callback/iyzico?lang=tr'
const authCalls = () => fake.calls.filter((c) => c.path === '/payment/3dsecure/auth')

describe('iyzico', () => {
  it("sends the card, the amounts and our callback to 3-D Secure initialize; the frame gets the bank's form", async () => {
    const { intentId, html } = await started({ planId: default3 })
    const init = fake.calls.find((c) => c.path === '/payment/3dsecure/initialize')!
    // iyzico quoted 6.25 % for 3 installments (fake.installments): its commission applies.
    expect(init.body).toMatchObject({
      conversationId: intentId,
      price: '1000.0',
      paidPrice: '1062.5',
      installment: 3,
      currency: 'TRY',
      callbackUrl: expect.stringMatching(/\/payment\/callback\/iyzico\?lang=tr$/),
      paymentCard: { cardNumber: TEST_CARDS.master, expireMonth: '12', expireYear: '2039' },
    })
    expect(html).toContain('<form id="iyzico-3ds-form" action="https://bank.example/acs"')
    expect(await intentOf(intentId)).toMatchObject({
      total_amount: '1062.50',
      commission_fee: '6.25',
      gateway: 'iyzico',
    })
    expect(fake.badAuthorization).toBe(0)
  })

  it('completes a signed successful callback with threedsPayment: the intent succeeds once', async () => {
    const { company, intentId, paymentId } = await started()
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
    const res = await postCallback(t, body, callbackPath)
    expect(frameMessage(res)).toEqual({ type: 'payment_succeed', intentId })
    expect(authCalls().map((c) => c.body)).toEqual([
      expect.objectContaining({ paymentId, conversationId: intentId }),
    ])
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded', gateway_ref: paymentId })
    expect(await creditsOf(company.id)).toEqual([{ credit: '1000.00' }])
    // Replayed: nothing is completed or booked again.
    expect(frameMessage(await postCallback(t, body, callbackPath)).type).toBe('payment_succeed')
    expect(authCalls()).toHaveLength(1)
    expect(await creditsOf(company.id)).toHaveLength(1)
  })

  it('fails a callback with a failed mdStatus without completing it', async () => {
    const { company, intentId, paymentId } = await started()
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '0', status: 'failure' })
    const res = await postCallback(t, body, callbackPath)
    expect(frameMessage(res)).toMatchObject({
      type: 'payment_failed',
      intentId,
      message: '3-D Secure doğrulaması başarısız oldu.',
    })
    expect(await intentOf(intentId)).toMatchObject({ status: 'failed', failure_code: 'three_ds_failed' })
    expect(authCalls()).toHaveLength(0)
    expect(await creditsOf(company.id)).toEqual([])
  })

  it('changes nothing for a callback whose signature does not match', async () => {
    const { company, intentId, paymentId } = await started()
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
    for (const forged of [
      { ...body, signature: 'a'.repeat(64) },
      { ...body, mdStatus: '0' },
      { ...body, conversationId: 'b'.repeat(32) },
    ]) {
      const res = await postCallback(t, forged, callbackPath)
      expect(frameMessage(res)).toMatchObject({ type: 'payment_failed', intentId: null })
    }
    expect(await intentOf(intentId)).toMatchObject({ status: 'pending', completed_at: null })
    expect(authCalls()).toHaveLength(0)
    expect(await creditsOf(company.id)).toEqual([])
  })

  it.each([
    ['declined by the bank', 'declined', 'insufficient_funds'],
    ['another amount in its signed answer', 'other_amount', 'amount_mismatch'],
    ['an answer with a bad signature', 'bad_signature', 'signature'],
    ['a fraud refusal', 'fraud', 'fraud'],
  ] as const)('fails the intent when completing meets %s', async (_label, mode, code) => {
    const { company, intentId, paymentId } = await started()
    fake.auth = mode
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
    const res = await postCallback(t, body, callbackPath)
    expect(frameMessage(res)).toMatchObject({ type: 'payment_failed', intentId })
    expect(await intentOf(intentId)).toMatchObject({ status: 'failed', failure_code: code })
    expect(await creditsOf(company.id)).toEqual([])
  })

  it("answers the BIN query from iyzico's BIN and installment services", async () => {
    const gateway = new IyzicoGateway({ apiKey: fake.apiKey, secretKey: fake.secretKey, baseUrl: fake.url })
    expect(await gateway.binInfo('55711300', '500.00')).toEqual({
      network: 'MASTERCARD',
      cardType: 'CREDIT',
      issuer: 'Garanti Bankası',
      installments: [
        { installment: 1, commissionFee: 0 },
        { installment: 3, commissionFee: 6.25 },
      ],
    })
  })

  it('refuses the start with 402 when iyzico cannot be reached', async () => {
    const down = await createTestApp({
      database: t.database,
      paymentGateway: new IyzicoGateway({ apiKey: 'k', secretKey: 's', baseUrl: 'http://127.0.0.1:1' }),
    })
    try {
      const company = await createCustomer(t.database.db)
      const dealer = await loggedInUser(down, company.id)
      const res = await startPayment(dealer, cardForm({ card: TEST_CARDS.master }))
      expect(res.statusCode).toBe(402)
      expect(res.json().error.code).toBe('technical_error')
    } finally {
      await down.close()
    }
  })
})

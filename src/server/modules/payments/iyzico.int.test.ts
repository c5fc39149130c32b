import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IyzicoGateway } from '../../integrations/payments/iyzico/iyzico-gateway'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { type IyzicoFake, startIyzicoFake } from '../../test/iyzico-fake'
import {
  cardForm,
  frameMessage,
  postCallback,
  reconcileNow,
  startPayment,
  TEST_CARDS,
  trailOf,
} from '../../test/payments'
import { createTestApp, type TestApp } from '../../test/test-app'

let fake: IyzicoFake
let t: TestApp
let default3: number

beforeAll(async () => {
  fake = await startIyzicoFake()
  t = await createTestApp({
    // A short wait for iyzico's answers, so a lost answer (fake.auth 'no_answer') is seen in a test's time.
    paymentGateway: new IyzicoGateway(
      { apiKey: fake.apiKey, secretKey: fake.secretKey, baseUrl: fake.url },
      500,
    ),
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
  fake.refunds = 'ok'
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
    ['a fraud refusal', 'fraud', 'fraud'],
  ] as const)(
    'fails the intent when completing meets %s: nothing is held or booked',
    async (_label, mode, code) => {
      const { company, intentId, paymentId } = await started()
      fake.auth = mode
      const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
      const res = await postCallback(t, body, callbackPath)
      expect(frameMessage(res)).toMatchObject({ type: 'payment_failed', intentId })
      expect(await intentOf(intentId)).toMatchObject({ status: 'failed', failure_code: code })
      expect(await creditsOf(company.id)).toEqual([])
      expect(await trailOf(t, intentId)).toEqual([
        '∅→pending payer',
        'pending→authorized gateway',
        'authorized→capturing gateway',
        'capturing→failed gateway',
      ])
    },
  )

  it('an answer it cannot trust (bad signature) is not a decline: processing, then the reconciler asks iyzico and books it', async () => {
    const { company, intentId, paymentId } = await started()
    fake.auth = 'bad_signature'
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
    expect(frameMessage(await postCallback(t, body, callbackPath))).toEqual({
      type: 'payment_processing',
      intentId,
    })
    expect(await intentOf(intentId)).toMatchObject({ status: 'capturing' })
    expect(await creditsOf(company.id)).toEqual([])
    expect(await reconcileNow(t)).toMatchObject({ booked: 1 })
    expect(fake.calls.filter((c) => c.path === '/payment/detail').at(-1)?.body).toMatchObject({
      paymentConversationId: intentId,
    })
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded', gateway_ref: paymentId })
    expect(await creditsOf(company.id)).toEqual([{ credit: '1000.00' }])
  })

  it('another amount charged: the reconciler hands it to staff, who refund it through iyzico', async () => {
    const { company, intentId, paymentId } = await started()
    fake.auth = 'other_amount'
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
    expect(frameMessage(await postCallback(t, body, callbackPath)).type).toBe('payment_processing')
    expect(await reconcileNow(t)).toMatchObject({ flagged: 1 })
    const flagged = await intentOf(intentId)
    expect(flagged).toMatchObject({ status: 'needs_attention' })
    expect(flagged.attention_reason).toMatch(/999.*1000/s)
    const admin = await loggedInUser(t, null)
    const refund = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${intentId}/refund`,
      payload: { reason: 'Banka farklı tutar çekti' },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    expect(refund.json()).toMatchObject({ status: 'refunded', refundRef: `iptal-${paymentId}` })
    expect(fake.calls.find((c) => c.path === '/payment/cancel')?.body).toMatchObject({ paymentId })
    expect(fake.charged.get(paymentId)?.refunded).toBe(true)
    expect(await creditsOf(company.id)).toEqual([])
  })

  it('a lost answer (iyzico took the money but did not answer in time): processing, then booked once', async () => {
    const { company, intentId, paymentId } = await started()
    fake.auth = 'no_answer'
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
    expect(frameMessage(await postCallback(t, body, callbackPath)).type).toBe('payment_processing')
    expect(await intentOf(intentId)).toMatchObject({ status: 'capturing' })
    // The bank re-posts its callback meanwhile: nothing is completed twice.
    expect(frameMessage(await postCallback(t, body, callbackPath)).type).toBe('payment_processing')
    expect(authCalls()).toHaveLength(1)
    await reconcileNow(t)
    await reconcileNow(t)
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded' })
    expect(await creditsOf(company.id)).toEqual([{ credit: '1000.00' }])
  })

  it("answers the BIN query from iyzico's BIN and installment services", async () => {
    const gateway = new IyzicoGateway({ apiKey: fake.apiKey, secretKey: fake.secretKey, baseUrl: fake.url })
    expect(await gateway.binInfo('55711300', '500.00')).toEqual({
      network: 'MASTERCARD',
      cardType: 'CREDIT',
      issuer: 'Garanti Bankası',
      installments: [
        { installment: 1, commissionFee: '0.00' },
        { installment: 3, commissionFee: '6.25' },
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

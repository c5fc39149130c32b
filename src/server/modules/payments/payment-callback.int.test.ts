import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentResult } from '../../../contracts/payments'
import {
  deriveKey,
  type SandboxCallback,
  signCallback,
} from '../../integrations/payments/sandbox/sandbox-signing'
import { queryRows } from '../../test/db-helpers'
import { addOverdueInvoice, createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import {
  addToCart,
  cardForm,
  cardProduct,
  enableCardPlans,
  frameMessage,
  passChallenge,
  paySandbox,
  postCallback,
  startPayment,
  TEST_CARDS,
} from '../../test/payments'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { newPaymentLinkToken, paymentLinkTokenHash } from '../payment-links/payment-link-token'

let t: TestApp
let cardPlanId: number
/** The test clock: every test that moves it puts it back. */
let offsetMs = 0

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + offsetMs) })
  await seedAccounts(t.database.db)
  cardPlanId = await enableCardPlans(t)
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

const ledgerOf = (customerId: number) =>
  queryRows<{ kind: string; debit: string; credit: string; open_amount: string; order_id: number | null }>(
    t.database.db,
    sql`select kind, debit, credit, open_amount, order_id from ledger_entries where customer_id = ${customerId} order by id`,
  )

const ordersOf = (customerId: number) =>
  queryRows<{ id: number; paid_at: string | null; payment_intent_id: string | null; base_total: string }>(
    t.database.db,
    sql`select id, paid_at, payment_intent_id, base_total from orders where customer_id = ${customerId}`,
  )

const stockOf = async (productId: number) => {
  const [row] = await queryRows<{ quantity: number }>(
    t.database.db,
    sql`select quantity from products where id = ${productId}`,
  )
  return row!.quantity
}

const cartLines = async (userId: number) => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from cart_items ci join carts c on c.id = ci.cart_id where c.user_id = ${userId}`,
  )
  return row!.n
}

const result = async (client: TestClient, id: string, query = '') => {
  const res = await client.send({ method: 'GET', url: `/api/payments/${id}${query}` })
  return { status: res.statusCode, body: res.json() as PaymentResult }
}

/** A dealer with a card-plan product in the cart: 2 × 110 TL + 20 % tax = 264 TL. */
async function dealerWithCart(stock = 5) {
  const dealer = await newDealer()
  const p = await cardProduct(t, { price: '100', cardPrice: '110', stock })
  await addToCart(dealer, p, 2)
  return { dealer, p }
}

const orderForm = () => cardForm({ paymentType: 'order', advencePrice: String(cardPlanId) })

/** A start and its challenge passed: the callback fields, not yet posted. */
async function started(client: TestClient, form: Record<string, unknown>, code?: string) {
  const res = await startPayment(client, form)
  expect(res.statusCode, res.body).toBe(200)
  const { intentId, action } = res.json()
  const { fields } = await passChallenge(t, action.url, code)
  return { intentId: intentId as string, fields }
}

describe('a paid order', () => {
  it('is created like a placed order, paid: number, stock taken, cart emptied, mail queued, ledger netted', async () => {
    const { dealer, p } = await dealerWithCart()
    const { callback, intentId } = await paySandbox(t, dealer, orderForm())
    expect(frameMessage(callback!)).toEqual({ type: 'payment_succeed', intentId })
    const [order] = await ordersOf(dealer.company.id)
    expect(order).toMatchObject({ payment_intent_id: intentId })
    expect(Number(order!.base_total)).toBe(264)
    expect(order!.paid_at).not.toBeNull()
    expect(await stockOf(p.id)).toBe(3)
    expect(await cartLines(dealer.user.id)).toBe(0)
    const mails = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select kind from mail_outbox where order_id = ${order!.id}`,
    )
    expect(mails).toEqual([{ kind: 'order_confirmation' }])
    expect(await ledgerOf(dealer.company.id)).toEqual([
      { kind: 'order', debit: '264.00', credit: '0.00', open_amount: '0.00', order_id: order!.id },
      { kind: 'card_payment', debit: '0.00', credit: '264.00', open_amount: '0.00', order_id: null },
    ])
    const shown = await result(dealer, intentId!)
    expect(shown.body).toMatchObject({ status: 'succeeded', succeed: true, orderId: order!.id, amount: 264 })
    expect(shown.body.orderNo).toMatch(/^S\d{4}-\d{6}$/)
    // Paid by card: the dealer is offered no cancel and cannot cancel it (the store refunds).
    const shownOrder = await dealer.send({ method: 'GET', url: `/api/catalog/order/${order!.id}` })
    expect(shownOrder.json()).toMatchObject({ cancellable: false, isCancel: false })
    const cancel = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/order/${order!.id}`,
      payload: { cancel: true },
    })
    expect(cancel.statusCode).toBe(409)
  })

  it('is not made when the stock went meanwhile: the intent fails, nothing is taken or charged', async () => {
    const { dealer, p } = await dealerWithCart(2)
    const { intentId, fields } = await started(dealer, orderForm())
    await t.database.db.execute(sql`update products set quantity = 1 where id = ${p.id}`)
    const callback = await postCallback(t, fields)
    expect(frameMessage(callback)).toMatchObject({ type: 'payment_failed', intentId })
    expect(String(frameMessage(callback).message)).toMatch(/ürününden 2 adet bulunmamaktadır/)
    expect(await intentOf(intentId)).toMatchObject({ status: 'failed', failure_code: 'insufficient_stock' })
    expect(await ordersOf(dealer.company.id)).toEqual([])
    expect(await ledgerOf(dealer.company.id)).toEqual([])
    expect(await cartLines(dealer.user.id)).toBe(1)
  })

  it('is not made when the cart changed after the start', async () => {
    const { dealer, p } = await dealerWithCart()
    const { intentId, fields } = await started(dealer, orderForm())
    await addToCart(dealer, p, 1)
    const callback = await postCallback(t, fields)
    expect(frameMessage(callback)).toMatchObject({ type: 'payment_failed', intentId })
    expect(await intentOf(intentId)).toMatchObject({ status: 'failed', failure_code: 'cart_changed' })
    expect(await ordersOf(dealer.company.id)).toEqual([])
  })
})

describe('sandbox outcomes per test card', () => {
  it.each([
    ['VISA', TEST_CARDS.visa],
    ['MASTER_CARD', TEST_CARDS.master],
    ['TROY', TEST_CARDS.troy],
  ])('%s succeeds', async (network, card) => {
    const dealer = await newDealer()
    const { callback, intentId } = await paySandbox(t, dealer, cardForm({ card, amount: '75.25' }))
    expect(frameMessage(callback!)).toEqual({ type: 'payment_succeed', intentId })
    expect(await intentOf(intentId!)).toMatchObject({ status: 'succeeded', card_network: network })
    expect((await ledgerOf(dealer.company.id)).map((e) => [e.kind, e.credit])).toEqual([
      ['card_payment', '75.25'],
    ])
  })

  it.each([
    ['declined', TEST_CARDS.declined, '283126', 'insufficient_funds', 'Yetersiz bakiye.'],
    [
      '3-D Secure failure',
      TEST_CARDS.threeDsFailure,
      '283126',
      'three_ds_failed',
      '3-D Secure doğrulaması başarısız oldu.',
    ],
    [
      'a wrong SMS code',
      TEST_CARDS.visa,
      '111111',
      'three_ds_failed',
      '3-D Secure doğrulaması başarısız oldu.',
    ],
  ])('%s fails with its message; an order is not made', async (_label, card, code, failureCode, message) => {
    const { dealer, p } = await dealerWithCart()
    const { callback, intentId } = await paySandbox(t, dealer, { ...orderForm(), card }, code)
    expect(frameMessage(callback!)).toEqual({ type: 'payment_failed', intentId, message })
    expect(await intentOf(intentId!)).toMatchObject({ status: 'failed', failure_code: failureCode })
    expect(await ordersOf(dealer.company.id)).toEqual([])
    expect(await stockOf(p.id)).toBe(5)
    expect(await ledgerOf(dealer.company.id)).toEqual([])
    const shown = await result(dealer, intentId!)
    expect(shown.body).toMatchObject({
      status: 'failed',
      succeed: false,
      failureMessage: message,
      mailOrder: null,
    })
  })

  it('writes the failure in the language of the payment (English)', async () => {
    const dealer = await newDealer()
    const { fields } = await started(dealer, cardForm({ card: TEST_CARDS.declined }))
    const callback = await postCallback(t, fields, '/payment/callback/sandbox?lang=en')
    expect(frameMessage(callback)).toMatchObject({ type: 'payment_failed', message: 'Insufficient funds.' })
  })

  it('tells a payer on an English page why in English, whatever their saved language, all the way', async () => {
    const dealer = await newDealer()
    // The English page frames /payment/start?lang=en; the frame asks in English.
    const frame = await dealer.send({ method: 'GET', url: '/payment/start?lang=en' })
    expect(frame.statusCode).toBe(200)
    expect(frame.body).toContain('lang="en"')
    expect(frame.body).toContain('"locale":"en"')
    const start = await dealer.send({
      method: 'POST',
      url: '/api/payments/start',
      payload: cardForm({ card: TEST_CARDS.declined }),
      headers: { 'accept-language': 'en' },
    })
    expect(start.statusCode, start.body).toBe(200)
    const { intentId, action } = start.json()
    const { callbackUrl, fields } = await passChallenge(t, action.url)
    expect(callbackUrl.searchParams.get('lang')).toBe('en')
    const callback = await postCallback(t, fields, callbackUrl.pathname + callbackUrl.search)
    expect(frameMessage(callback)).toEqual({
      type: 'payment_failed',
      intentId,
      message: 'Insufficient funds.',
    })
    // The gateway's Turkish text stays what is stored (the back office's language).
    expect(await intentOf(intentId)).toMatchObject({ failure_code: 'insufficient_funds' })
    const shown = await dealer.send({
      method: 'GET',
      url: `/api/payments/${intentId}`,
      headers: { 'accept-language': 'en' },
    })
    expect(shown.json()).toMatchObject({ status: 'failed', failureMessage: 'Insufficient funds.' })
  })
})

describe('callbacks that change nothing', () => {
  it('a start alone (or a message the browser invents) marks nothing paid', async () => {
    const dealer = await newDealer()
    const res = await startPayment(dealer, cardForm())
    const shown = await result(dealer, res.json().intentId)
    expect(shown.body).toMatchObject({ status: 'pending', succeed: false, mailOrder: null })
    expect(await ledgerOf(dealer.company.id)).toEqual([])
  })

  it('a forged callback: a bad signature, or one made with another key', async () => {
    const dealer = await newDealer()
    const { intentId, fields } = await started(dealer, cardForm())
    const forged = [
      { ...fields, signature: 'f'.repeat(64) },
      signCallback(deriveKey('another-secret-another-secret-another', 'callback'), withoutSignature(fields)),
      { intentId, status: 'success', mdStatus: '1' },
    ]
    for (const body of forged) {
      const res = await postCallback(t, body as Record<string, string>)
      expect(res.statusCode).toBe(200)
      expect(frameMessage(res)).toMatchObject({ type: 'payment_failed', intentId: null })
    }
    expect(await intentOf(intentId)).toMatchObject({ status: 'pending', completed_at: null })
    expect(await ledgerOf(dealer.company.id)).toEqual([])
  })

  it("a callback whose signed amount is not the intent's (signed with the right key)", async () => {
    const dealer = await newDealer()
    const { intentId, fields } = await started(dealer, cardForm({ amount: '500.00' }))
    const cheaper = signCallback(deriveKey(t.deps.config.sessionSecret, 'callback'), {
      ...withoutSignature(fields),
      amount: '5.00',
    })
    const res = await postCallback(t, cheaper)
    expect(frameMessage(res)).toMatchObject({ type: 'payment_failed', intentId })
    expect(await intentOf(intentId)).toMatchObject({ status: 'pending' })
    expect(await ledgerOf(dealer.company.id)).toEqual([])
  })

  it('a replayed callback: the second answers the first outcome and books nothing again', async () => {
    const dealer = await newDealer()
    const { intentId, fields } = await started(dealer, cardForm({ amount: '40.00' }))
    expect(frameMessage(await postCallback(t, fields))).toEqual({ type: 'payment_succeed', intentId })
    const completed = (await intentOf(intentId)).completed_at
    expect(frameMessage(await postCallback(t, fields))).toEqual({ type: 'payment_succeed', intentId })
    expect((await intentOf(intentId)).completed_at).toEqual(completed)
    expect(await ledgerOf(dealer.company.id)).toHaveLength(1)
  })

  it('a callback later than 15 minutes: the intent is expired, unpaid, and reads so', async () => {
    const dealer = await newDealer()
    const { intentId, fields } = await started(dealer, cardForm())
    offsetMs = 15 * 60_000 + 1000
    try {
      const res = await postCallback(t, fields)
      expect(frameMessage(res)).toMatchObject({
        type: 'payment_failed',
        intentId,
        message: expect.stringMatching(/15 dakika/),
      })
      expect(await intentOf(intentId)).toMatchObject({ status: 'expired', completed_at: null })
      expect(await ledgerOf(dealer.company.id)).toEqual([])
      expect((await result(dealer, intentId)).body).toMatchObject({
        status: 'expired',
        succeed: false,
        failureMessage: expect.stringMatching(/15 dakika/),
      })
    } finally {
      offsetMs = 0
    }
  })

  it('10 parallel identical callbacks: exactly one order, one stock take, one ledger credit', async () => {
    const { dealer, p } = await dealerWithCart()
    const { intentId, fields } = await started(dealer, orderForm())
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCallback(t, fields)))
    // The one that took the payment on says succeeded; one arriving while it was with the bank says
    // processing (the page then asks for the result); none says failed.
    const told = answers.map((res) => frameMessage(res).type)
    expect(told.filter((type) => type === 'payment_succeed').length).toBeGreaterThanOrEqual(1)
    expect(told.every((type) => type === 'payment_succeed' || type === 'payment_processing')).toBe(true)
    expect((await result(dealer, intentId)).body).toMatchObject({ status: 'succeeded' })
    expect(await ordersOf(dealer.company.id)).toHaveLength(1)
    expect(await stockOf(p.id)).toBe(3)
    expect((await ledgerOf(dealer.company.id)).map((e) => e.kind)).toEqual(['order', 'card_payment'])
  })

  it('a callback to a gateway that is not the active one is 404', async () => {
    const res = await postCallback(t, { conversationId: 'x' }, '/payment/callback/iyzico')
    expect(res.statusCode).toBe(404)
  })
})

describe('paying on account', () => {
  it('settles the chosen items first, then the debts due first; the overdue balance falls at once', async () => {
    const dealer = await newDealer()
    const older = await addOverdueInvoice(t.database.db, dealer.company.id, '300.00', 40)
    const chosen = await addOverdueInvoice(t.database.db, dealer.company.id, '200.00', 5)
    const before = await dealer.send({ method: 'GET', url: '/api/bootstrap' })
    expect(before.json().user.customer.overdueBalance).toBe(500)
    await paySandbox(t, dealer, cardForm({ amount: '250.00', settleEntryIds: [chosen] }))
    const open = await queryRows<{ id: number; open_amount: string }>(
      t.database.db,
      sql`select id, open_amount from ledger_entries where id in (${older}, ${chosen}) order by id`,
    )
    expect(open).toEqual([
      { id: older, open_amount: '250.00' },
      { id: chosen, open_amount: '0.00' },
    ])
    const after = await dealer.send({ method: 'GET', url: '/api/bootstrap' })
    expect(after.json().user.customer.overdueBalance).toBe(250)
  })
})

describe('paying a payment link', () => {
  it('credits the link company, marks the link paid once, and shows the result to the holder of the token', async () => {
    const company = await createCustomer(t.database.db)
    const token = newPaymentLinkToken()
    await t.database.db.execute(
      sql`insert into payment_links (token_hash, customer_id, amount, expires_at)
          values (${paymentLinkTokenHash(token)}, ${company.id}, '99.90', ${new Date(Date.now() + 86_400_000)})`,
    )
    const guest = new TestClient(t.app)
    await guest.openPage()
    const { callback, intentId } = await paySandbox(
      t,
      guest,
      cardForm({ paymentType: 'link', linkToken: token }),
    )
    expect(frameMessage(callback!)).toEqual({ type: 'payment_succeed', intentId })
    const [linkRow] = await queryRows<{ paid_at: string | null; payment_intent_id: string }>(
      t.database.db,
      sql`select paid_at, payment_intent_id from payment_links where customer_id = ${company.id}`,
    )
    expect(linkRow!.paid_at).not.toBeNull()
    expect(linkRow!.payment_intent_id).toBe(intentId)
    expect((await ledgerOf(company.id)).map((e) => [e.kind, e.credit])).toEqual([['card_payment', '99.90']])
    // Paid once: a second payment of the link is refused at the start.
    const again = await startPayment(guest, cardForm({ paymentType: 'link', linkToken: token }))
    expect(again.statusCode).toBe(409)
    expect((await result(guest, intentId!, `?token=${token}`)).body).toMatchObject({
      status: 'succeeded',
      amount: 99.9,
    })
    expect((await result(guest, intentId!)).status).toBe(404)
    expect((await result(guest, intentId!, `?token=${newPaymentLinkToken()}`)).status).toBe(404)
  })
})

describe('GET /api/payments/:id', () => {
  it("is the intent's own company's: another dealer, an administrator and a guest get 404", async () => {
    const dealer = await newDealer()
    const { intentId } = await paySandbox(t, dealer, cardForm({ amount: '10.00' }))
    const colleague = await loggedInUser(t, dealer.company.id)
    expect((await result(colleague, intentId!)).status).toBe(200)
    const other = await newDealer()
    const admin = await loggedInUser(t, null)
    const guest = new TestClient(t.app)
    for (const client of [other, admin, guest]) expect((await result(client, intentId!)).status).toBe(404)
  })

  it('carries the Mail Order slip: store, company, masked card, installment amount, the moment (the page writes it)', async () => {
    const dealer = await newDealer()
    const { intentId } = await paySandbox(
      t,
      dealer,
      cardForm({ amount: '10.00', description: 'Mart ödemesi' }),
    )
    const { body } = await result(dealer, intentId!)
    expect(body.mailOrder).toEqual({
      store: { name: 'Toptan Dağıtım A.Ş.', logo: 'logo.svg', address: '', phone: '' },
      customerName: dealer.company.name,
      currency: 'TRY',
      installmentAmount: 10,
      installment: 1,
      cardHolder: 'Ahmet Yılmaz',
      cardNumber: '409021******0016',
      expiryDate: '12/39',
      description: 'Mart ödemesi',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    })
  })
})

function withoutSignature(fields: Record<string, string>): Omit<SandboxCallback, 'signature'> {
  const { signature: _signature, ...rest } = fields
  return rest as Omit<SandboxCallback, 'signature'>
}

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentLinkResponseSchema } from '../../../contracts/payments'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { resultForm } from '../../test/payments'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { paymentLinkTokenHash } from './payment-link-token'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  await setStoreSetting(t.database.db, 'b2b_cari_odeme_baglantisi', true)
})
afterAll(async () => {
  await t.close()
})

async function makeLink(amount: string) {
  const company = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, company.id)
  const res = await dealer.send({ method: 'POST', url: '/api/payment-link', payload: { amount } })
  const { link } = paymentLinkResponseSchema.parse(res.json())
  return { company, token: link.split('/').pop()! }
}

const card = { card: '4090210000000016', ccv: '123', expire: '12/30', holder: 'Deniz Kaya' }

/** A browser (logged out unless given) starting the link's payment, as the payment frame does. */
async function start(token: string, payer = new TestClient(t.app)) {
  // The page of a paid, expired or unknown link is a 410 or 404, still with its CSRF token.
  const page = await payer.openPage(`/odeme-linki/${token}`)
  expect([200, 404, 410]).toContain(page.statusCode)
  expect(payer.csrf).not.toBe('')
  const res = await payer.send({
    method: 'POST',
    url: '/api/payments/start',
    payload: { paymentType: 'link', linkToken: token, ...card },
  })
  return { payer, res }
}

/** The bank's side: the SMS code on the sandbox's 3-D Secure page, then its signed result to our callback. */
async function completeThreeDs(payer: TestClient, redirectUrl: string) {
  const challenge = await payer.send({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'code=283126',
    csrf: false,
  })
  expect(challenge.statusCode, challenge.body).toBe(200)
  const form = resultForm(challenge.body)
  expect(form).not.toBeNull()
  const callback = form!.callbackUrl
  return payer.send({
    method: 'POST',
    url: callback.pathname + callback.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form!.fields).toString(),
    csrf: false,
  })
}

/** The link's state as its public page reads it: an open link is a 200, a paid or expired one a 410. */
const publicStatus = async (token: string) => {
  const res = await new TestClient(t.app).send({ method: 'GET', url: `/api/payment-link/${token}` })
  return res.statusCode === 410 ? res.json().link.status : res.json().status
}

describe('paying a payment link through the sandbox POS', () => {
  it('credits the link company once; the link is then paid and a second start is refused', async () => {
    const { company, token } = await makeLink('250,75')
    const first = await start(token)
    expect(first.res.statusCode, first.res.body).toBe(200)
    const { intentId, action } = first.res.json()
    expect(action.type).toBe('redirect')
    const callback = await completeThreeDs(first.payer, action.url)
    expect(callback.statusCode).toBe(200)

    expect(await publicStatus(token)).toBe('paid')
    const credits = await queryRows<{ customer_id: number; credit: string; kind: string }>(
      t.database.db,
      sql`select customer_id, credit, kind from ledger_entries where payment_intent_id = ${intentId}`,
    )
    expect(credits).toEqual([{ customer_id: company.id, credit: '250.75', kind: 'card_payment' }])
    const [link] = await queryRows<{ payment_intent_id: string; paid: boolean }>(
      t.database.db,
      sql`select payment_intent_id, paid_at is not null as paid from payment_links where customer_id = ${company.id}`,
    )
    expect(link).toEqual({ payment_intent_id: intentId, paid: true })

    // The result is the link holder's to read (?token=), nobody else's.
    const result = await first.payer.send({ method: 'GET', url: `/api/payments/${intentId}?token=${token}` })
    expect(result.json()).toMatchObject({ status: 'succeeded', paymentType: 'link', amount: 250.75 })

    const second = await start(token)
    expect(second.res.statusCode).toBe(409)
    expect(second.res.json().error.code).toBe('link_unavailable')
  })

  it('opens the link page logged out, in Turkish and English, without sending anyone to log in', async () => {
    const { token } = await makeLink('10')
    for (const url of [`/odeme-linki/${token}`, `/en/odeme-linki/${token}`]) {
      const page = await new TestClient(t.app).send({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
    }
  })

  it("credits the link's company when a dealer of another company pays it", async () => {
    const { company, token } = await makeLink('60')
    const other = await createCustomer(t.database.db)
    const stranger = await loggedInUser(t, other.id)
    const { payer, res } = await start(token, stranger)
    expect(res.statusCode, res.body).toBe(200)
    await completeThreeDs(payer, res.json().action.url)
    const credits = await queryRows<{ customer_id: number }>(
      t.database.db,
      sql`select customer_id from ledger_entries where payment_intent_id = ${res.json().intentId}`,
    )
    expect(credits).toEqual([{ customer_id: company.id }])
  })

  it('refuses to start a payment of an unknown token (404), and one of an expired link', async () => {
    const unknown = await start('A'.repeat(43))
    expect(unknown.res.statusCode).toBe(404)
    const { token } = await makeLink('10')
    await t.database.db.execute(
      sql`update payment_links set expires_at = now() - interval '1 minute' where token_hash = ${paymentLinkTokenHash(token)}`,
    )
    expect(await publicStatus(token)).toBe('expired')
    expect((await start(token)).res.statusCode).toBe(409)
  })

  it('a second callback of a paid link changes nothing (one credit only)', async () => {
    const { company, token } = await makeLink('40')
    const first = await start(token)
    const second = await start(token)
    expect(second.res.statusCode).toBe(200)
    await completeThreeDs(first.payer, first.res.json().action.url)
    await completeThreeDs(second.payer, second.res.json().action.url)
    const credits = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries where customer_id = ${company.id} and credit > 0`,
    )
    expect(credits[0]!.n).toBe(1)
    expect(await publicStatus(token)).toBe('paid')
  })
})

import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentLinkResponseSchema } from '../../../contracts/payments'
import { LINK_PAUSE_MS } from '../../../domain/payment-intent'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { cardForm, passChallenge, postCallback } from '../../test/payments'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { START_LIMITS } from './payment-start-limits'

/**
 * The card-testing defence with the real numbers (docs/payments.md): payment starts are counted per
 * client address, card BIN, payment link and user before anything reaches the bank, and the limits
 * hold when the starts arrive all at once.
 */
let t: TestApp
let offsetMs = 0

beforeAll(async () => {
  t = await createTestApp({ startLimits: START_LIMITS, now: () => new Date(Date.now() + offsetMs) })
  await seedAccounts(t.database.db)
  await setStoreSetting(t.database.db, 'b2b_cari_odeme_baglantisi', true)
})
afterAll(() => t.close())

/** A Luhn-valid 16-digit card number starting with this 8-digit BIN. */
function cardOf(bin: string): string {
  const body = bin + String(randomInt(0, 10_000_000)).padStart(7, '0')
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i])
    if (i % 2 === 0) d *= 2
    sum += d > 9 ? d - 9 : d
  }
  return body + String((10 - (sum % 10)) % 10)
}
/** A BIN no other test of this file uses, so each test counts on its own. */
let binSeq = 0
const freshBin = () => `5${String(3_000_000 + binSeq++ * 7919).padStart(7, '0')}`
let ipSeq = 0
const freshIp = () => `198.51.${100 + Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`

const start = (client: TestClient, form: Record<string, unknown>, ip: string) =>
  client.send({ method: 'POST', url: '/api/payments/start', payload: form, remoteAddress: ip })

async function newDealer() {
  const company = await createCustomer(t.database.db)
  return loggedInUser(t, company.id)
}

async function newLink() {
  const dealer = await newDealer()
  const res = await dealer.send({ method: 'POST', url: '/api/payment-link', payload: { amount: '50.00' } })
  expect(res.statusCode, res.body).toBe(200)
  return paymentLinkResponseSchema.parse(res.json()).link.split('/').pop()!
}

const refusals = async (rule: string) => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select coalesce(sum(count), 0)::int as n from payment_start_refusals where rule = ${rule}`,
  )
  return row!.n
}

describe('payment starts are limited', () => {
  it(`per client address: ${START_LIMITS.ip.max} an hour, even when 30 arrive at once`, async () => {
    const ip = freshIp()
    const bin = freshBin()
    const dealers = await Promise.all([newDealer(), newDealer(), newDealer()])
    const before = await refusals('ip')
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        start(dealers[i % 3]!, cardForm({ amount: '10.00', card: cardOf(bin) }), ip),
      ),
    )
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(START_LIMITS.ip.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - START_LIMITS.ip.max)
    const refused = answers.find((res) => res.statusCode === 429)!
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json().error.messages.type).toMatch(/Çok fazla ödeme denemesi.*dakika sonra/)
    expect((await refusals('ip')) - before).toBe(30 - START_LIMITS.ip.max)
    // The same client in another spelling is the same client.
    const mapped = await start(
      dealers[0]!,
      cardForm({ amount: '10.00', card: cardOf(freshBin()) }),
      `::ffff:${ip}`,
    )
    expect(mapped.statusCode).toBe(429)
    // Another client is not held.
    const other = await start(
      await newDealer(),
      cardForm({ amount: '10.00', card: cardOf(freshBin()) }),
      freshIp(),
    )
    expect(other.statusCode, other.body).toBe(200)
  })

  it(`per card BIN, store-wide: ${START_LIMITS.bin.max} an hour from any address`, async () => {
    const bin = freshBin()
    const dealers = await Promise.all(Array.from({ length: 4 }, newDealer))
    const answers = await Promise.all(
      Array.from({ length: START_LIMITS.bin.max + 5 }, (_, i) =>
        start(dealers[i % 4]!, cardForm({ amount: '10.00', card: cardOf(bin) }), freshIp()),
      ),
    )
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(START_LIMITS.bin.max)
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(5)
  })

  it(`per user: ${START_LIMITS.user.max} in ${START_LIMITS.user.windowMs / 60_000} minutes`, async () => {
    const dealer = await newDealer()
    const codes: number[] = []
    for (let i = 0; i <= START_LIMITS.user.max; i++) {
      codes.push(
        (await start(dealer, cardForm({ amount: '10.00', card: cardOf(freshBin()) }), freshIp())).statusCode,
      )
    }
    expect(codes).toEqual([...Array(START_LIMITS.user.max).fill(200), 429])
  })

  it(`per payment link, logged out: ${START_LIMITS.link.max} in ${START_LIMITS.link.windowMs / 60_000} minutes`, async () => {
    const token = await newLink()
    const guest = new TestClient(t.app)
    await guest.openPage()
    const form = () => ({
      paymentType: 'link',
      linkToken: token,
      card: cardOf(freshBin()),
      ccv: '123',
      expire: '12/39',
      holder: 'Deniz Kaya',
    })
    const codes: number[] = []
    for (let i = 0; i <= START_LIMITS.link.max; i++)
      codes.push((await start(guest, form(), freshIp())).statusCode)
    expect(codes).toEqual([...Array(START_LIMITS.link.max).fill(200), 429])
    // Another link is its own.
    const other = await newLink()
    expect((await start(guest, { ...form(), linkToken: other }, freshIp())).statusCode).toBe(200)
  })

  it('a link whose last three payments failed pauses for 30 minutes', async () => {
    const token = await newLink()
    const guest = new TestClient(t.app)
    await guest.openPage()
    const form = () => ({
      paymentType: 'link',
      linkToken: token,
      card: cardOf(freshBin()),
      ccv: '123',
      expire: '12/39',
      holder: 'Deniz Kaya',
    })
    const before = await refusals('link_paused')
    for (let i = 0; i < 3; i++) {
      const res = await start(guest, form(), freshIp())
      expect(res.statusCode, res.body).toBe(200)
      // A wrong SMS code: 3-D Secure fails, the payment fails.
      const { fields } = await passChallenge(t, res.json().action.url, '000000')
      await postCallback(t, fields)
    }
    const paused = await start(guest, form(), freshIp())
    expect(paused.statusCode).toBe(429)
    expect(paused.json().error.messages.type).toMatch(/art arda başarısız.*30 dakika/)
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(29 * 60)
    expect((await refusals('link_paused')) - before).toBe(1)
    offsetMs = LINK_PAUSE_MS + 60_000
    try {
      expect((await start(guest, form(), freshIp())).statusCode).toBe(200)
    } finally {
      offsetMs = 0
    }
  })
})

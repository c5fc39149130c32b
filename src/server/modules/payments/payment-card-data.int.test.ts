import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import {
  addToCart,
  cardForm,
  cardProduct,
  enableCardPlans,
  frameMessage,
  paySandbox,
  TEST_CARDS,
} from '../../test/payments'
import { createTestApp, type TestApp } from '../../test/test-app'

/** A CCV no amount, id or count of these tests contains as a number of its own. */
const CCV = '864'
const lines: string[] = []
let t: TestApp
let cardPlanId: number

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } })
  await seedAccounts(t.database.db)
  cardPlanId = await enableCardPlans(t)
})
afterAll(() => t.close())

/** Every text-like column of every table of ours: name and a query of its values as text. */
async function textColumns() {
  return queryRows<{ table_name: string; column_name: string; data_type: string }>(
    t.database.db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
  )
}

it('keeps the card number and the CCV out of every table and every log line', async () => {
  const company = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, company.id)
  const p = await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 })
  await addToCart(dealer, p, 1)
  const used = [TEST_CARDS.visa, TEST_CARDS.master, TEST_CARDS.declined, TEST_CARDS.threeDsFailure]
  const order = await paySandbox(
    t,
    dealer,
    cardForm({ paymentType: 'order', advencePrice: String(cardPlanId), ccv: CCV }),
  )
  expect(frameMessage(order.callback!).type).toBe('payment_succeed')
  for (const card of used.slice(1)) await paySandbox(t, dealer, cardForm({ card, ccv: CCV, amount: '12.00' }))
  // A refusal at the start, and a start the gateway never answers for: neither leaves the card behind.
  await dealer.send({
    method: 'POST',
    url: '/api/payments/start',
    payload: cardForm({ card: TEST_CARDS.technicalError, ccv: CCV }),
  })
  await dealer.send({
    method: 'POST',
    url: '/api/payments/start',
    payload: { ...cardForm({ ccv: CCV }), amount: 'x' },
  })

  const columns = await textColumns()
  expect(columns.length).toBeGreaterThan(20)
  expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
    expect.arrayContaining(['payment_intents.card_masked', 'mail_outbox.text', 'ledger_entries.description']),
  )
  const found: string[] = []
  // A 3-digit CCV is searched as a number of its own (no digit either side) in every column but the
  // random hex and base64 ones (ids, hashes, tokens, references), where any 3 digits turn up by chance.
  const random = /(^id$|_id$|_ids$|hash|token|gateway_ref|document_no)/
  // Inside a JSON object the same goes for its keys: a signature or a payment id is random text too.
  const randomKey = '(^id$|id$|ids$|hash|token|signature|ref$)'
  const digitsAlone = `(^|[^0-9])${CCV}([^0-9]|$)`
  for (const { table_name, column_name, data_type } of columns) {
    const column = sql.raw(`"${table_name}"."${column_name}"::text`)
    const table = sql.raw(`"${table_name}"`)
    for (const secret of [...used, TEST_CARDS.technicalError]) {
      const [hit] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${table} where ${column} like ${`%${secret}%`}`,
      )
      if (hit!.n > 0) found.push(`${table_name}.${column_name}: card ${secret}`)
    }
    if (random.test(column_name)) continue
    const json = sql.raw(`"${table_name}"."${column_name}"::jsonb`)
    const [ccv] = await queryRows<{ n: number }>(
      t.database.db,
      data_type === 'json' || data_type === 'jsonb'
        ? sql`select count(*)::int as n from ${table}
              where (jsonb_typeof(${json}) <> 'object' and ${column} ~ ${digitsAlone})
                 or (jsonb_typeof(${json}) = 'object' and exists (
                      select 1 from jsonb_each_text(${json}) e
                      where e.key !~* ${randomKey} and (e.key ~ ${digitsAlone} or e.value ~ ${digitsAlone})))`
        : sql`select count(*)::int as n from ${table} where ${column} ~ ${digitsAlone}`,
    )
    if (ccv!.n > 0) found.push(`${table_name}.${column_name}: ccv`)
  }
  expect(found).toEqual([])
  // The masked number is what is kept.
  const [kept] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from payment_intents where card_masked = '409021******0016'`,
  )
  expect(kept!.n).toBeGreaterThan(0)

  expect(lines.length).toBeGreaterThan(10)
  expect(lines.join('\n')).toMatch(/payment intent succeeded/)
  for (const line of lines) {
    for (const secret of [...used, TEST_CARDS.technicalError]) expect(line).not.toContain(secret)
    // The CCV, in all but the logger's own numbers and the random ids (where 3 digits turn up by chance).
    const { pid: _p, hostname: _h, time: _t, ms: _m, reqId: _r, intentId: _i, ...rest } = JSON.parse(line)
    expect(JSON.stringify(rest)).not.toMatch(new RegExp(digitsAlone))
  }
})

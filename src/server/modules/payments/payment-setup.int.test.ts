import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffRole } from '../../../domain/staff-access'
import { loggerOptions } from '../../http/request-log'
import { auditTrail } from '../../test/audit'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { type IyzicoFake, startIyzicoFake } from '../../test/iyzico-fake'
import {
  addToCart,
  cardForm,
  cardProduct,
  enableCardPlans,
  frameMessage,
  passChallenge,
  postCallback,
  startPayment,
  TEST_CARDS,
} from '../../test/payments'
import { multipartFile } from '../../test/spreadsheets'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

/**
 * The payment setup screen's API: every write by role and with its audit record, field messages in
 * both languages, a payment started before a commission change keeping its terms, the BIN list
 * previewed then applied, and the virtual POS chosen here: followed by the next payment, its keys
 * never answered, logged or kept in the clear.
 */

const BASE = '/yonetim/payment-setup'
let t: TestApp
let fake: IyzicoFake
/** Every log line of the app. */
const lines: string[] = []
/** Every answer this file received, for the keys' search. */
const answers: string[] = []
const staff = {} as Record<StaffRole, TestClient & { user: { id: number; name: string } }>
let cardPlanId: number

beforeAll(async () => {
  fake = await startIyzicoFake()
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } })
  await seedAccounts(t.database.db)
  cardPlanId = await enableCardPlans(t)
  for (const role of ['owner', 'accounting', 'sales', 'catalogue', 'readonly'] as const)
    staff[role] = await loggedInUser(t, null, { staffRole: role })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

async function call(
  client: TestClient,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  locale = 'tr',
): Promise<LightMyRequestResponse> {
  const res = await client.send({
    method,
    url,
    headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  })
  answers.push(res.body)
  return res
}

const errorOf = (res: LightMyRequestResponse) =>
  res.json().error as { code: string; messages: { type: string }; fields?: Record<string, string> }

async function newDealer() {
  const company = await createCustomer(t.database.db)
  return Object.assign(await loggedInUser(t, company.id), { company })
}

const intentOf = async (id: string) => {
  const [row] = await queryRows<Record<string, string | number | null>>(
    t.database.db,
    sql`select status, amount, installment, commission_fee, total_amount, gateway, payment_plan_id
        from payment_intents where id = ${id}`,
  )
  return row!
}

/** A random tag for a code, issuer words or a name that must be this test's own. */
const randomTag = () => randomBytes(4).toString('hex')

/** A random BIN prefix of this many digits, a VISA card's (it starts with 4). */
const randomPrefix = (digits: 6 | 8) =>
  `4${String(randomBytes(4).readUInt32BE() % 10 ** (digits - 1)).padStart(digits - 1, '0')}`

/** A Luhn-valid 16-digit card number starting with this prefix (the sandbox charges it). */
function cardNumber(prefix: string): string {
  const body = prefix.padEnd(15, '0')
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i])
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return `${body}${(10 - (sum % 10)) % 10}`
}

/** No virtual POS stored: payments go to the sandbox, as in a fresh store (the table's trigger tells the caches). */
const useSandbox = () => t.database.db.execute(sql`delete from payment_gateway_settings`)

describe('payment plans', () => {
  it('lists the plans with their English names; the payments area reads, only owner and accounting write', async () => {
    const list = await call(staff.sales, 'GET', `${BASE}/plans`)
    expect(list.statusCode).toBe(200)
    expect(list.json().plansOffered).toBe(true)
    expect(list.json().items.map((p: { name: string }) => p.name)).toContain('Kredi Kartı')
    expect((await call(staff.readonly, 'GET', `${BASE}/plans`)).statusCode).toBe(200)
    const closed = await call(staff.catalogue, 'GET', `${BASE}/plans`)
    expect([closed.statusCode, errorOf(closed).code]).toEqual([403, 'staff_role'])
    for (const role of ['sales', 'readonly', 'catalogue'] as const) {
      const res = await call(staff[role], 'POST', `${BASE}/plans`, { name: 'X', priceName: 'salePrice' })
      expect([role, res.statusCode, errorOf(res).code]).toEqual([role, 403, 'staff_role'])
    }
  })

  it('creates a plan with its English name, seen by an English dealer on the next request, and audits it', async () => {
    const created = await call(staff.accounting, 'POST', `${BASE}/plans`, {
      name: '90 Gün Vadeli',
      nameEn: '90 Days Credit',
      priceName: 'advencePrice4',
    })
    expect(created.statusCode, created.body).toBe(200)
    const plan = created.json()
    expect(plan).toMatchObject({
      name: '90 Gün Vadeli',
      nameEn: '90 Days Credit',
      isVirtual: false,
      isDefault: false,
    })
    const dealer = await newDealer()
    const english = await dealer.send({
      method: 'GET',
      url: '/api/bootstrap',
      headers: { 'accept-language': 'en' },
    })
    expect(english.json().paymentPlans).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: plan.id, name: '90 Days Credit' })]),
    )
    const [record] = await auditTrail(t.database.db, 'payment_plan', plan.id)
    expect(record).toMatchObject({ actorUserId: staff.accounting.user.id, action: 'create' })
    expect(record!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: null, new: '90 Gün Vadeli' },
        { field: 'priceName', old: null, new: 'advencePrice4' },
      ]),
    )
  })

  it('moves the default flag, renames, reorders and deletes, each audited; the same values again write nothing', async () => {
    const defaultBefore = (
      (await call(staff.owner, 'GET', `${BASE}/plans`)).json().items as { id: number; isDefault: boolean }[]
    ).find((p) => p.isDefault)?.id
    const plan = (
      await call(staff.owner, 'POST', `${BASE}/plans`, { name: 'Geçici', priceName: 'advencePrice5' })
    ).json()
    const patched = await call(staff.owner, 'PATCH', `${BASE}/plans/${plan.id}`, {
      name: 'Yeni Ad',
      isDefault: true,
    })
    expect(patched.json()).toMatchObject({ name: 'Yeni Ad', isDefault: true })
    const list = (await call(staff.owner, 'GET', `${BASE}/plans`)).json().items as {
      id: number
      isDefault: boolean
    }[]
    expect(list.filter((p) => p.isDefault).map((p) => p.id)).toEqual([plan.id])
    await call(staff.owner, 'PATCH', `${BASE}/plans/${plan.id}`, { name: 'Yeni Ad', isDefault: true })
    expect((await auditTrail(t.database.db, 'payment_plan', plan.id)).map((r) => r.action)).toEqual([
      'create',
      'update',
    ])
    const ids = list.map((p) => p.id)
    const reordered = await call(staff.owner, 'POST', `${BASE}/plans/order`, { ids: [...ids].reverse() })
    expect(reordered.json().items.map((p: { id: number }) => p.id)).toEqual([...ids].reverse())
    const wrong = await call(staff.owner, 'POST', `${BASE}/plans/order`, { ids: ids.slice(1) })
    expect([wrong.statusCode, errorOf(wrong).code]).toEqual([409, 'order_mismatch'])
    const company = await createCustomer(t.database.db)
    await t.database.db.execute(
      sql`update customers set default_payment_plan_id = ${plan.id} where id = ${company.id}`,
    )
    expect((await call(staff.owner, 'DELETE', `${BASE}/plans/${plan.id}`)).statusCode).toBe(200)
    const [after] = await queryRows<{ plan: number | null }>(
      t.database.db,
      sql`select default_payment_plan_id as plan from customers where id = ${company.id}`,
    )
    expect(after!.plan).toBeNull()
    expect((await auditTrail(t.database.db, 'payment_plan', plan.id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'reorder', 'delete']),
    )
    // The store's default as it was before this test.
    if (defaultBefore !== undefined)
      await call(staff.owner, 'PATCH', `${BASE}/plans/${defaultBefore}`, { isDefault: true })
  })

  it('refuses a bad field with its message in Turkish and in English', async () => {
    const tr = await call(staff.owner, 'POST', `${BASE}/plans`, { name: '', priceName: 'advencePrice9' })
    expect(tr.statusCode).toBe(400)
    expect(Object.keys(errorOf(tr).fields ?? {}).sort()).toEqual(['name', 'priceName'])
    const en = await call(staff.owner, 'POST', `${BASE}/plans`, { name: '', priceName: 'salePrice' }, 'en')
    expect(errorOf(en).fields?.name).toMatch(/[a-z]/)
    expect(errorOf(en).fields?.name).not.toBe(errorOf(tr).fields?.name)
  })

  it("keeps a plan's price column and card setting while a card payment started in it has not held its order", async () => {
    await useSandbox()
    const dealer = await newDealer()
    const product = await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 })
    await addToCart(dealer, product, 2)
    const start = await startPayment(
      dealer,
      cardForm({ paymentType: 'order', advencePrice: String(cardPlanId) }),
    )
    expect(start.statusCode, start.body).toBe(200)
    const priced = await call(staff.owner, 'GET', `${BASE}/plans`)
    expect(priced.json().items.find((p: { id: number }) => p.id === cardPlanId).paymentsPricing).toBe(1)
    const moved = await call(staff.owner, 'PATCH', `${BASE}/plans/${cardPlanId}`, {
      priceName: 'advencePrice2',
    })
    expect([moved.statusCode, errorOf(moved).code, Object.keys(errorOf(moved).fields ?? {})]).toEqual([
      409,
      'plan_in_flight',
      ['priceName'],
    ])
    expect((await call(staff.owner, 'DELETE', `${BASE}/plans/${cardPlanId}`)).statusCode).toBe(409)
    // Its name is not part of the price: it may change.
    expect(
      (await call(staff.owner, 'PATCH', `${BASE}/plans/${cardPlanId}`, { nameEn: 'Card' })).statusCode,
    ).toBe(200)
    const { intentId, action } = start.json()
    const { callbackUrl, fields } = await passChallenge(t, action.url)
    const done = await postCallback(t, fields, callbackUrl.pathname + callbackUrl.search)
    expect(frameMessage(done).type).toBe('payment_succeed')
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded' })
    const now = await call(staff.owner, 'PATCH', `${BASE}/plans/${cardPlanId}`, {
      priceName: 'advencePrice2',
    })
    expect(now.statusCode).toBe(200)
    await call(staff.owner, 'PATCH', `${BASE}/plans/${cardPlanId}`, { priceName: 'advencePrice3' })
  })
})

describe('banks and installment plans', () => {
  type Plan = { installment: number; commissionFee: string | number; isDefault: boolean }
  const ONE_AND_THREE: Plan[] = [
    { installment: 1, commissionFee: '0', isDefault: true },
    { installment: 3, commissionFee: '3,25', isDefault: false },
  ]

  /**
   * A bank's BIN rows of this test's own: an 8-digit prefix and its 6 digits, their issuer named with
   * a random word, and a card number under them; the bank's code and issuer words made from the same tag.
   */
  async function ownBinRows() {
    const tag = randomTag()
    const prefix = randomPrefix(8)
    const words = `YAPI VE KREDI ${tag.toUpperCase()}`
    const issuer = `${words} BANKASI, A.S.`
    await t.database.db.execute(
      sql`insert into bin_ranges (prefix, network, card_type, issuer)
          values (${prefix}, 'VISA', 'CREDIT', ${issuer}), (${prefix.slice(0, 6)}, 'VISA', 'CREDIT', ${issuer})`,
    )
    return { code: `ykb-${tag}`, words, prefix, card: cardNumber(prefix) }
  }

  /** A bank of this test's own with its BIN rows and this table. */
  async function ownBank(plans: Plan[] = ONE_AND_THREE) {
    const rows = await ownBinRows()
    const res = await call(staff.owner, 'POST', `${BASE}/banks`, {
      code: rows.code,
      name: 'Yapı Kredi',
      issuerMatch: [rows.words],
      plans,
    })
    expect(res.statusCode, res.body).toBe(200)
    const bank = res.json() as { id: number; plans: { id: number; installment: number }[] }
    return { ...rows, bank }
  }

  it('creates a bank with its table; its issuer words claim their BIN rows; audited', async () => {
    // The limit and the gateway the list shows are the store's: as a fresh store has them.
    await setStoreSetting(t.database.db, 'installmentLimit', 0)
    await useSandbox()
    const rows = await ownBinRows()
    const res = await call(staff.accounting, 'POST', `${BASE}/banks`, {
      code: rows.code,
      name: 'Yapı Kredi',
      issuerMatch: [rows.words.toLowerCase()],
      plans: [
        { installment: 3, commissionFee: '3,25', isDefault: false },
        { installment: 1, commissionFee: 0, isDefault: true },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const bank = res.json()
    expect(bank).toMatchObject({ code: rows.code, issuerMatch: [rows.words], binRanges: 2 })
    expect(
      bank.plans.map(
        (p: { installment: number; commissionFee: string }) => `${p.installment}:${p.commissionFee}`,
      ),
    ).toEqual(['1:0.00', '3:3.25'])
    const [record] = await auditTrail(t.database.db, 'bank', bank.id)
    expect(record).toMatchObject({ action: 'create', actorUserId: staff.accounting.user.id })
    expect(record!.changes).toContainEqual({ field: 'plans', old: null, new: ['1: %0.00 *', '3: %3.25'] })
    const listed = (await call(staff.readonly, 'GET', `${BASE}/banks`)).json()
    expect(listed).toMatchObject({ installmentLimit: '0.00', gatewayQuotes: false })
    expect(listed.banks.map((b: { code: string }) => b.code)).toContain(rows.code)
  })

  it('refuses a commission, a repeated count, two preselected and a taken code, each under its field', async () => {
    const { code: takenCode, words, bank } = await ownBank()
    const base = { code: `akbank-${randomTag()}`, name: 'Akbank', issuerMatch: ['AKBANK'] }
    const commission = await call(staff.owner, 'POST', `${BASE}/banks`, {
      ...base,
      plans: [
        { installment: 1, commissionFee: '0', isDefault: true },
        { installment: 2, commissionFee: '100', isDefault: false },
      ],
    })
    expect(commission.statusCode).toBe(400)
    expect(errorOf(commission).fields).toEqual({
      'plans.1.commissionFee':
        'Komisyon 0 ile 99,99 arasında, en çok iki ondalıklı bir yüzde olmalıdır (ör. 3,25).',
    })
    const english = await call(
      staff.owner,
      'POST',
      `${BASE}/banks`,
      { ...base, plans: [{ installment: 2, commissionFee: 'x', isDefault: false }] },
      'en',
    )
    expect(errorOf(english).fields?.['plans.0.commissionFee']).toMatch(/^The commission must be a percent/)
    const repeated = await call(staff.owner, 'POST', `${BASE}/banks`, {
      ...base,
      plans: [
        { installment: 2, commissionFee: '1', isDefault: false },
        { installment: 2, commissionFee: '2', isDefault: false },
      ],
    })
    expect(errorOf(repeated).fields).toEqual({ plans: 'Her taksit sayısı bir kez yazılabilir.' })
    const twoDefaults = await call(staff.owner, 'POST', `${BASE}/banks`, {
      ...base,
      plans: [
        { installment: 1, commissionFee: '0', isDefault: true },
        { installment: 2, commissionFee: '2', isDefault: true },
      ],
    })
    expect(Object.keys(errorOf(twoDefaults).fields ?? {})).toEqual(['plans'])
    const taken = await call(staff.owner, 'POST', `${BASE}/banks`, {
      ...base,
      code: takenCode,
      plans: [{ installment: 1, commissionFee: '0', isDefault: true }],
    })
    expect([taken.statusCode, errorOf(taken).code, Object.keys(errorOf(taken).fields ?? {})]).toEqual([
      409,
      'code_taken',
      ['code'],
    ])
    const logo = await call(staff.owner, 'PUT', `${BASE}/banks/${bank.id}`, {
      name: 'Yapı Kredi',
      logo: 'javascript:alert(1)',
      issuerMatch: [words],
      plans: [{ installment: 1, commissionFee: '0', isDefault: true }],
    })
    expect(Object.keys(errorOf(logo).fields ?? {})).toEqual(['logo'])
  })

  it('keeps the terms a payment started with when the commission changes before its callback', async () => {
    // A 3-D Secure page of the sandbox's, and installments offered at any amount.
    await useSandbox()
    await setStoreSetting(t.database.db, 'installmentLimit', 0)
    const { bank, words, card } = await ownBank()
    const threeId = bank.plans.find((p) => p.installment === 3)!.id
    const dealer = await newDealer()
    const start = await startPayment(dealer, cardForm({ card, amount: '1000.00', planId: threeId }))
    expect(start.statusCode, start.body).toBe(200)
    const { intentId, action } = start.json()
    expect(await intentOf(intentId)).toMatchObject({
      installment: 3,
      commission_fee: '3.25',
      total_amount: '1032.50',
    })
    // The bank's table changes while the payer is on the 3-D Secure page.
    const changed = await call(staff.accounting, 'PUT', `${BASE}/banks/${bank.id}`, {
      name: 'Yapı Kredi',
      issuerMatch: [words],
      plans: [
        { installment: 1, commissionFee: '0', isDefault: true },
        { installment: 3, commissionFee: '9,99', isDefault: false },
      ],
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().plans[1]).toMatchObject({ id: threeId, commissionFee: '9.99' })
    const { callbackUrl, fields } = await passChallenge(t, action.url)
    expect(fields.amount).toBe('1032.50')
    const done = await postCallback(t, fields, callbackUrl.pathname + callbackUrl.search)
    expect(frameMessage(done).type).toBe('payment_succeed')
    expect(await intentOf(intentId)).toMatchObject({
      status: 'succeeded',
      installment: 3,
      commission_fee: '3.25',
      total_amount: '1032.50',
    })
    const [credit] = await queryRows<{ credit: string }>(
      t.database.db,
      sql`select credit from ledger_entries where payment_intent_id = ${intentId} and kind = 'card_payment'`,
    )
    expect(credit!.credit).toBe('1000.00')
    // The next payment is priced at the new commission.
    const next = await startPayment(dealer, cardForm({ card, amount: '1000.00', planId: threeId }))
    expect(await intentOf(next.json().intentId)).toMatchObject({
      commission_fee: '9.99',
      total_amount: '1099.90',
    })
    const audit = await auditTrail(t.database.db, 'bank', bank.id)
    expect(audit.at(-1)!.changes).toEqual([
      { field: 'plans', old: ['1: %0.00 *', '3: %3.25'], new: ['1: %0.00 *', '3: %9.99'] },
    ])
  })

  it('shows a changed commission at the card form at once, with the process caches on', async () => {
    await setStoreSetting(t.database.db, 'installmentLimit', 0)
    const { bank, words, prefix } = await ownBank([
      { installment: 1, commissionFee: '0', isDefault: true },
      { installment: 3, commissionFee: '9,99', isDefault: false },
    ])
    const cached = await createTestApp({ database: t.database, cacheSeconds: 60 })
    try {
      const dealer = await loggedInUser(cached, (await createCustomer(t.database.db)).id)
      const owner = await loggedInUser(cached, null, { staffRole: 'owner' })
      const plansOf = async () =>
        (
          await dealer.send({
            method: 'POST',
            url: '/api/catalog/bin-control',
            payload: { binNumber: prefix },
          })
        ).json().plans as { installment: number; commisionFee: number }[]
      expect((await plansOf()).find((p) => p.installment === 3)?.commisionFee).toBe(9.99)
      const res = await owner.send({
        method: 'PUT',
        url: `${BASE}/banks/${bank.id}`,
        payload: {
          name: 'Yapı Kredi',
          issuerMatch: [words],
          plans: [
            { installment: 1, commissionFee: '0', isDefault: true },
            { installment: 3, commissionFee: '4', isDefault: false },
          ],
        },
      })
      expect(res.statusCode).toBe(200)
      expect((await plansOf()).find((p) => p.installment === 3)?.commisionFee).toBe(4)
    } finally {
      await cached.app.close()
    }
  })

  it("saves the store's default plans and deletes a bank, whose cards then get them", async () => {
    await setStoreSetting(t.database.db, 'installmentLimit', 0)
    const { bank, prefix } = await ownBank()
    const trailBefore = (await auditTrail(t.database.db, 'bank', 'default')).length
    const saved = await call(staff.accounting, 'PUT', `${BASE}/default-plans`, {
      plans: [
        { installment: 1, commissionFee: '0', isDefault: true },
        { installment: 2, commissionFee: '2,50', isDefault: false },
      ],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().plans.map((p: { commissionFee: string }) => p.commissionFee)).toEqual([
      '0.00',
      '2.50',
    ])
    expect(
      (await auditTrail(t.database.db, 'bank', 'default')).slice(trailBefore).map((r) => r.action),
    ).toEqual(['update'])
    const refused = await call(staff.sales, 'DELETE', `${BASE}/banks/${bank.id}`)
    expect(refused.statusCode).toBe(403)
    expect((await call(staff.accounting, 'DELETE', `${BASE}/banks/${bank.id}`)).statusCode).toBe(200)
    const dealer = await newDealer()
    const card = (
      await dealer.send({
        method: 'POST',
        url: '/api/catalog/bin-control',
        payload: { binNumber: prefix },
      })
    ).json()
    expect(card.bank.name).toBeNull()
    expect(card.plans.map((p: { installment: number }) => p.installment)).toEqual([1, 2])
    expect((await auditTrail(t.database.db, 'bank', bank.id)).at(-1)?.action).toBe('delete')
    expect((await call(staff.owner, 'DELETE', `${BASE}/banks/${bank.id}`)).statusCode).toBe(404)
  })
})

describe('the BIN list: preview, then apply', () => {
  const HEADER = 'BIN;Network;Type;Category;Issuer'
  const file = (rows: string[], bom = true) =>
    Buffer.from(`${bom ? '\uFEFF' : ''}${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8')
  const upload = async (
    client: TestClient,
    path: string,
    bytes: Buffer,
    fields: Record<string, string> = {},
  ) => {
    const body = multipartFile(fields, { bytes, name: 'bin.csv', type: 'text/csv' })
    const res = await client.send({ method: 'POST', url: `${BASE}/bin/${path}`, ...body })
    answers.push(res.body)
    return res
  }
  const prefixes = async () =>
    (
      await queryRows<{ prefix: string }>(t.database.db, sql`select prefix from bin_ranges order by prefix`)
    ).map((r) => r.prefix)

  /** A bank of this test's own whose issuer word is random, and a file of BIN rows around it. */
  async function ownList() {
    const tag = randomTag().toUpperCase()
    const bankName = `Garanti BBVA ${tag}`
    const res = await call(staff.owner, 'POST', `${BASE}/banks`, {
      code: `garanti-${tag.toLowerCase()}`,
      name: bankName,
      issuerMatch: [`GARANTI ${tag}`],
      plans: [{ installment: 1, commissionFee: '0', isDefault: true }],
    })
    expect(res.statusCode, res.body).toBe(200)
    /** In the table as a debit card, in the file as a credit card. */
    const changed = randomPrefix(6)
    /** In the file only. */
    const added = randomPrefix(6)
    const unmatched = randomPrefix(8)
    /** In the table only. */
    const kept = randomPrefix(8)
    const garanti = `TURKIYE GARANTI ${tag} BANKASI A.S.`
    await t.database.db.execute(
      sql`insert into bin_ranges (prefix, network, card_type, issuer) values
          (${kept}, 'VISA', 'CREDIT', 'ESKI BANKA'), (${changed}, 'VISA', 'DEBIT', ${garanti})`,
    )
    const list = file([
      `${changed};VISA;CREDIT;GOLD;${garanti}`,
      `${added};TROY;CREDIT;PERSONAL;T. GARANTI ${tag} BANKASI, A.S.`,
      `${unmatched};MASTERCARD;CREDIT;;YENI BANKA A.S.`,
      '12345;VISA;CREDIT;;KISA',
      '88880000;VISA;CREDIT;;A;B',
    ])
    return { bankName, garanti, changed, added, unmatched, kept, list }
  }

  it('previews what the file would do and writes nothing', async () => {
    const { bankName, changed, list } = await ownList()
    const before = await prefixes()
    const res = await upload(staff.accounting, 'preview', list)
    expect(res.statusCode, res.body).toBe(200)
    const preview = res.json()
    expect(preview).toMatchObject({
      replace: false,
      lines: 5,
      rows: 3,
      added: 2,
      changed: 1,
      unchanged: 0,
      removed: 0,
      matched: 2,
      unmatched: 1,
      rejected: 2,
      banks: [{ name: bankName, ranges: 2 }],
      unmatchedIssuers: [{ issuer: 'YENI BANKA A.S.', ranges: 1 }],
      rejectedLines: [
        { line: 5, reason: 'bin', text: '12345;VISA;CREDIT;;KISA' },
        { line: 6, reason: 'fields', text: '88880000;VISA;CREDIT;;A;B' },
      ],
    })
    expect(preview.kept).toBeGreaterThan(0)
    expect(preview.changes).toContainEqual(
      expect.objectContaining({
        prefix: changed,
        kind: 'changed',
        cardType: 'CREDIT',
        bank: bankName,
        before: expect.objectContaining({ cardType: 'DEBIT' }),
      }),
    )
    expect(preview.digest).toMatch(/^[0-9a-f]{64}$/)
    expect(await prefixes()).toEqual(before)
    const replacing = (await upload(staff.accounting, 'preview', list, { replace: '1' })).json()
    expect(replacing).toMatchObject({ removed: preview.kept, kept: 0 })
  })

  it('applies the previewed file (its digest), audited; another file under that digest is refused', async () => {
    const { changed, added, unmatched, kept, list } = await ownList()
    const preview = (await upload(staff.accounting, 'preview', list)).json()
    const other = await upload(staff.accounting, 'apply', file([`${added};TROY;CREDIT;;X`]), {
      digest: preview.digest,
    })
    expect([other.statusCode, errorOf(other).code]).toEqual([409, 'digest_mismatch'])
    const res = await upload(staff.accounting, 'apply', list, { digest: preview.digest })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ added: 2, changed: 1, removed: 0, unchanged: 0 })
    expect(await prefixes()).toEqual(expect.arrayContaining([changed, added, unmatched, kept]))
    const [record] = await auditTrail(t.database.db, 'bin_list', preview.digest.slice(0, 16))
    expect(record).toMatchObject({ action: 'import', actorUserId: staff.accounting.user.id })
    expect(record!.changes).toEqual(
      expect.arrayContaining([
        { field: 'added', old: null, new: 2 },
        { field: 'removed', old: null, new: 0 },
      ]),
    )
    // Applied again: nothing left to write.
    expect((await upload(staff.accounting, 'apply', list, { digest: preview.digest })).json()).toMatchObject({
      added: 0,
      changed: 0,
      unchanged: 3,
    })
  })

  it('removes the prefixes the file does not list when it replaces the table', async () => {
    const { garanti, changed } = await ownList()
    const small = file([`${changed};VISA;CREDIT;GOLD;${garanti}`])
    const preview = (await upload(staff.owner, 'preview', small, { replace: 'true' })).json()
    const res = await upload(staff.owner, 'apply', small, { replace: 'true', digest: preview.digest })
    expect(res.json()).toMatchObject({ removed: preview.removed, summary: { ranges: 1, withBank: 1 } })
    expect(await prefixes()).toEqual([changed])
  })

  it('refuses a file that is not a BIN list, an empty one, and a role that may not write, before reading it', async () => {
    const { list } = await ownList()
    const table = await prefixes()
    const before = (await call(staff.sales, 'GET', `${BASE}/bin`)).json()
    const wrong = await upload(staff.owner, 'preview', Buffer.from('Kod;Ad\r\nA;B\r\n'))
    expect([wrong.statusCode, Object.keys(errorOf(wrong).fields ?? {})]).toEqual([400, ['file']])
    expect(errorOf(wrong).fields?.file).toMatch(/BIN;Network;Type;Category;Issuer/)
    const empty = await upload(staff.owner, 'preview', Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
    const sales = await upload(staff.sales, 'preview', list)
    expect([sales.statusCode, errorOf(sales).code]).toEqual([403, 'staff_role'])
    // Nothing written: the table and its summary as they were.
    const summary = await call(staff.sales, 'GET', `${BASE}/bin`)
    expect(summary.statusCode).toBe(200)
    expect(summary.json()).toEqual(before)
    expect(summary.json()).toMatchObject({ ranges: table.length })
    expect(await prefixes()).toEqual(table)
  })

  it('reads a file saved in the Turkish code page', async () => {
    const prefix = randomPrefix(8)
    const text = `${HEADER}\r\n${prefix};VISA;CREDIT;;TÜRKİYE İŞ BANKASI\r\n`
    const preview = (await upload(staff.owner, 'preview', windows1254(text))).json()
    expect(preview.changes[0]).toMatchObject({ prefix, issuer: 'TÜRKİYE İŞ BANKASI' })
  })
})

/** Text as Windows-1254 bytes (ASCII and the Turkish letters the test uses). */
function windows1254(text: string): Buffer {
  const map: Record<string, number> = {
    Ü: 0xdc,
    İ: 0xdd,
    Ş: 0xde,
    Ğ: 0xd0,
    ü: 0xfc,
    ı: 0xfd,
    ş: 0xfe,
    ğ: 0xf0,
  }
  return Buffer.from([...text].map((c) => map[c] ?? c.charCodeAt(0)))
}

describe('the virtual POS chosen here', () => {
  const apiKey = `sandbox-${randomBytes(12).toString('hex')}`
  const secretKey = `sandbox-${randomBytes(12).toString('hex')}`

  it('starts on the sandbox; refuses an address that is not iyzico, and iyzico without keys', async () => {
    // A store where no one has chosen a virtual POS yet.
    await useSandbox()
    const view = (await call(staff.sales, 'GET', `${BASE}/gateway`)).json()
    expect(view).toMatchObject({
      source: 'stored',
      active: { gateway: 'sandbox', baseUrl: null },
      stored: null,
      choices: ['sandbox', 'iyzico'],
      secretsKey: 'derived',
    })
    const evil = await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: 'https://iyzico.example.com',
      apiKey,
      secretKey,
    })
    expect([evil.statusCode, Object.keys(errorOf(evil).fields ?? {})]).toEqual([400, ['baseUrl']])
    const keyless = await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: fake.url,
    })
    expect(errorOf(keyless).fields).toEqual({
      apiKey: 'Bu anahtarı girin (kayıtlı bir anahtar yok ya da artık okunamıyor).',
      secretKey: 'Bu anahtarı girin (kayıtlı bir anahtar yok ya da artık okunamıyor).',
    })
    const short = await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: fake.url,
      apiKey: 'abc',
      secretKey,
    })
    expect(Object.keys(errorOf(short).fields ?? {})).toEqual(['apiKey'])
    expect((await call(staff.sales, 'PUT', `${BASE}/gateway`, { gateway: 'sandbox' })).statusCode).toBe(403)
  })

  it('switches to iyzico: the next payment goes there, the sandbox pages close; a key is never answered', async () => {
    const res = await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: `${fake.url}/`,
      apiKey: fake.apiKey,
      secretKey: fake.secretKey,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      active: { gateway: 'iyzico', baseUrl: fake.url },
      stored: {
        gateway: 'iyzico',
        apiKey: { endsWith: fake.apiKey.slice(-4) },
        secretKey: { endsWith: fake.secretKey.slice(-4) },
        keysReadable: true,
        updatedBy: staff.accounting.user.name,
      },
    })
    const dealer = await newDealer()
    const start = await startPayment(dealer, cardForm({ card: TEST_CARDS.master, amount: '500.00' }))
    expect(start.statusCode, start.body).toBe(200)
    expect(start.json().action.type).toBe('html')
    const intentId = start.json().intentId as string
    expect(await intentOf(intentId)).toMatchObject({ gateway: 'iyzico' })
    expect(fake.badAuthorization).toBe(0)
    const sandboxPage = await t.app.inject({
      method: 'GET',
      url: `/sandbox-pos/3ds/${'a'.repeat(40)}.${'b'.repeat(43)}`,
    })
    expect(sandboxPage.statusCode).toBe(404)
    const frame = await t.app.inject({ method: 'GET', url: '/payment/start' })
    expect(String(frame.headers['content-security-policy'])).toContain("form-action 'self' https:")
    // The app's pages let their payment frame go on to the bank's page while iyzico is chosen.
    const page = await t.app.inject({ method: 'GET', url: '/' })
    expect(String(page.headers['content-security-policy'])).toContain("frame-src 'self' https:;")

    // Back to the sandbox: the keys stay stored, and the payment started on iyzico still completes there.
    const back = await call(staff.owner, 'PUT', `${BASE}/gateway`, { gateway: 'sandbox' })
    expect(back.json()).toMatchObject({
      active: { gateway: 'sandbox' },
      stored: { gateway: 'sandbox', keysReadable: true },
    })
    const paymentId = /name="paymentId" value="(\d+)"/.exec(start.json().action.html)![1]!
    const body = fake.callback({ paymentId, conversationId: intentId, mdStatus: '1', status: 'success' })
    const done = await postCallback(t, body, '/payment/callback/iyzico?lang=tr')
    expect(frameMessage(done)).toEqual({ type: 'payment_succeed', intentId })
    const sandbox = await startPayment(dealer, cardForm({ amount: '20.00' }))
    expect(sandbox.json().action.type).toBe('redirect')
    const strict = await t.app.inject({ method: 'GET', url: '/' })
    expect(String(strict.headers['content-security-policy'])).toContain("frame-src 'self';")
  })

  it('audits each change without a key; clears the keys when asked', async () => {
    // None stored yet: the first choice creates the setting, the next two change it.
    await useSandbox()
    const from = (await auditTrail(t.database.db, 'payment_gateway', 1)).length
    const chosen = await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      secretKey: fake.secretKey,
    })
    expect(chosen.statusCode, chosen.body).toBe(200)
    const back = await call(staff.owner, 'PUT', `${BASE}/gateway`, { gateway: 'sandbox' })
    expect(back.json().stored).toMatchObject({ gateway: 'sandbox', keysReadable: true })
    const cleared = await call(staff.owner, 'PUT', `${BASE}/gateway`, { gateway: 'sandbox', clearKeys: true })
    expect(cleared.json().stored).toMatchObject({ apiKey: null, secretKey: null, baseUrl: null })
    const trail = (await auditTrail(t.database.db, 'payment_gateway', 1)).slice(from)
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'update'])
    expect(trail[0]!.changes.map((c) => c.field)).toEqual([
      'gateway',
      'baseUrl',
      'apiKeySetAt',
      'secretKeySetAt',
    ])
    const staffAudit = await call(staff.owner, 'GET', '/yonetim/audit?entity=payment_gateway')
    expect(staffAudit.statusCode).toBe(200)
    const history = await call(staff.accounting, 'GET', '/yonetim/history/payment_gateway/1')
    expect(history.statusCode).toBe(200)
  })

  it('never answers, logs or keeps a key in the clear', async () => {
    const from = lines.length
    // The stand-in's keys, as the switch to iyzico types them, then this file's own.
    const stand = await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      secretKey: fake.secretKey,
    })
    expect(stand.statusCode, stand.body).toBe(200)
    const own = await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: fake.url,
      apiKey,
      secretKey,
    })
    expect(own.statusCode, own.body).toBe(200)
    await call(staff.accounting, 'GET', `${BASE}/gateway`)
    await call(staff.accounting, 'PUT', `${BASE}/gateway`, {
      gateway: 'iyzico',
      baseUrl: 'ftp://x',
      apiKey,
      secretKey,
    })
    for (const key of [apiKey, secretKey, fake.apiKey, fake.secretKey]) {
      expect(answers.filter((a) => a.includes(key))).toEqual([])
      expect(lines.filter((l) => l.includes(key))).toEqual([])
    }
    // The search was of a log that was written: each request of this test has its line.
    const logged = lines
      .slice(from)
      .map((l) => JSON.parse(l) as { method?: string; route?: string; status?: number })
      .filter((l) => l.route === `${BASE}/gateway`)
      .map((l) => `${l.method} ${l.status}`)
    expect(logged).toEqual(['PUT 200', 'PUT 200', 'GET 200', 'PUT 400'])
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      t.database.db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'
          and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
    )
    const found: string[] = []
    for (const { table_name, column_name } of columns) {
      for (const key of [apiKey, secretKey]) {
        const [hit] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from ${sql.raw(`"${table_name}"`)} where ${sql.raw(`"${table_name}"."${column_name}"::text`)} like ${`%${key.slice(8)}%`}`,
        )
        if (hit!.n > 0) found.push(`${table_name}.${column_name}`)
      }
    }
    expect(found).toEqual([])
    await call(staff.owner, 'PUT', `${BASE}/gateway`, { gateway: 'sandbox', clearKeys: true })
  })

  it('censors the keys wherever a log line would carry them', () => {
    const written: string[] = []
    const log = pino(loggerOptions('info'), { write: (line: string) => void written.push(line) })
    log.info(
      { body: { apiKey: 'visible-api-key', secretKey: 'visible-secret', gateway: 'iyzico' } },
      'a write',
    )
    expect(written.join('')).not.toMatch(/visible-/)
    expect(written.join('')).toContain('iyzico')
  })
})

describe('who chooses the gateway', () => {
  it('shows the environment’s gateway read-only and refuses a change', async () => {
    const fixed = await createTestApp({ database: t.database, env: { PAYMENT_GATEWAY: 'sandbox' } })
    try {
      const owner = await loggedInUser(fixed, null, { staffRole: 'owner' })
      const view = (await owner.send({ method: 'GET', url: `${BASE}/gateway` })).json()
      expect(view).toMatchObject({ source: 'environment', active: { gateway: 'sandbox' } })
      const res = await owner.send({ method: 'PUT', url: `${BASE}/gateway`, payload: { gateway: 'iyzico' } })
      expect([res.statusCode, Object.keys(res.json().error.fields)]).toEqual([409, ['gateway']])
    } finally {
      await fixed.app.close()
    }
  })

  it('outside development and test: never the sandbox, no keys without GATEWAY_SECRETS_KEY, no card payment until chosen', async () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'stored',
      PUBLIC_URL: 'http://localhost',
    }
    // No virtual POS stored yet.
    await useSandbox()
    const bare = await createTestApp({ database: t.database, env: production })
    try {
      const owner = await loggedInUser(bare, null, { staffRole: 'owner' })
      const view = (await owner.send({ method: 'GET', url: `${BASE}/gateway` })).json()
      expect(view).toMatchObject({
        source: 'stored',
        active: null,
        choices: ['iyzico'],
        secretsKey: 'missing',
      })
      const sandbox = await owner.send({
        method: 'PUT',
        url: `${BASE}/gateway`,
        payload: { gateway: 'sandbox' },
      })
      expect(Object.keys(sandbox.json().error.fields)).toEqual(['gateway'])
      const keys = await owner.send({
        method: 'PUT',
        url: `${BASE}/gateway`,
        payload: {
          gateway: 'iyzico',
          baseUrl: 'https://sandbox-api.iyzipay.com',
          apiKey: 'a'.repeat(20),
          secretKey: 'b'.repeat(20),
        },
      })
      expect([keys.statusCode, keys.json().error.fields.apiKey]).toEqual([
        409,
        'Anahtarlar şifrelenerek saklanır; sunucuda GATEWAY_SECRETS_KEY tanımlanmadan saklanamaz.',
      ])
      const dealer = await loggedInUser(bare, (await createCustomer(t.database.db)).id)
      const start = await startPayment(dealer, cardForm({ amount: '10.00' }))
      expect([start.statusCode, start.json().error.code]).toEqual([503, 'no_gateway'])
    } finally {
      await bare.app.close()
    }
    const keyed = await createTestApp({
      database: t.database,
      env: { ...production, GATEWAY_SECRETS_KEY: randomBytes(32).toString('hex') },
    })
    try {
      const owner = await loggedInUser(keyed, null, { staffRole: 'owner' })
      const saved = await owner.send({
        method: 'PUT',
        url: `${BASE}/gateway`,
        payload: {
          gateway: 'iyzico',
          baseUrl: 'https://sandbox-api.iyzipay.com',
          apiKey: 'a'.repeat(20),
          secretKey: 'b'.repeat(20),
        },
      })
      expect(saved.statusCode, saved.body).toBe(200)
      expect(saved.json()).toMatchObject({ secretsKey: 'environment', active: { gateway: 'iyzico' } })
      // A loopback stand-in is for development and test only.
      const local = await owner.send({
        method: 'PUT',
        url: `${BASE}/gateway`,
        payload: { gateway: 'iyzico', baseUrl: fake.url },
      })
      expect(Object.keys(local.json().error.fields)).toEqual(['baseUrl'])
    } finally {
      await keyed.app.close()
    }
    // The test app's own key (derived from its session secret) does not open what another key sealed.
    const view = (await call(staff.owner, 'GET', `${BASE}/gateway`)).json()
    expect(view.stored).toMatchObject({ gateway: 'iyzico', keysReadable: false })
    expect(view.active).toBeNull()
    await call(staff.owner, 'PUT', `${BASE}/gateway`, { gateway: 'sandbox', clearKeys: true })
    expect((await call(staff.owner, 'GET', `${BASE}/gateway`)).json().active).toMatchObject({
      gateway: 'sandbox',
    })
  })
})

it('keeps the installment limit where it is set (the settings screen) and shows it here', async () => {
  await setStoreSetting(t.database.db, 'installmentLimit', 250)
  expect((await call(staff.accounting, 'GET', `${BASE}/banks`)).json().installmentLimit).toBe('250.00')
})

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TEST_CARDS } from '../../integrations/payments/sandbox/test-cards'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { banks, binRanges, installmentPlans } from '../schema/payments'
import { DEMO_BANKS, seedPayments } from './demo-payments'

let t: TestApp
let guest: TestClient

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  await seedPayments(t.database.db, undefined)
  guest = new TestClient(t.app)
  await guest.openPage('/')
})
afterAll(() => t.close())

const lookup = async (card: string) => {
  const res = await guest.send({
    method: 'POST',
    url: '/api/catalog/bin-control',
    payload: { binNumber: card.slice(0, 8) },
    remoteAddress: '10.1.1.1',
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('card payment demo data', () => {
  // The labels name the organization and the bank: 'VISA, Yapı Kredi: success'.
  it.each(SANDBOX_TEST_CARDS.map((c) => [c.label, c.number]))(
    "resolves the sandbox's test card %s",
    async (label, number) => {
      const [organization, bank] = label.split(':')[0]!.split(', ')
      const answer = await lookup(number)
      expect(answer.bank.organization).toBe(organization)
      // Every test card's bank is a demo bank: the card form names it, with the bank's own plans.
      const demoBank = DEMO_BANKS.find((b) => b.name === bank)
      expect(demoBank, bank).toBeTruthy()
      expect(answer.bank.name).toBe(bank)
      expect(answer.plans.map((p: { installment: number }) => p.installment)).toEqual(
        demoBank!.plans.map((p) => p.installment),
      )
    },
  )

  it('names Halkbank for its test BIN 40252600, as the card form shows it', async () => {
    const answer = await lookup('4025260000000011')
    expect(answer.bank).toMatchObject({ name: 'Halkbank', organization: 'VISA' })
  })

  it('gives every demo bank plans with exactly one default, or none flagged (then the first)', async () => {
    const rows = await t.database.db
      .select()
      .from(installmentPlans)
      .orderBy(asc(installmentPlans.installment))
    for (const bank of await t.database.db.select().from(banks)) {
      const own = rows.filter((p) => p.bankId === bank.id)
      expect(own.length, bank.name).toBeGreaterThan(0)
      expect(own.filter((p) => p.isDefault).length, bank.name).toBeLessThanOrEqual(1)
    }
    const store = rows.filter((p) => p.bankId === null)
    expect(store.map((p) => p.installment)).toEqual([1, 2, 3])
    expect(store.filter((p) => p.isDefault).map((p) => p.installment)).toEqual([1])
  })

  it('runs again without changing ids or adding rows', async () => {
    const db = t.database.db
    const plansBefore = await db.select().from(installmentPlans).orderBy(asc(installmentPlans.id))
    const [binsBefore] = await db.select({ n: count() }).from(binRanges)
    await seedPayments(db, undefined)
    expect(await db.select().from(installmentPlans).orderBy(asc(installmentPlans.id))).toEqual(plansBefore)
    expect((await db.select({ n: count() }).from(binRanges))[0]).toEqual(binsBefore)
  })

  it('imports the BIN list file it is given as well, and links its rows to the demo banks', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'toptan-demo-bins-'))
    const file = path.join(dir, 'list.csv')
    writeFileSync(
      file,
      '\uFEFFBIN;Network;Type;Category;Issuer\r\n' +
        '48945700;VISA;CREDIT;;AKBANK T.A.S.\r\n' +
        '521807;MASTERCARD;CREDIT;;DENIZBANK, A.S.\r\n',
    )
    await seedPayments(t.database.db, file)
    const [akbank] = await t.database.db.select().from(banks).where(eq(banks.code, 'akbank'))
    const rows = await t.database.db.select().from(binRanges)
    expect(rows.find((r) => r.prefix === '48945700')?.bankId).toBe(akbank!.id)
    expect(rows.find((r) => r.prefix === '521807')?.bankId).toBeNull()
    expect((await lookup('4894570000000000')).bank.name).toBe('Akbank')
  })

  it('skips a BIN list file that is not there', async () => {
    await expect(seedPayments(t.database.db, '/nonexistent/bin-list.csv')).resolves.toMatchObject({
      banks: DEMO_BANKS.length,
    })
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isOverdue, type LedgerItem, overdueOfItems } from '../../../domain/ledger'
import { isOverdueSql, overdueBalanceSql } from '../../../domain/ledger.sql'
import type { Database, Db } from '../../db/client'
import { ledgerEntries } from '../../db/schema/payments'
import { queryRows } from '../../test/db-helpers'
import { createCustomer } from '../../test/dealers'
import { createTestDatabase } from '../../test/test-database'
import { overdueOf } from './ledger.service'

/*
 * The overdue rule is written once in domain/ledger.ts and its SQL twins in domain/ledger.sql.ts:
 * every case's entries go into a company's ledger of their own, and the database's answers (per row,
 * the figure the session and risk check read, the scalar the order's risk query reads) must be the
 * pure rule's on the same rows.
 */

let database: Database
let db: Db
const TODAY = '2026-03-18'

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database.close())

const debit = (
  amount: string,
  open: string,
  dueDate: string | null,
  entryDate = '2026-01-10',
): LedgerItem => ({
  debit: amount,
  credit: '0',
  open,
  dueDate,
  entryDate,
})
const credit = (amount: string, open: string, entryDate = '2026-03-01'): LedgerItem => ({
  debit: '0',
  credit: amount,
  open,
  dueDate: null,
  entryDate,
})

const cases: Array<[string, LedgerItem[]]> = [
  ['no entries', []],
  ['due today: not yet', [debit('100.00', '100.00', TODAY)]],
  ['due yesterday', [debit('100.00', '100.00', '2026-03-17')]],
  ['part paid, past due', [debit('250.00', '80.25', '2026-03-01')]],
  ['paid in full, past due', [debit('250.00', '0', '2026-03-01')]],
  ['no due date: due the day it was booked', [debit('40.00', '40.00', null, '2026-03-10')]],
  ['no due date, booked today', [debit('40.00', '40.00', null, TODAY)]],
  ['not due yet', [debit('900.00', '900.00', '2026-04-30')]],
  [
    'the oldest of several gives the days',
    [
      debit('7450.75', '7450.75', '2026-03-01'),
      debit('5000.00', '5000.00', '2026-02-01'),
      debit('1.00', '1.00', TODAY),
    ],
  ],
  ['an unapplied credit lowers it', [debit('1000.00', '1000.00', '2026-03-01'), credit('300.00', '120.50')]],
  ['a larger credit: never below 0', [debit('100.00', '100.00', '2026-03-01'), credit('500.00', '500.00')]],
  ['an applied credit counts nothing', [debit('100.00', '60.00', '2026-03-01'), credit('40.00', '0')]],
  ['a credit with nothing overdue', [debit('100.00', '100.00', '2026-05-01'), credit('30.00', '30.00')]],
]

async function companyWith(items: LedgerItem[]): Promise<number> {
  const { id } = await createCustomer(db)
  if (items.length > 0) {
    await db.insert(ledgerEntries).values(
      items.map((item, i) => ({
        customerId: id,
        kind: Number(item.debit) > 0 ? 'invoice' : 'bank_transfer',
        documentNo: `T-${i}`,
        entryDate: item.entryDate,
        dueDate: item.dueDate,
        debit: String(item.debit),
        credit: String(item.credit),
        openAmount: String(item.open),
      })),
    )
  }
  return id
}

describe('the overdue rule and its SQL twins agree on the same rows', () => {
  it.each(cases)('%s', async (_name, items) => {
    const customerId = await companyWith(items)
    const expected = overdueOfItems(items, TODAY)
    const show = (balance: string | number, days: number) => `${Number(balance).toFixed(2)} / ${days}`

    const fromParts = await overdueOf(db, customerId, TODAY)
    expect(show(fromParts.balance.toFixed(2), fromParts.days)).toBe(
      show(expected.balance.toFixed(2), expected.days),
    )

    const [scalar] = await queryRows<{ balance: string }>(
      db,
      sql`select ${overdueBalanceSql(customerId, TODAY)} as balance`,
    )
    expect(Number(scalar!.balance).toFixed(2)).toBe(expected.balance.toFixed(2))

    const rows = await db
      .select({
        debit: ledgerEntries.debit,
        credit: ledgerEntries.credit,
        open: ledgerEntries.openAmount,
        dueDate: ledgerEntries.dueDate,
        entryDate: ledgerEntries.entryDate,
        overdue: sql<boolean>`${isOverdueSql(
          {
            debit: ledgerEntries.debit,
            credit: ledgerEntries.credit,
            open: ledgerEntries.openAmount,
            dueDate: ledgerEntries.dueDate,
            entryDate: ledgerEntries.entryDate,
          },
          TODAY,
        )}`,
      })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.customerId} = ${customerId}`)
    expect(rows).toHaveLength(items.length)
    for (const { overdue, ...row } of rows) expect(overdue, JSON.stringify(row)).toBe(isOverdue(row, TODAY))
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../../domain/ledger'
import type { Database, Db } from '../../db/client'
import { AppError } from '../../http/errors'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, createUser } from '../../test/dealers'
import { createTestDatabase } from '../../test/test-database'
import { checkSettleable, overdueOf, recordCredit, recordDebit, recordOrderDebit } from './ledger.service'

let database: Database
let db: Db
const TODAY = '2026-03-18'

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database.close())

/** A debit due `due` days from TODAY (negative: overdue). */
const debit = (customerId: number, amount: string, due: number, no = `F${Math.random()}`.slice(0, 12)) =>
  db.transaction((tx) =>
    recordDebit(tx, {
      customerId,
      kind: 'invoice',
      amount,
      documentNo: no,
      entryDate: addDays(TODAY, due - 30),
      dueDate: addDays(TODAY, due),
    }),
  )

// A receipt is entered once per dealer: each credit has its own.
let receipts = 0
const credit = (customerId: number, amount: string, settleEntryIds: number[] = []) =>
  db.transaction((tx) =>
    recordCredit(tx, {
      customerId,
      kind: 'bank_transfer',
      amount,
      documentNo: `EFT-${++receipts}`,
      description: 'Havale',
      entryDate: TODAY,
      settleEntryIds,
    }),
  )

/** An order head of the company (what recordOrderDebit points at). */
async function newOrder(customerId: number, orderNo: string): Promise<number> {
  const user = await createUser(db, customerId)
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into orders (order_no, user_id, customer_id, description, payment_plan_name, price_name,
        currency_code, currency_rate, subtotal, tax, total, base_total)
      values (${orderNo}, ${user.id}, ${customerId}, '', 'Kredi Kartı', 'salePrice', 'TRY', 1, 400, 0, 400, 400)
      returning id`,
  )
  return row!.id
}

const openOf = async (customerId: number) =>
  Object.fromEntries(
    (
      await queryRows<{ id: number; open_amount: string }>(
        db,
        sql`select id, open_amount from ledger_entries where customer_id = ${customerId} order by id`,
      )
    ).map((r) => [r.id, Number(r.open_amount).toFixed(2)]),
  )

const settlementsOf = (creditId: number) =>
  queryRows<{ debit_entry_id: number; amount: string }>(
    db,
    sql`select debit_entry_id, amount from ledger_settlements where credit_entry_id = ${creditId} order by id`,
  ).then((rows) => rows.map((r) => [r.debit_entry_id, Number(r.amount).toFixed(2)]))

const overdue = async (customerId: number) => {
  const o = await overdueOf(db, customerId, TODAY)
  return `${o.balance.toFixed(2)} / ${o.days}`
}

describe('recordCredit', () => {
  it('settles the chosen items first, in the order chosen, then the one due first', async () => {
    const c = await createCustomer(db)
    const { entryId: a } = await debit(c.id, '100.00', -40)
    const { entryId: b } = await debit(c.id, '200.00', -10)
    const { entryId: d } = await debit(c.id, '300.00', 20)
    const { entryId: e } = await debit(c.id, '50.00', -60)
    const { entryId: pay } = await credit(c.id, '520.50', [d, b])
    expect(await settlementsOf(pay)).toEqual([
      [d, '300.00'],
      [b, '200.00'],
      [e, '20.50'], // then the oldest due date: e (60 days ago) before a (40 days ago)
    ])
    expect(await openOf(c.id)).toEqual({
      [a]: '100.00',
      [b]: '0.00',
      [d]: '0.00',
      [e]: '29.50',
      [pay]: '0.00',
    })
    expect(await overdue(c.id)).toBe('129.50 / 60')
  })

  it('keeps what is left on the credit, and the next debit consumes it first', async () => {
    const c = await createCustomer(db)
    const { entryId: a } = await debit(c.id, '100.00', -5)
    const { entryId: pay } = await credit(c.id, '250.00')
    expect(await openOf(c.id)).toEqual({ [a]: '0.00', [pay]: '150.00' })
    expect(await overdue(c.id)).toBe('0.00 / 0')

    const orderId = await newOrder(c.id, 'S2026-900001')
    const { entryId: order } = await db.transaction((tx) =>
      recordOrderDebit(tx, {
        customerId: c.id,
        orderId,
        orderNo: 'S2026-900001',
        amount: '400.00',
        entryDate: TODAY,
        dueDate: addDays(TODAY, 30),
      }),
    )
    expect(await openOf(c.id)).toEqual({ [a]: '0.00', [pay]: '0.00', [order]: '250.00' })
    const [row] = await queryRows<{ kind: string; document_no: string; order_id: number }>(
      db,
      sql`select kind, document_no, order_id from ledger_entries where id = ${order}`,
    )
    expect(row).toEqual({ kind: 'order', document_no: 'S2026-900001', order_id: orderId })
    expect(
      await queryRows<{ credit_entry_id: number; amount: string }>(
        db,
        sql`select credit_entry_id, amount::text from ledger_settlements where debit_entry_id = ${order}`,
      ),
    ).toEqual([{ credit_entry_id: pay, amount: '150.00' }])
  })

  it("never touches another company's entries, whatever ids it is given", async () => {
    const mine = await createCustomer(db)
    const other = await createCustomer(db)
    const { entryId: theirs } = await debit(other.id, '100.00', -5)
    const { entryId: own } = await debit(mine.id, '100.00', -5)
    await credit(mine.id, '60.00', [theirs])
    expect((await openOf(other.id))[theirs]).toBe('100.00')
    expect((await openOf(mine.id))[own]).toBe('40.00')
  })

  it('two payments at once never settle the same kuruş twice', async () => {
    const c = await createCustomer(db)
    const ids: number[] = []
    for (let i = 0; i < 4; i++) ids.push((await debit(c.id, '100.00', -10 + i)).entryId)
    // Six payments of 70 race for 400 of debits: 420 paid, 20 left on the last credit.
    await Promise.all(Array.from({ length: 6 }, () => credit(c.id, '70.00', [ids[3]!])))
    const [sums] = await queryRows<{ settled: string; open_debits: string; open_credits: string }>(
      db,
      sql`select
        (select sum(s.amount) from ledger_settlements s join ledger_entries d on d.id = s.debit_entry_id
          where d.customer_id = ${c.id})::text as settled,
        (select sum(open_amount) from ledger_entries where customer_id = ${c.id} and debit > 0)::text as open_debits,
        (select sum(open_amount) from ledger_entries where customer_id = ${c.id} and credit > 0)::text as open_credits`,
    )
    expect(sums).toEqual({ settled: '400.00', open_debits: '0.00', open_credits: '20.00' })
    const perDebit = await queryRows<{ total: string }>(
      db,
      sql`select sum(amount)::text as total from ledger_settlements where debit_entry_id in ${sql.raw(`(${ids.join(',')})`)}
        group by debit_entry_id`,
    )
    expect(perDebit.map((r) => r.total)).toEqual(['100.00', '100.00', '100.00', '100.00'])
  })

  it.each([['0'], ['-5'], ['10.001'], ['abc']])('refuses the amount %s', async (amount) => {
    const c = await createCustomer(db)
    await expect(credit(c.id, amount)).rejects.toMatchObject({ messageKey: 'ledger.invalidAmount' })
  })

  it('refuses a company that does not exist', async () => {
    await expect(credit(2_000_000_000, '10')).rejects.toBeInstanceOf(AppError)
  })
})

describe('overdueOf', () => {
  it('counts open debits past their due date, from the oldest of them', async () => {
    const c = await createCustomer(db)
    expect(await overdue(c.id)).toBe('0.00 / 0')
    await debit(c.id, '1000.00', 0) // due today: not overdue yet
    expect(await overdue(c.id)).toBe('0.00 / 0')
    await debit(c.id, '7450.75', -17)
    await debit(c.id, '5000.00', -45)
    expect(await overdue(c.id)).toBe('12450.75 / 45')
    // A payment settles the oldest first: the 45-day item goes, 17 days remain.
    await credit(c.id, '5000.00')
    expect(await overdue(c.id)).toBe('7450.75 / 17')
  })

  it('lowers the figure by a payment on the chosen item, and a day later an item turns overdue', async () => {
    const c = await createCustomer(db)
    const { entryId: soon } = await debit(c.id, '300.00', 0)
    await debit(c.id, '200.00', -3)
    await credit(c.id, '300.00', [soon])
    expect(await overdue(c.id)).toBe('200.00 / 3')
    const tomorrow = await overdueOf(db, c.id, addDays(TODAY, 1))
    expect([tomorrow.balance.toFixed(2), tomorrow.days]).toEqual(['200.00', 4])
  })
})

describe('checkSettleable', () => {
  it('answers the open items chosen with their sum, and refuses a closed or foreign one', async () => {
    const c = await createCustomer(db)
    const other = await createCustomer(db)
    const { entryId: a } = await debit(c.id, '100.00', -5, 'FA')
    const { entryId: b } = await debit(c.id, '250.25', 5, 'FB')
    const { entryId: foreign } = await debit(other.id, '10.00', -5)
    const ok = await checkSettleable(db, c.id, [b, a, b])
    expect(ok.items.map((i) => [i.id, i.documentNo])).toEqual([
      [b, 'FB'],
      [a, 'FA'],
    ])
    expect(ok.total.toFixed(2)).toBe('350.25')
    await expect(checkSettleable(db, c.id, [a, foreign])).rejects.toMatchObject({ code: 'not_open' })
    await credit(c.id, '100.00', [a])
    await expect(checkSettleable(db, c.id, [a])).rejects.toMatchObject({ code: 'not_open' })
  })
})

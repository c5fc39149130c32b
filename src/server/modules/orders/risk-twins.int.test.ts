import Big from 'big.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usesCredit } from '../../../domain/risk-limit'
import { openOrdersSql, usesCreditSql } from '../../../domain/risk-limit.sql'
import type { Database, Db } from '../../db/client'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, createUser } from '../../test/dealers'
import { createTestDatabase } from '../../test/test-database'

/*
 * Which orders use the risk limit is written once in domain/risk-limit.ts (usesCredit) and its SQL
 * twin beside it (risk-limit.sql.ts): the same orders, read by both, must count the same.
 */

let database: Database
let db: Db

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database.close())

const PAID = new Date('2026-03-01T10:00:00Z')
const orders: Array<{ status: string; paidAt: Date | null; total: string }> = [
  { status: 'new', paidAt: null, total: '100.10' },
  { status: 'processing', paidAt: null, total: '2000.00' },
  { status: 'shipped', paidAt: null, total: '400.00' },
  { status: 'cancelled', paidAt: null, total: '50.00' },
  { status: 'new', paidAt: PAID, total: '7.77' },
  { status: 'processing', paidAt: PAID, total: '8.88' },
  { status: 'shipped', paidAt: PAID, total: '9.99' },
  { status: 'cancelled', paidAt: PAID, total: '1.11' },
]

describe('usesCredit and its SQL twin agree on the same orders', () => {
  it('per order, and in the open-orders sum of the risk query', async () => {
    const customer = await createCustomer(db)
    const user = await createUser(db, customer.id)
    for (const [i, order] of orders.entries()) {
      await db.execute(sql`insert into orders (order_no, user_id, customer_id, description, payment_plan_name,
          price_name, currency_code, currency_rate, subtotal, tax, total, base_total, status, paid_at)
        values (${`RT-${customer.id}-${i}`}, ${user.id}, ${customer.id}, '', 'Açık hesap', 'salePrice', 'TRY', 1,
          ${order.total}, 0, ${order.total}, ${order.total}, ${order.status}, ${order.paidAt})`)
    }
    const rows = await queryRows<{ status: string; paid_at: string | Date | null; uses: boolean }>(
      db,
      sql`select o.status, o.paid_at, ${usesCreditSql({ status: sql.raw('o.status'), paidAt: sql.raw('o.paid_at') })} as uses
        from orders o where o.customer_id = ${customer.id} order by o.id`,
    )
    expect(rows).toHaveLength(orders.length)
    for (const row of rows) {
      const paidAt = row.paid_at === null ? null : new Date(row.paid_at)
      expect(row.uses, `${row.status}, paid ${row.paid_at}`).toBe(usesCredit({ status: row.status, paidAt }))
    }
    const expected = orders.filter(usesCredit).reduce((sum, o) => sum.plus(o.total), new Big(0))
    const [sum] = await queryRows<{ open: string }>(db, sql`select ${openOrdersSql(customer.id)} as open`)
    expect(new Big(sum!.open).toFixed(2)).toBe(expected.toFixed(2))
    expect(expected.toFixed(2)).toBe('2100.10')
  })
})

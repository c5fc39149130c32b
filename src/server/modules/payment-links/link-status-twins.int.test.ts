import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentLinkStatusAt, paymentLinkStatuses } from '../../../domain/payment-link'
import { linkReadsAs, linkStatusSql } from '../../../domain/payment-link.sql'
import type { Database, Db } from '../../db/client'
import { paymentLinks } from '../../db/schema/payments'
import { createCustomer } from '../../test/dealers'
import { createTestDatabase } from '../../test/test-database'

/*
 * A link's state is written once in domain/payment-link.ts and its SQL twins beside it: the same
 * links, read by both at the same instant, must be in the same state (the 12:00 expiry at 12:00 too).
 */

let database: Database
let db: Db

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database.close())

const NOW = new Date('2026-03-18T12:00:00.000Z')
const shift = (ms: number) => new Date(NOW.getTime() + ms)
const links: Array<{ paidAt: Date | null; expiresAt: Date }> = [
  { paidAt: null, expiresAt: shift(1) },
  { paidAt: null, expiresAt: shift(7 * 86_400_000) },
  { paidAt: null, expiresAt: NOW },
  { paidAt: null, expiresAt: shift(-1) },
  { paidAt: shift(-3_600_000), expiresAt: shift(86_400_000) },
  { paidAt: shift(-9 * 86_400_000), expiresAt: shift(-8 * 86_400_000) },
  { paidAt: shift(-1), expiresAt: NOW },
]

describe('paymentLinkStatusAt and its SQL twins agree on the same links', () => {
  it('as a column, and as the filter of every state', async () => {
    const customer = await createCustomer(db)
    await db.insert(paymentLinks).values(
      links.map((link, i) => ({
        tokenHash: `twins-${customer.id}-${i}`,
        customerId: customer.id,
        amount: '10.00',
        ...link,
      })),
    )
    const mine = eq(paymentLinks.customerId, customer.id)
    const rows = await db
      .select({
        id: paymentLinks.id,
        paidAt: paymentLinks.paidAt,
        expiresAt: paymentLinks.expiresAt,
        status: linkStatusSql(paymentLinks, NOW),
      })
      .from(paymentLinks)
      .where(mine)
    expect(rows).toHaveLength(links.length)
    for (const { status, ...row } of rows)
      expect(status, JSON.stringify(row)).toBe(paymentLinkStatusAt(row, NOW))
    const seen = new Set(rows.map((row) => row.status))
    expect([...seen].sort()).toEqual([...paymentLinkStatuses].sort())

    for (const status of paymentLinkStatuses) {
      const filtered = await db
        .select({ id: paymentLinks.id })
        .from(paymentLinks)
        .where(and(mine, linkReadsAs(status, paymentLinks, NOW)))
      const expected = rows.filter((row) => paymentLinkStatusAt(row, NOW) === status).map((row) => row.id)
      expect(filtered.map((row) => row.id).sort(), status).toEqual(expected.sort())
    }
  })
})

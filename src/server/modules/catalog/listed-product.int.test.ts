import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isListed, LISTED_PRODUCT_SQL } from '../../../domain/listing'
import type { Database } from '../../db/client'
import { currencies, products } from '../../db/schema/catalogue'
import { queryRows } from '../../test/db-helpers'
import { createTestDatabase } from '../../test/test-database'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

it('the SQL of the listed-product rule says what isListed says, row by row', async () => {
  const { db } = database
  const [currency] = await db
    .insert(currencies)
    .values({ code: 'TRY', name: 'Türk Lirası', symbol: '₺', exchangeRate: '1', isDefault: true })
    .returning({ id: currencies.id })
  const row = (code: string, isActive: boolean, parentId: number | null = null) => ({
    code,
    name: code,
    seo: code.toLowerCase(),
    currencyId: currency!.id,
    isActive,
    parentId,
  })
  const parents = await db
    .insert(products)
    .values([row('PLAIN', true), row('PLAIN-OFF', false), row('PARENT', true), row('PARENT-OFF', false)])
    .returning({ id: products.id, code: products.code })
  const parentOf = (code: string) => parents.find((p) => p.code === code)!.id
  await db
    .insert(products)
    .values([
      row('CHILD', true, parentOf('PARENT')),
      row('CHILD-OFF', false, parentOf('PARENT')),
      row('CHILD-OF-OFF', true, parentOf('PARENT-OFF')),
    ])

  const rows = await queryRows<{
    code: string
    parent_id: number | null
    is_active: boolean
    listed: boolean
  }>(
    db,
    sql`select code, parent_id, is_active, (${sql.raw(LISTED_PRODUCT_SQL)}) as listed from products order by id`,
  )
  expect(rows).toHaveLength(7)
  for (const r of rows) {
    expect(r.listed, r.code).toBe(isListed({ parentId: r.parent_id, isActive: r.is_active }))
  }
  // Both sides can fail: each outcome occurs.
  expect(rows.filter((r) => r.listed).map((r) => r.code)).toEqual(['PLAIN', 'PARENT'])
})

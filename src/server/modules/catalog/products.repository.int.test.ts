import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import { products } from '../../db/schema/catalogue'
import { queryRows } from '../../test/db-helpers'
import { createTestDatabase } from '../../test/test-database'
import { findProductsByIds, pageRowsByColumns } from './products.repository'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase({ demo: true })
})
afterAll(() => database.close())

it('reads every page row as one JSON object exactly as Drizzle reads its columns', async () => {
  const { db } = database
  // Values that JSON and the column parsers could tell apart: the widest decimals, text with quotes,
  // commas, braces and Turkish letters in arrays, and a product without brand, model or category.
  const [sample] = await db.select().from(products).where(sql`parent_id is null`).limit(1)
  const [odd] = await db
    .insert(products)
    .values({
      code: 'ODD-1',
      name: 'Çift "tırnak", {süslü} ve ığüşöç',
      seo: 'odd-1',
      currencyId: sample!.currencyId,
      salePrice: '99999999999999.9999',
      listPrice: '0.0001',
      advencePrice1: '-12.5000',
      taxRate: '8.75',
      equivalentCodes: ['A,B', 'C"D', '{E}', 'ŞĞİ', 'NULL', ''],
      variantDimensions: ['Renk'],
      brandId: null,
      modelId: null,
      categoryId: null,
    })
    .returning({ id: products.id })
  await db.insert(products).values({
    code: 'ODD-1-K',
    name: 'Kırmızı',
    seo: 'odd-1-k',
    currencyId: sample!.currencyId,
    parentId: odd!.id,
    variantValues: ['Kırmızı'],
  })
  const ids = (await queryRows<{ id: number }>(db, sql`select id from products order by id`)).map((r) => r.id)
  expect(ids.length).toBeGreaterThan(100)

  const asJson = await findProductsByIds(db, ids)
  const byColumns = new Map((await pageRowsByColumns(db, ids)).map((r) => [r.id, r]))
  expect(asJson.map((r) => r.id)).toEqual(ids)
  for (const row of asJson) expect(row, `product ${row.id}`).toStrictEqual(byColumns.get(row.id))
  // The sample covers what the test says it does.
  const oddRow = asJson.find((r) => r.id === odd!.id)!
  expect(oddRow.salePrice).toBe('99999999999999.9999')
  expect(oddRow.brandId).toBeNull()
  expect(oddRow.family?.children).toHaveLength(1)
  expect(asJson.some((r) => r.units.length > 1 && r.inventory.length > 0 && r.brandId !== null)).toBe(true)
})

it('answers the ids asked for in their order, leaving out unknown ones', async () => {
  const { db } = database
  const [a, b] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .limit(2)
  const rows = await findProductsByIds(db, [b!.id, 2_000_000_000, a!.id])
  expect(rows.map((r) => r.id)).toEqual([b!.id, a!.id])
  expect(await findProductsByIds(db, [])).toEqual([])
})

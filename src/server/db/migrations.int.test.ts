import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../test/db-helpers'
import { createTestDatabase } from '../test/test-database'
import type { Database } from './client'
import { runMigrations } from './migrate'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query)

describe(`migrations on ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('create every table of the catalogue and account side', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'currencies',
        'brands',
        'models',
        'categories',
        'warehouses',
        'products',
        'product_units',
        'product_stocks',
        'campaigns',
        'campaign_products',
        'customers',
        'branches',
        'users',
        'user_preferences',
        'sessions',
        'store_settings',
        'payment_plans',
        'store_info',
        'search_logs',
      ]),
    )
  })

  it("leave products only the indexes some query reads (dealers' search and lists are answered in memory; the staff table reads its own)", async () => {
    const found = await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'products' order by indexname`,
    )
    expect(found.map((r) => r.indexname)).toEqual([
      'products_barcode_idx',
      'products_change_seq_idx',
      'products_code_folded_idx',
      'products_code_prefix_c_idx',
      'products_code_uq',
      'products_equivalent_codes_idx',
      'products_list_category_idx',
      'products_name_prefix_c_idx',
      'products_ozelkod2_idx',
      'products_parent_idx',
      'products_pkey',
      'products_staff_brand_idx',
      'products_staff_category_idx',
      'products_staff_inactive_idx',
      'products_staff_name_idx',
      'products_staff_price_idx',
      'products_staff_search_trgm_idx',
      'products_staff_stock_idx',
      'products_staff_updated_idx',
    ])
  })

  it('can run again without changing anything', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    await runMigrations(database, process.cwd())
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    expect(after).toEqual(before)
    expect(before[0]!.n).toBeGreaterThanOrEqual(2)
  })

  it('enforce the rules the schema promises (one default currency, non-negative stock)', async () => {
    await database.db.execute(
      sql`insert into currencies (code, name, symbol, exchange_rate, is_default) values ('TRY','Türk Lirası','₺',1,true)`,
    )
    await expect(
      database.db.execute(
        sql`insert into currencies (code, name, symbol, exchange_rate, is_default) values ('USD','Dolar','$',42,true)`,
      ),
    ).rejects.toThrow()
    await expect(
      database.db.execute(
        sql`insert into products (code, name, seo, currency_id, quantity) values ('X','X','x',1,-1)`,
      ),
    ).rejects.toThrow()
  })
})

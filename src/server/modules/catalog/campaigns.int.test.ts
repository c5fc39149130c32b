import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Campaign, campaignsResponseSchema } from '../../../contracts/campaigns'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows } from '../../test/db-helpers'
import { DEALER, seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp

async function product(code: string, opts: { sale: string; list: string; stock: number }) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, list_price, tax_rate, quantity, name_sort)
        values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()}, (select id from currencies where code = 'TRY'),
          ${opts.sale}, ${opts.list}, 20, ${opts.stock}, ${turkishSortKey(code)}) returning id`,
  )
  return row!.id
}

async function campaign(
  name: string,
  rowCount: number,
  sortOrder: number,
  productIds: number[],
  active = true,
) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into campaigns (code, name, row_count, sort_order, is_active)
        values (${`T-${Math.random().toString(36).slice(2, 12)}`}, ${name}, ${rowCount}, ${sortOrder}, ${active}) returning id`,
  )
  for (const [i, productId] of productIds.entries()) {
    await t.database.db.execute(
      sql`insert into campaign_products (campaign_id, product_id, sort_order) values (${row!.id}, ${productId}, ${i})`,
    )
  }
}

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  const inStock = await product('KMP-1', { sale: '100', list: '150', stock: 5 })
  const soldOut = await product('KMP-2', { sale: '80', list: '0', stock: 0 })
  const other = await product('KMP-3', { sale: '60', list: '60', stock: 2 })
  await campaign('İkinci', 2, 2, [other, inStock])
  await campaign('Birinci', 0, 1, [inStock, soldOut, other])
  await campaign('Kapalı', 1, 0, [inStock], false)
})
afterAll(() => t.close())

async function campaignsAs(client: TestClient): Promise<Campaign[]> {
  const res = await client.send({ method: 'GET', url: '/api/catalog/campaigns' })
  expect(res.statusCode).toBe(200)
  return campaignsResponseSchema.parse(res.json()).campaigns
}

const codes = (c: Campaign | undefined) => c?.products.map((p) => p.code)

describe('GET /api/catalog/campaigns', () => {
  it('lists the active campaigns in their order, each with at least one row', async () => {
    const campaigns = await campaignsAs(new TestClient(t.app))
    expect(campaigns.map((c) => [c.name, c.rowCount])).toEqual([
      ['Birinci', 1],
      ['İkinci', 2],
    ])
    expect(codes(campaigns[0])).toEqual(['KMP-1', 'KMP-2', 'KMP-3'])
    expect(codes(campaigns[1])).toEqual(['KMP-3', 'KMP-1'])
  })

  it('shows a guest no prices and no stock (the store default)', async () => {
    const [first] = await campaignsAs(new TestClient(t.app))
    expect(first?.products[0]).toMatchObject({ salePrice: null, listPrice: null, quantity: null })
  })

  it('prices a dealer in its currency and leaves out products without stock when the dealer asks', async () => {
    const dealer = new TestClient(t.app)
    await dealer.login(DEALER.email, DEALER.password)
    const [first] = await campaignsAs(dealer)
    expect(first?.products[0]).toMatchObject({
      code: 'KMP-1',
      quantity: 5,
      salePrice: { value: 100, currency: 'TRY' },
      listPrice: { value: 150, currency: 'TRY' },
    })

    const hide = await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'showNotInStocks', value: '0' },
    })
    expect(hide.statusCode).toBe(200)
    expect(codes((await campaignsAs(dealer))[0])).toEqual(['KMP-1', 'KMP-3'])
  })
})

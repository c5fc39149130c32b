import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AutocompleteItem, ProductList } from '../../../contracts/catalog'
import { LISTED_PRODUCT_SQL, PAGE_SIZE } from '../../../domain/listing'
import { normaliseSearchText, searchDocument } from '../../../domain/search-query'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows } from '../../test/db-helpers'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp({ demo: true })
  // A product whose name has the dotted and dotless capitals that trouble naive folding.
  const name = 'IĞDIR Kayısı Kurusu Çekirdeksiz'
  await t.database.db.execute(sql`
    insert into products (code, name, seo, currency_id, sale_price, search_text, search_name, name_sort, equivalent_codes, barcode)
    values ('IGD-1', ${name}, 'igdir-kayisi', 1, 10, ${searchDocument(['IGD-1', name, '8690000999991', 'EQV-777'])}, ${normaliseSearchText(name)},
      ${turkishSortKey(name)}, array['EQV-777'], '8690000999991')`)
  dealer = new TestClient(t.app)
  await dealer.login('bayi@toptan.test', 'Bayi1234!')
})
afterAll(() => t.close())

const suggest = async (q: string): Promise<AutocompleteItem[]> => {
  const res = await dealer.send({ method: 'GET', url: `/autocomplete?q=${encodeURIComponent(q)}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('GET /autocomplete', () => {
  it('answers at most 10 suggestions with id, name, code, url and image', async () => {
    const items = await suggest('vida')
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThanOrEqual(10)
    expect(Object.keys(items[0]!).sort()).toEqual(['code', 'id', 'image', 'name', 'url'])
    expect(items[0]!.url).toMatch(/-p-\d+$/)
  })

  it('folds Turkish letters both ways', async () => {
    const withLetters = await suggest('Şanzıman')
    const without = await suggest('sanziman')
    expect(without.length).toBeGreaterThan(0)
    expect(without.map((i) => i.id)).toEqual(withLetters.map((i) => i.id))
    expect(without.every((i) => /şanzıman/i.test(i.name.toLocaleLowerCase('tr-TR')))).toBe(true)
    for (const q of ['IGDIR', 'igdir', 'ığdır', 'Iğdır']) {
      expect(
        (await suggest(q)).map((i) => i.code),
        q,
      ).toContain('IGD-1')
    }
  })

  it('puts an exact code first, and finds barcodes and equivalent codes', async () => {
    const [p] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from products where parent_id is null order by id limit 1 offset 10`,
    )
    const items = await suggest(p!.code.toLowerCase())
    expect(items[0]!.code).toBe(p!.code)
    expect((await suggest('8690000999991'))[0]!.code).toBe('IGD-1')
    expect((await suggest('EQV-777'))[0]!.code).toBe('IGD-1')
  })

  it('ranks as the search page does: names before the brand, suffixes and one typo understood', async () => {
    // 'Özkan Kablo' is a brand: its other products come after every name holding the word.
    const kablo = await suggest('kablo')
    expect(kablo).toHaveLength(10)
    expect(kablo.every((i) => /kablo/i.test(i.name))).toBe(true)
    const kablosu = await suggest('kablosu')
    expect(kablosu[0]!.name).toMatch(/Kablosu/)
    const typo = await suggest('tornavda')
    expect(typo.length).toBeGreaterThan(0)
    expect(typo.every((i) => i.name.includes('Tornavida'))).toBe(true)
    // Short input still walks the prefix indexes: a code prefix of two letters.
    const [code] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from products where parent_id is null order by code limit 1`,
    )
    expect((await suggest(code!.code.slice(0, 2))).length).toBeGreaterThan(0)
  })

  it('answers an empty list for blank input without logging it', async () => {
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from search_logs`,
    )
    expect(await suggest('   ')).toEqual([])
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from search_logs`,
    )
    expect(after).toEqual(before)
  })

  it('logs every search with user, query, result count and time', async () => {
    await suggest('somun')
    const [row] = await queryRows<{
      query: string
      query_key: string
      result_count: number
      source: string
      user_id: number
    }>(
      t.database.db,
      sql`select query, query_key, result_count, source, user_id from search_logs order by id desc limit 1`,
    )
    expect(row).toMatchObject({ query: 'somun', query_key: 'somun', source: 'autocomplete' })
    expect(row!.user_id).not.toBeNull()
    expect(row!.result_count).toBeGreaterThan(0)
  })
})

describe('the search page (list with q)', () => {
  it('finds products by any word, folded, and logs the search with its total', async () => {
    const res = await dealer.send({
      method: 'GET',
      url: `/api/catalog/products?q=${encodeURIComponent('sanziman keçe')}`,
    })
    const body: ProductList = res.json()
    expect(body.total).toBeGreaterThan(0)
    expect(body.q).toBe('sanziman keçe')
    expect(
      body.items.every((p) => /şanzıman/i.test(p.name) && /keçe/i.test(p.name.toLocaleLowerCase('tr-TR'))),
    ).toBe(true)
    const [log] = await queryRows<{ source: string; result_count: number }>(
      t.database.db,
      sql`select source, result_count from search_logs order by id desc limit 1`,
    )
    expect(log).toEqual({ source: 'search', result_count: body.total })
  })

  it('treats LIKE wildcards in the query as plain text', async () => {
    const res = await dealer.send({ method: 'GET', url: '/api/catalog/products?q=%25%25' })
    expect(res.json().total).toBe(0)
  })

  it('matches a query of punctuation alone as typed inside the words of the document', async () => {
    const res = await dealer.send({ method: 'GET', url: '/api/catalog/products?q=-&sort=-name' })
    expect(res.statusCode).toBe(200)
    const body: ProductList = res.json()
    const stock = body.showNotInStocks === '1' ? sql`` : sql` and quantity > 0`
    const expected = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from products where ${sql.raw(LISTED_PRODUCT_SQL)} and search_text like '%-%'${stock}
          order by name_sort desc, id desc`,
    )
    expect(body.total).toBeGreaterThan(PAGE_SIZE)
    expect(body.total).toBe(expected.length)
    expect(body.items.map((p) => p.id)).toEqual(expected.slice(0, PAGE_SIZE).map((r) => r.id))
    // No word of the document holds a space, nor a character the normaliser drops.
    for (const q of ['- -', '!?']) {
      const none = await dealer.send({
        method: 'GET',
        url: `/api/catalog/products?q=${encodeURIComponent(q)}`,
      })
      expect(none.json().total, q).toBe(0)
    }
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AutocompleteItem, ProductList } from '../../../contracts/catalog'
import { normaliseSearchText, searchDocument } from '../../../domain/search-query'
import { rankQuery } from '../../../domain/search-rank'
import { turkishSortKey } from '../../../domain/turkish-text'
import { productKey } from '../../cache/caches'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'
import { SearchIndex } from './search-index'

/**
 * The in-process search index follows the products by change: after a first search
 * built it, an insert, a rename, a deactivation and a sale by a real order are seen by the very next
 * search, with the caches off and on.
 */
describe.each([0, 60])('the search index with CACHE_SECONDS=%i', (cacheSeconds) => {
  let t: TestApp
  let fx: Awaited<ReturnType<typeof seedAccounts>>
  let warehouseId: number
  let dealer: TestClient
  // A word no other product holds, so each test sees only its own products: always 12 letters, so
  // one is never a part of another, nor one typo away from it (a shorter draw once was: a flaky run).
  const word = () =>
    `zq${Array.from({ length: 10 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`

  beforeAll(async () => {
    t = await createTestApp({ cacheSeconds })
    fx = await seedAccounts(t.database.db)
    const [w] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into warehouses (code, name, sort_order) values ('S1', 'Arama', 0) returning id`,
    )
    warehouseId = w!.id
    dealer = await loggedInUser(t, fx.customers.c1.id)
  })
  afterAll(() => t.close())

  async function product(name: string, quantity = 10) {
    const code = `SI-${Math.random().toString(36).slice(2, 10).toUpperCase()}`
    const [p] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort,
            search_text, search_name)
          values (${code}, ${name}, ${code.toLowerCase()}, ${fx.currencies.try.id}, '10', 20, ${quantity},
            ${turkishSortKey(name)}, ${searchDocument([code, name])}, ${normaliseSearchText(name)})
          returning id`,
    )
    const [u] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
          values (${p!.id}, 'Adet', 1, '10', true, 0) returning id`,
    )
    await t.database.db.execute(
      sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${p!.id}, ${warehouseId}, ${quantity})`,
    )
    return { id: p!.id, unitId: u!.id, code }
  }

  const search = async (q: string, sort = ''): Promise<ProductList> => {
    const res = await dealer.send({
      method: 'GET',
      url: `/api/catalog/products?q=${encodeURIComponent(q)}${sort ? `&sort=${sort}` : ''}`,
    })
    expect(res.statusCode).toBe(200)
    return res.json()
  }
  const suggest = async (q: string): Promise<AutocompleteItem[]> =>
    (await dealer.send({ method: 'GET', url: `/autocomplete?q=${encodeURIComponent(q)}` })).json()
  const names = (list: ProductList) => list.items.map((p) => p.name)

  it('finds a product inserted after the first search', async () => {
    const w = word()
    await product(`${w} Vida Birinci`)
    expect(names(await search(w))).toEqual([`${w} Vida Birinci`])
    await product(`${w} Vida İkinci`)
    expect(names(await search(w))).toEqual([`${w} Vida Birinci`, `${w} Vida İkinci`])
    expect((await search(w)).total).toBe(2)
    expect((await suggest(w)).map((s) => s.name)).toHaveLength(2)
  })

  it('finds a word of the description at a word start, ranked after name and document matches, and follows its edits', async () => {
    const w = word()
    const inName = await product(`Kelepçe ${w}`)
    const inDescription = await product('Kelepçe Galvaniz')
    const inDocument = await product('Kelepçe Paslanmaz')
    await t.database.db.execute(sql`update products set
        description = ${`<p>Çok amaçlı <strong>${w}kaplı</strong> kelepçe &amp; klips.</p>`} where id = ${inDescription.id}`)
    await t.database.db.execute(sql`update products set
        search_text = search_text || ' ' || ${w} where id = ${inDocument.id}`)
    const found = await search(w)
    expect(found.items.map((p) => p.id)).toEqual([inName.id, inDocument.id, inDescription.id])
    expect((await suggest(w)).map((s) => s.id)).toEqual([inName.id, inDocument.id, inDescription.id])
    // Inside a description word a form does not match ('kaplı' holds the word only at its start).
    expect((await search(`${w.slice(3)}`)).items.map((p) => p.id)).not.toContain(inDescription.id)
    await t.database.db.execute(
      sql`update products set description = '<p>Sade kelepçe.</p>' where id = ${inDescription.id}`,
    )
    expect((await search(w)).items.map((p) => p.id)).toEqual([inName.id, inDocument.id])
  })

  it('follows a rename: the old words no longer find it, the new ones do, ranked by the new name', async () => {
    const w = word()
    const renamed = word()
    const p = await product(`${w} Kablo`)
    expect(names(await search(w))).toEqual([`${w} Kablo`])
    await t.database.db.execute(sql`
      update products set name = ${`${renamed} Kablo`}, search_name = ${normaliseSearchText(`${renamed} Kablo`)},
        search_text = ${searchDocument([p.code, `${renamed} Kablo`])}, name_sort = ${turkishSortKey(`${renamed} Kablo`)}
      where id = ${p.id}`)
    expect((await search(w)).total).toBe(0)
    expect(names(await search(renamed))).toEqual([`${renamed} Kablo`])
    expect((await suggest(renamed)).map((s) => s.name)).toEqual([`${renamed} Kablo`])
  })

  it('drops a deactivated product at once, from the page and the autocomplete', async () => {
    const w = word()
    const p = await product(`${w} Eldiven`)
    expect((await search(w)).total).toBe(1)
    expect(await suggest(w)).toHaveLength(1)
    await t.database.db.execute(sql`update products set is_active = false where id = ${p.id}`)
    expect((await search(w)).total).toBe(0)
    expect(await suggest(w)).toEqual([])
  })

  it('sees stock sold by a real order: the stock sort follows it at once', async () => {
    const w = word()
    const sold = await product(`${w} Matkap Satılan`, 2)
    await product(`${w} Matkap Kalan`, 1)
    expect(names(await search(w, '-quantity'))).toEqual([`${w} Matkap Satılan`, `${w} Matkap Kalan`])
    const added = await dealer.send({
      method: 'POST',
      url: `/api/catalog/cart/${sold.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `quantity=2&productValue=${sold.unitId}`,
    })
    expect(added.statusCode).toBe(200)
    const ordered = await dealer.send({ method: 'POST', url: '/api/catalog/cart', payload: {} })
    expect(ordered.statusCode).toBe(200)
    const after = await search(w, '-quantity')
    expect(names(after)).toEqual([`${w} Matkap Kalan`, `${w} Matkap Satılan`])
    expect(after.items[1]!.quantity).toBe(0)
  })

  it('counts a product under its new brand and category at once when they change in place', async () => {
    const w = word()
    const db = t.database.db
    const [brand] = await queryRows<{ id: number }>(
      db,
      sql`insert into brands (code, name, slug) values (${w}, ${w}, ${w}) returning id`,
    )
    const [category] = await queryRows<{ id: number }>(
      db,
      sql`insert into categories (code, name, slug, path) values (${w}, ${w}, ${w}, ${w}) returning id`,
    )
    const moved = await product(`${w} Pense Taşınan`)
    await product(`${w} Pense Kalan`)
    const counts = (list: ProductList) => ({
      brands: list.facets!.brands.map((b) => [b.id, b.count]),
      categories: list.facets!.categories.map((c) => [c.id, c.count]),
    })
    expect(counts(await search(w))).toEqual({ brands: [], categories: [] })
    // Texts untouched: the index changes the slot in place rather than making a new one.
    await db.execute(
      sql`update products set brand_id = ${brand!.id}, category_id = ${category!.id} where id = ${moved.id}`,
    )
    expect(counts(await search(w))).toEqual({ brands: [[brand!.id, 1]], categories: [[category!.id, 1]] })
    await db.execute(sql`update products set brand_id = null where id = ${moved.id}`)
    expect(counts(await search(w))).toEqual({ brands: [], categories: [[category!.id, 1]] })
  })

  it('re-reads a product an invalidation message names, even when its change number is below the last seen', async () => {
    const w = word()
    const renamed = word()
    const p = await product(`${w} Conta`)
    expect((await search(w)).total).toBe(1)
    // A change that commits after a later one was seen: its number is below the highest seen.
    const [row] = await queryRows<{ seq: string }>(
      t.database.db,
      sql`select change_seq::text as seq from products where id = ${p.id}`,
    )
    await product(`${word()} Sonraki`)
    await search(w)
    // A rebuild that drops dead slots may have started in the background; one that read the table
    // after the change below would see it without the message this test is about.
    await t.deps.searchIndex.settled()
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`
        update products set search_text = ${searchDocument([p.code, `${renamed} Conta`])},
          search_name = ${normaliseSearchText(`${renamed} Conta`)}, change_seq = ${row!.seq}
        where id = ${p.id}`)
    })
    expect((await search(renamed)).total).toBe(0)
    t.deps.caches.forget({ list: productKey(p.id) })
    expect((await search(renamed)).total).toBe(1)
    expect((await search(w)).total).toBe(0)
  })
})

describe('description words the whole catalogue repeats', () => {
  it('are not matched once the index is built; a rare one is, and names still are', async () => {
    const t = await createTestApp()
    try {
      const fx = await seedAccounts(t.database.db)
      // 60 products whose descriptions share a selling point, and one with a word of its own.
      await t.database.db.execute(sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate,
            quantity, name_sort, search_text, search_name, description)
          select 'CMN-' || n, 'Ortak Ürün ' || n, 'cmn-' || n, ${fx.currencies.try.id}, '10', 20, 5,
            ${turkishSortKey('Ortak Ürün')} || n, 'cmn-' || n || ' ortak urun ' || n, 'ortak urun ' || n,
            '<p>Uzun ömürlü ve dayanıklı yapı.</p>' || case when n = 7 then '<p>Nadirkaplama yüzey.</p>' else '' end
          from generate_series(1, 60) as n`)
      await t.database.db.execute(sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate,
            quantity, name_sort, search_text, search_name)
          values ('DYN-1', 'Dayanıklı Eldiven', 'dyn-1', ${fx.currencies.try.id}, '10', 20, 5,
            ${turkishSortKey('Dayanıklı Eldiven')}, 'dyn-1 dayanikli eldiven', 'dayanikli eldiven')`)
      const dealer = await loggedInUser(t, fx.customers.c1.id)
      const search = async (q: string): Promise<ProductList> =>
        (await dealer.send({ method: 'GET', url: `/api/catalog/products?q=${encodeURIComponent(q)}` })).json()
      // 'dayanıklı' is in 60 of 61 descriptions (over 5 % and over 50): only the name that holds it.
      expect((await search('dayanıklı')).items.map((p) => p.name)).toEqual(['Dayanıklı Eldiven'])
      expect((await search('nadirkaplama')).items.map((p) => p.name)).toEqual(['Ortak Ürün 7'])
    } finally {
      await t.close()
    }
  })
})

describe('the slots a build gives', () => {
  it('go category by category, by name within each, then to the products without a category, every listed product once across batches', async () => {
    const database = await createTestDatabase()
    try {
      const db = database.db
      const [currency] = await queryRows<{ id: number }>(
        db,
        sql`insert into currencies (code, name, symbol, exchange_rate, is_default) values ('TRY', 'Türk Lirası', '₺', 1, true) returning id`,
      )
      const categories = await queryRows<{ id: number }>(
        db,
        sql`insert into categories (code, name, slug, path) select 'k' || n, 'K' || n, 'k' || n, 'k' || n
            from generate_series(1, 3) as n returning id`,
      )
      // 23 products: names repeat within a category (ties broken by id), some have no category,
      // one is inactive; batches of 4 end inside runs of one category and one name.
      const names = ['Vida', 'Anahtar', 'Vida', 'Somun', 'Anahtar', 'Vida']
      for (let n = 0; n < 23; n++) {
        const name = `${names[n % names.length]} ${n % 2}`
        const category = n % 5 === 4 ? null : categories[n % 3]!.id
        await db.execute(sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity,
              name_sort, search_text, search_name, category_id, is_active)
            values (${`SL-${n}`}, ${name}, ${`sl-${n}`}, ${currency!.id}, '10', 20, 5, ${turkishSortKey(name)},
              ${searchDocument([`SL-${n}`, name])}, ${normaliseSearchText(name)}, ${category}, ${n !== 9})`)
      }
      const listed = await queryRows<{ id: number }>(
        db,
        sql`select id from products where is_active and parent_id is null
            order by category_id nulls last, case when category_id is not null then name_sort end, id`,
      )
      const view = await new SearchIndex(4).current(db)
      const bySlot = Array.from({ length: view.slotCount }, (_, slot) => view.idOf[slot]!)
      expect(bySlot).toEqual(listed.map((r) => r.id))
    } finally {
      await database.close()
    }
  })
})

describe('the index rebuilt in the background', () => {
  it('keeps a product named while the check that starts the rebuild was reading: the index still answering re-reads it', async () => {
    const database = await createTestDatabase()
    try {
      const [currency] = await queryRows<{ id: number }>(
        database.db,
        sql`insert into currencies (code, name, symbol, exchange_rate, is_default) values ('TRY', 'Türk Lirası', '₺', 1, true) returning id`,
      )
      const insert = (from: number, to: number) =>
        database.db.execute(sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate,
              quantity, name_sort, search_text, search_name)
            select 'LT-' || n, 'Pul ' || n, 'lt-' || n, ${currency!.id}, '10', 20, 5,
              ${turkishSortKey('Pul')} || n, 'lt-' || n || ' pul ' || n, 'pul ' || n
            from generate_series(${from}::int, ${to}::int) as n`)
      // Statements held until let go: the refresh ('change_seq >') and the build's batches ('limit').
      const held = new Map<
        string,
        { wait: Promise<void>; go: () => void; reached: Promise<void>; reach: () => void }
      >()
      const hold = (marker: string) => {
        let go = () => {}
        let reach = () => {}
        const wait = new Promise<void>((resolve) => {
          go = resolve
        })
        const reached = new Promise<void>((resolve) => {
          reach = resolve
        })
        held.set(marker, { wait, go, reached, reach })
      }
      const release = (marker: string) => {
        held.get(marker)?.go()
        held.delete(marker)
      }
      const dialect = (database.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } })
        .dialect
      const db = new Proxy(database.db, {
        get(target, key) {
          const value = Reflect.get(target, key, target)
          if (key !== 'execute') return typeof value === 'function' ? value.bind(target) : value
          return async (query: Parameters<typeof target.execute>[0]) => {
            const text = dialect.sqlToQuery(query).sql
            for (const [marker, { wait, reach }] of held) {
              if (!text.includes(marker)) continue
              reach()
              await wait
            }
            return target.execute(query)
          }
        },
      })
      await insert(1, 40)
      const index = new SearchIndex()
      const built = await index.current(db)
      const [row] = await queryRows<{ id: number; seq: string }>(
        database.db,
        sql`select id, change_seq::text as seq from products where code = 'LT-7'`,
      )
      await insert(41, 60)
      hold('change_seq >')
      hold('limit')
      const refreshing = held.get('change_seq >')!.reached
      const checked = index.current(db)
      // While the check reads the 20 new products: a change that commits with a number below the highest
      // seen, and the message naming it.
      await refreshing
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.execute(sql`update products set search_text = 'lt-7 zqlatecomer', search_name = 'zqlatecomer',
            change_seq = ${row!.seq} where id = ${row!.id}`)
      })
      index.apply({ list: productKey(row!.id) })
      release('change_seq >')
      expect(await checked).toBe(built)
      // The rebuild waits on its first batch; the index still answering must find the change.
      const view = await index.current(db)
      expect(view).toBe(built)
      const q = rankQuery('zqlatecomer', [['zqlatecomer']])
      expect(SearchIndex.suggestions(view, q, 10).map((entry) => entry.id)).toEqual([row!.id])
      release('limit')
      await index.settled()
      const rebuilt = await index.current(db)
      expect(rebuilt).not.toBe(built)
      expect(SearchIndex.suggestions(rebuilt, q, 10).map((entry) => entry.id)).toEqual([row!.id])
    } finally {
      await database.close()
    }
  })

  it('once a quarter of the listed products were added since the build, and once a quarter are dead, serving the old one meanwhile', async () => {
    const database = await createTestDatabase()
    try {
      const [currency] = await queryRows<{ id: number }>(
        database.db,
        sql`insert into currencies (code, name, symbol, exchange_rate, is_default) values ('TRY', 'Türk Lirası', '₺', 1, true) returning id`,
      )
      const insert = (from: number, to: number) =>
        database.db.execute(sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate,
              quantity, name_sort, search_text, search_name)
            select 'RB-' || n, 'Somun ' || n, 'rb-' || n, ${currency!.id}, '10', 20, 5,
              ${turkishSortKey('Somun')} || n, 'rb-' || n || ' somun ' || n, 'somun ' || n
            from generate_series(${from}::int, ${to}::int) as n`)
      await insert(1, 40)
      const index = new SearchIndex()
      const built = await index.current(database.db)
      expect(built.live).toBe(40)
      // Ten added (10 of 50 live, not past a quarter): read into the tails, no rebuild.
      await insert(41, 50)
      expect(await index.current(database.db)).toBe(built)
      await index.settled()
      expect(await index.current(database.db)).toBe(built)
      expect(built.addedSinceBuild).toBe(10)
      // Ten more (20 of 60): the check that reads them starts a rebuild and still answers with the old one.
      await insert(51, 60)
      expect(await index.current(database.db)).toBe(built)
      await index.settled()
      const rebuilt = await index.current(database.db)
      expect(rebuilt).not.toBe(built)
      expect([rebuilt.live, rebuilt.addedSinceBuild, rebuilt.dead]).toEqual([60, 0, 0])
      // Fourteen delisted (14 dead against 46 live): rebuilt again, without them.
      await database.db.execute(
        sql`update products set is_active = false where code in (${sql.join(
          Array.from({ length: 14 }, (_, i) => sql`${`RB-${i + 1}`}`),
          sql`, `,
        )})`,
      )
      expect(await index.current(database.db)).toBe(rebuilt)
      await index.settled()
      const again = await index.current(database.db)
      expect(again).not.toBe(rebuilt)
      expect([again.live, again.dead]).toEqual([46, 0])
    } finally {
      await database.close()
    }
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapSchema } from '../../../contracts/bootstrap'
import { campaignsResponseSchema } from '../../../contracts/campaigns'
import {
  type CategoryNode,
  categoryTreeSchema,
  productDetailSchema,
  productListSchema,
} from '../../../contracts/catalog'
import { normaliseSearchText, searchDocument } from '../../../domain/search-query'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { DEALER, seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { loadTranslations, saveTranslations } from './translations.service'

/**
 * /en answers carry the stored English names of categories, units, payment plans,
 * campaigns and the special-code heading; a name with no English stored stays Turkish; Turkish
 * answers never change.
 */
let t: TestApp
let dealer: TestClient
const ids = { root: 0, leaf: 0, plain: 0, product: 0, campaign: 0, plainCampaign: 0, plan: 0, cash: 0 }

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(t.database.db, query))[0]!
}

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  const db = t.database.db
  ids.root = (
    await one<{ id: number }>(sql`insert into categories (code, name, slug, path, depth)
      values ('tr-elektrik', 'Elektrik Ürünleri', 'tr-elektrik', 'tr-elektrik', 0) returning id`)
  ).id
  ids.leaf = (
    await one<{ id: number }>(sql`insert into categories (code, parent_id, name, slug, path, depth)
      values ('tr-kablolar', ${ids.root}, 'Kablolar', 'tr-kablolar', 'tr-elektrik/tr-kablolar', 1) returning id`)
  ).id
  ids.plain = (
    await one<{ id: number }>(sql`insert into categories (code, name, slug, path, depth)
      values ('tr-hirdavat', 'Hırdavat Çeşitleri', 'tr-hirdavat', 'tr-hirdavat', 0) returning id`)
  ).id
  const product = async (code: string, categoryId: number) =>
    (
      await one<{
        id: number
      }>(sql`insert into products (code, name, seo, category_id, currency_id, sale_price,
          list_price, tax_rate, quantity, name_sort, ozelkod, search_text, search_name)
        values (${code}, ${`Çevirmelik ${code}`}, ${code.toLowerCase()}, ${categoryId},
          (select id from currencies where code = 'TRY'), 100, 120, 20, 50, ${turkishSortKey(code)}, 'OZ-1',
          ${searchDocument([code, `Çevirmelik ${code}`])}, ${normaliseSearchText(`Çevirmelik ${code}`)})
        returning id`)
    ).id
  ids.product = await product('TRN-1', ids.leaf)
  const other = await product('TRN-2', ids.plain)
  for (const [productId, units] of [
    [ids.product, ['Adet', 'Koli', 'Çuval']],
    [other, ['Adet']],
  ] as const) {
    for (const [i, unit] of units.entries()) {
      await db.execute(sql`insert into product_units (product_id, value, multiplier, default_price, list_price,
          is_default, sort_order) values (${productId}, ${unit}, ${i === 0 ? 1 : 10 * i}, 100, 120, ${i === 0}, ${i})`)
    }
  }
  ids.campaign = (
    await one<{ id: number }>(
      sql`insert into campaigns (code, name, sort_order) values (${`HF-${Date.now()}`}, 'Haftanın Fırsatları', 0) returning id`,
    )
  ).id
  ids.plainCampaign = (
    await one<{ id: number }>(
      sql`insert into campaigns (code, name, sort_order) values (${`YI-${Date.now()}`}, 'Yaz İndirimi', 1) returning id`,
    )
  ).id
  for (const campaignId of [ids.campaign, ids.plainCampaign]) {
    await db.execute(
      sql`insert into campaign_products (campaign_id, product_id) values (${campaignId}, ${ids.product})`,
    )
  }
  ids.cash = (await one<{ id: number }>(sql`select id from payment_plans where name = 'Peşin'`)).id
  ids.plan = (
    await one<{ id: number }>(sql`insert into payment_plans (name, price_name, sort_order)
      values ('30 Gün Vadeli', 'advencePrice1', 5) returning id`)
  ).id
  await setStoreSetting(db, 'b2b_urun_detay_ozel_kod_gosterim', true)
  await saveTranslations({ db, caches: t.deps.caches }, 'en', [
    { kind: 'category', key: String(ids.root), text: 'Electrical Products' },
    { kind: 'category', key: String(ids.leaf), text: 'Cables' },
    { kind: 'unit', key: 'Adet', text: 'Piece' },
    { kind: 'unit', key: 'Koli', text: 'Case' },
    { kind: 'campaign', key: String(ids.campaign), text: 'Deals of the Week' },
    { kind: 'paymentPlan', key: String(ids.plan), text: '30 Days Credit' },
    { kind: 'setting', key: 'b2b_urun_detay_ozel_kod_baslik', text: 'Special Code' },
  ])
  dealer = new TestClient(t.app)
  expect((await dealer.login(DEALER.email, DEALER.password)).statusCode).toBe(200)
})
afterAll(() => t.close())

const api = (locale: 'tr' | 'en', url: string) =>
  dealer.send({ method: 'GET', url, headers: { 'accept-language': locale } })

async function json<T>(locale: 'tr' | 'en', url: string, schema: { parse: (v: unknown) => T }): Promise<T> {
  const res = await api(locale, url)
  expect(res.statusCode, res.body).toBe(200)
  return schema.parse(res.json())
}

const flat = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flat(n.children)])

describe('English answers carry stored English names, Turkish where none is stored', () => {
  it('list page: category, breadcrumbs and units', async () => {
    const en = await json('en', '/api/catalog/products/tr-kablolar', productListSchema)
    expect(en.category?.name).toBe('Cables')
    expect(en.breadcrumbs.map((b) => b.name)).toEqual(['Electrical Products', 'Cables'])
    const item = en.items.find((p) => p.id === ids.product)!
    expect(item.category?.name).toBe('Cables')
    expect(item.units.map((u) => u.value)).toEqual(['Piece', 'Case', 'Çuval'])
    expect(item.defaultUnit?.value).toBe('Piece')

    const tr = await json('tr', '/api/catalog/products/tr-kablolar', productListSchema)
    expect(tr.category?.name).toBe('Kablolar')
    expect(tr.breadcrumbs.map((b) => b.name)).toEqual(['Elektrik Ürünleri', 'Kablolar'])
    expect(tr.items.find((p) => p.id === ids.product)!.units.map((u) => u.value)).toEqual([
      'Adet',
      'Koli',
      'Çuval',
    ])
  })

  it('search facets name categories in English, Turkish where none is stored', async () => {
    const en = await json('en', '/api/catalog/products?q=çevirmelik', productListSchema)
    const names = Object.fromEntries((en.facets?.categories ?? []).map((c) => [c.id, c.name]))
    expect(names).toEqual({ [ids.leaf]: 'Cables', [ids.plain]: 'Hırdavat Çeşitleri' })
    const tr = await json('tr', '/api/catalog/products?q=çevirmelik', productListSchema)
    expect(tr.facets?.categories.find((c) => c.id === ids.leaf)?.name).toBe('Kablolar')
  })

  it('a category with no English stored keeps its Turkish name', async () => {
    const en = await json('en', '/api/catalog/products/tr-hirdavat', productListSchema)
    expect(en.category?.name).toBe('Hırdavat Çeşitleri')
    expect(en.items[0]?.category?.name).toBe('Hırdavat Çeşitleri')
  })

  it('detail page', async () => {
    const en = await json('en', `/api/catalog/product/${ids.product}`, productDetailSchema)
    expect(en.category?.name).toBe('Cables')
    expect(en.units.map((u) => u.value)).toEqual(['Piece', 'Case', 'Çuval'])
    const tr = await json('tr', `/api/catalog/product/${ids.product}`, productDetailSchema)
    expect(tr.category?.name).toBe('Kablolar')
    expect(tr.defaultUnit?.value).toBe('Adet')
  })

  it('variant family: dimension names and option values, on the parent and on a child', async () => {
    const db = t.database.db
    const parent = (
      await one<{
        id: number
      }>(sql`insert into products (code, name, seo, category_id, currency_id, sale_price,
          tax_rate, quantity, name_sort, variant_dimensions)
        values ('TRN-V', 'Çevirmelik Yelek', 'trn-v', ${ids.leaf}, (select id from currencies where code = 'TRY'),
          100, 20, 0, ${turkishSortKey('Çevirmelik Yelek')}, array['Renk', 'Beden']) returning id`)
    ).id
    const child = async (code: string, values: string[]) =>
      (
        await one<{
          id: number
        }>(sql`insert into products (code, name, seo, parent_id, category_id, currency_id,
            sale_price, tax_rate, quantity, name_sort, variant_values)
          values (${code}, 'Çevirmelik Yelek', ${code.toLowerCase()}, ${parent}, ${ids.leaf},
            (select id from currencies where code = 'TRY'), 100, 20, 5, ${turkishSortKey('Çevirmelik Yelek')},
            ${sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`)}) returning id`)
      ).id
    const red = await child('TRN-V-1', ['Kırmızı', 'M'])
    await child('TRN-V-2', ['Lacivert', 'L'])
    await saveTranslations({ db, caches: t.deps.caches }, 'en', [
      { kind: 'variant', key: 'Renk', text: 'Colour' },
      { kind: 'variant', key: 'Kırmızı', text: 'Red' },
    ])
    const en = await json('en', `/api/catalog/product/${parent}`, productDetailSchema)
    // Beden and Lacivert have no English stored: they stay Turkish, never blank.
    expect(en.varyantx?.dimensions).toEqual(['Colour', 'Beden'])
    expect(en.varyantx?.children.map((c) => c.values)).toEqual([
      ['Red', 'M'],
      ['Lacivert', 'L'],
    ])
    const enChild = await json('en', `/api/catalog/product/${red}`, productDetailSchema)
    expect(enChild.variantValues).toEqual(['Red', 'M'])
    expect(enChild.varyantx?.dimensions).toEqual(['Colour', 'Beden'])
    const tr = await json('tr', `/api/catalog/product/${red}`, productDetailSchema)
    expect(tr.variantValues).toEqual(['Kırmızı', 'M'])
    expect(tr.varyantx?.dimensions).toEqual(['Renk', 'Beden'])
  })

  it('cart: the line unit and the unit choices, on every answer that carries lines', async () => {
    const koli = (
      await one<{ id: number }>(
        sql`select id from product_units where product_id = ${ids.product} and value = 'Koli'`,
      )
    ).id
    const added = await dealer.send({
      method: 'POST',
      url: `/api/catalog/cart/${ids.product}`,
      headers: { 'accept-language': 'en', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ quantity: '1', productValue: String(koli) }).toString(),
    })
    try {
      expect(added.statusCode, added.body).toBe(200)
      expect(added.json().item.productUnit.value).toBe('Case')
      const en = await api('en', '/api/catalog/cart')
      const line = en.json().items.find((l: { product: { id: number } }) => l.product.id === ids.product)
      expect(line.productUnit.value).toBe('Case')
      expect(line.product.units.map((u: { value: string }) => u.value)).toEqual(['Piece', 'Case', 'Çuval'])
      const tr = await api('tr', '/api/catalog/cart')
      expect(tr.json().items[0].productUnit.value).toBe('Koli')
      const changed = await dealer.send({
        method: 'PATCH',
        url: `/api/catalog/cart/${line.id}`,
        headers: { 'accept-language': 'en' },
        payload: { quantity: 2 },
      })
      expect(changed.json().items[0].productUnit.value).toBe('Case')
    } finally {
      await dealer.send({ method: 'DELETE', url: '/api/catalog/cart' })
    }
  })

  it("orders and offers: their lines name the unit in the reader's language (the snapshot stays Turkish)", async () => {
    const koli = (
      await one<{ id: number }>(
        sql`select id from product_units where product_id = ${ids.product} and value = 'Koli'`,
      )
    ).id
    const adet = (
      await one<{ id: number }>(
        sql`select id from product_units where product_id = ${ids.product} and value = 'Adet'`,
      )
    ).id
    const add = (unitId: number) =>
      dealer.send({
        method: 'POST',
        url: `/api/catalog/cart/${ids.product}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ quantity: '1', productValue: String(unitId) }).toString(),
      })
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    try {
      await add(adet)
      await add(koli)
      const placed = await dealer.send({
        method: 'POST',
        url: '/api/catalog/cart',
        headers: { ...form, 'accept-language': 'en' },
        payload: '',
      })
      expect(placed.statusCode, placed.body).toBe(200)
      const units = (order: { orderItems: { unit: string }[] }) => order.orderItems.map((i) => i.unit).sort()
      expect(units(placed.json())).toEqual(['Case', 'Piece'])
      const id = placed.json().id
      expect(units((await api('en', `/api/catalog/order/${id}`)).json())).toEqual(['Case', 'Piece'])
      expect(units((await api('tr', `/api/catalog/order/${id}`)).json())).toEqual(['Adet', 'Koli'])
      const enList = (await api('en', '/api/catalog/orders')).json()
      expect(units(enList.items.find((o: { id: number }) => o.id === id))).toEqual(['Case', 'Piece'])
      const cancelled = await dealer.send({
        method: 'PATCH',
        url: `/api/catalog/order/${id}`,
        headers: { 'accept-language': 'en' },
        payload: { cancel: true },
      })
      expect(units(cancelled.json())).toEqual(['Case', 'Piece'])

      await add(adet)
      const made = await dealer.send({
        method: 'POST',
        url: '/api/catalog/cart/offer',
        headers: { ...form, 'accept-language': 'en' },
        payload: '',
      })
      expect(made.statusCode, made.body).toBe(200)
      expect(made.json().offerItems.map((i: { unit: string }) => i.unit)).toEqual(['Piece'])
      const offers = (locale: 'tr' | 'en') =>
        api(locale, '/api/catalog/offers').then((res) =>
          res.json().items.find((o: { id: number }) => o.id === made.json().id),
        )
      expect((await offers('en')).offerItems.map((i: { unit: string }) => i.unit)).toEqual(['Piece'])
      expect((await offers('tr')).offerItems.map((i: { unit: string }) => i.unit)).toEqual(['Adet'])
      // The offer's mail in English names it so too.
      const offerNo = made.json().orderNo
      await dealer.send({
        method: 'PATCH',
        url: '/api/catalog/offer/update/customer',
        payload: {
          [offerNo]: {
            customerName: 'Jane Doe',
            customerCompanyName: 'Doe Ltd',
            customerEmail: 'jane@doe.example',
            customerPhone: '',
          },
        },
      })
      const mailed = await dealer.send({
        method: 'PATCH',
        url: `/api/catalog/offer/mail/${made.json().id}`,
        headers: { 'accept-language': 'en' },
      })
      expect(mailed.statusCode, mailed.body).toBe(200)
      const mail = await one<{ text: string }>(
        sql`select text from mail_outbox where offer_id = ${made.json().id} order by id desc limit 1`,
      )
      expect(mail.text).toContain('Piece')
      expect(mail.text).not.toContain('Adet')
    } finally {
      await dealer.send({ method: 'DELETE', url: '/api/catalog/cart' })
    }
  })

  it('category tree', async () => {
    const en = flat((await json('en', '/api/catalog/categories', categoryTreeSchema)).categories)
    const name = (nodes: CategoryNode[], id: number) => nodes.find((n) => n.id === id)?.name
    expect([name(en, ids.root), name(en, ids.leaf), name(en, ids.plain)]).toEqual([
      'Electrical Products',
      'Cables',
      'Hırdavat Çeşitleri',
    ])
    const tr = flat((await json('tr', '/api/catalog/categories', categoryTreeSchema)).categories)
    expect(name(tr, ids.leaf)).toBe('Kablolar')
  })

  it('campaigns: titles and card units', async () => {
    const en = (await json('en', '/api/catalog/campaigns', campaignsResponseSchema)).campaigns
    expect(en.map((c) => c.name)).toEqual(['Deals of the Week', 'Yaz İndirimi'])
    expect(en[0]!.products[0]!.defaultUnit).toBe('Piece')
    const tr = (await json('tr', '/api/catalog/campaigns', campaignsResponseSchema)).campaigns
    expect(tr.map((c) => c.name)).toEqual(['Haftanın Fırsatları', 'Yaz İndirimi'])
    expect(tr[0]!.products[0]!.defaultUnit).toBe('Adet')
  })

  it('bootstrap: payment plans and the special-code heading', async () => {
    const en = await json('en', '/api/bootstrap', bootstrapSchema)
    const plans = (b: typeof en) => Object.fromEntries(b.paymentPlans.map((p) => [p.id, p.name]))
    expect(plans(en)).toMatchObject({ [ids.plan]: '30 Days Credit', [ids.cash]: 'Peşin' })
    expect(en.settings.b2b_urun_detay_ozel_kod_baslik).toBe('Special Code')
    const tr = await json('tr', '/api/bootstrap', bootstrapSchema)
    expect(plans(tr)).toMatchObject({ [ids.plan]: '30 Gün Vadeli', [ids.cash]: 'Peşin' })
    expect(tr.settings.b2b_urun_detay_ozel_kod_baslik).toBe('Özel Kod')
  })

  it('the /en page embeds the English names; the Turkish page the Turkish ones', async () => {
    const embedded = async (url: string) => {
      const res = await dealer.send({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      const match = /<script id="bootstrap" type="application\/json">(.*?)<\/script>/s.exec(res.body)
      return bootstrapSchema.parse(JSON.parse(match![1]!))
    }
    const en = await embedded('/en/urunler')
    expect(en.paymentPlans.find((p) => p.id === ids.plan)?.name).toBe('30 Days Credit')
    expect(en.settings.b2b_urun_detay_ozel_kod_baslik).toBe('Special Code')
    const tr = await embedded('/urunler')
    expect(tr.paymentPlans.find((p) => p.id === ids.plan)?.name).toBe('30 Gün Vadeli')
  })
})

describe('saveTranslations', () => {
  it('a blank text removes the translation, so the Turkish shows again', async () => {
    const data = { db: t.database.db, caches: t.deps.caches }
    await saveTranslations(data, 'en', [{ kind: 'unit', key: 'Çuval', text: 'Sack' }])
    expect((await loadTranslations(data, 'en')).text('unit', 'Çuval', 'Çuval')).toBe('Sack')
    await saveTranslations(data, 'en', [{ kind: 'unit', key: 'Çuval', text: '  ' }])
    expect((await loadTranslations(data, 'en')).text('unit', 'Çuval', 'Çuval')).toBe('Çuval')
    const rows = await queryRows(t.database.db, sql`select 1 from translations where key = 'Çuval'`)
    expect(rows).toHaveLength(0)
  })

  it('replaces a stored text and is seen at once with caches on', async () => {
    const cached = await createTestApp({ database: t.database, cacheSeconds: 60 })
    try {
      const data = { db: t.database.db, caches: cached.deps.caches }
      expect((await loadTranslations(data, 'en')).text('campaign', ids.plainCampaign, 'Yaz İndirimi')).toBe(
        'Yaz İndirimi',
      )
      await saveTranslations(data, 'en', [
        { kind: 'campaign', key: String(ids.plainCampaign), text: 'Summer Sale' },
      ])
      expect((await loadTranslations(data, 'en')).text('campaign', ids.plainCampaign, 'Yaz İndirimi')).toBe(
        'Summer Sale',
      )
      await saveTranslations(data, 'en', [
        { kind: 'campaign', key: String(ids.plainCampaign), text: 'Summer Deals' },
      ])
      expect((await loadTranslations(data, 'en')).text('campaign', ids.plainCampaign, 'Yaz İndirimi')).toBe(
        'Summer Deals',
      )
    } finally {
      await cached.close()
      await saveTranslations({ db: t.database.db, caches: t.deps.caches }, 'en', [
        { kind: 'campaign', key: String(ids.plainCampaign), text: '' },
      ])
    }
  })

  it('the table refuses Turkish rows, unknown kinds and blank texts', async () => {
    const insert = (kind: string, locale: string, text: string) =>
      t.database.db.execute(
        sql`insert into translations (kind, key, locale, text) values (${kind}, 'x', ${locale}, ${text})`,
      )
    await expect(insert('unit', 'tr', 'Adet')).rejects.toThrow()
    await expect(insert('brand', 'en', 'Brand')).rejects.toThrow()
    await expect(insert('unit', 'en', ' ')).rejects.toThrow()
  })
})

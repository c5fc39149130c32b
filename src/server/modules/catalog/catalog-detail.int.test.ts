import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDetail } from '../../../contracts/catalog'
import { escapeHtml } from '../../security/escape-html'
import { queryRows } from '../../test/db-helpers'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp({ demo: true })
  dealer = new TestClient(t.app)
  await dealer.login('bayi@toptan.test', 'Bayi1234!')
})
afterAll(() => t.close())

const detail = async (id: number): Promise<ProductDetail> => {
  const res = await dealer.send({ method: 'GET', url: `/api/catalog/product/${id}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('GET /api/catalog/product/{id}', () => {
  it('answers a product with its units, default unit and stock per warehouse', async () => {
    const [p] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id from products p where p.parent_id is null and p.variant_dimensions is null
          and (select count(*) from product_units u where u.product_id = p.id) >= 2 order by p.id limit 1`,
    )
    const product = await detail(p!.id)
    expect(product.units.length).toBeGreaterThanOrEqual(2)
    expect(product.defaultUnit?.isDefault).toBe(true)
    const boxes = product.units.find((u) => u.multiplier > 1)!
    expect(boxes.defaultPrice!.value).toBeGreaterThan(product.defaultUnit!.defaultPrice!.value)
    expect(product.inventory).toHaveLength(3)
    expect(product.inventory!.reduce((sum, w) => sum + w.quantity, 0)).toBe(product.quantity)
    expect(product.url).toBe(`/${product.seo}-p-${product.id}`)
  })

  it('gives a variant parent its dimensions and children, and a child the same family', async () => {
    const [parent] = await queryRows<{ id: number; dims: number }>(
      t.database.db,
      sql`select id, array_length(variant_dimensions, 1) as dims from products
          where variant_dimensions is not null and array_length(variant_dimensions, 1) = 3 limit 1`,
    )
    const family = await detail(parent!.id)
    expect(family.varyantx?.dimensions).toHaveLength(3)
    expect(family.varyantx!.children.length).toBeGreaterThan(1)
    expect(family.varyantx!.children.every((c) => c.values.length === 3)).toBe(true)

    const childId = family.varyantx!.children[0]!.id
    const child = await detail(childId)
    expect(child.parentId).toBe(parent!.id)
    expect(child.variantValues).toEqual(family.varyantx!.children[0]!.values)
    expect(child.varyantx).toEqual(family.varyantx)
  })

  it('sanitizes the description: formatting stays, scripts and handlers go', async () => {
    const [p] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from products order by id limit 1`,
    )
    await t.database.db.execute(sql`update products set description =
      ${'<p onclick="steal()">İyi <strong>ürün</strong></p><script>alert(1)</script><a href="javascript:x()">a</a><img src="http://x/y.png" onerror="z()">'}
      where id = ${p!.id}`)
    const product = await detail(p!.id)
    expect(product.description).toContain('<p>İyi <strong>ürün</strong></p>')
    expect(product.description).not.toMatch(/script|onclick|onerror|javascript:/)
  })

  it.each([
    ['/api/catalog/product/99999999', 404],
    ['/api/catalog/product/0', 400],
    ['/api/catalog/product/abc', 400],
  ])('%s → %i', async (url, status) => {
    expect((await dealer.send({ method: 'GET', url })).statusCode).toBe(status)
  })

  it('answers 404 for a product taken off the catalogue', async () => {
    const [p] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from products order by id desc limit 1`,
    )
    await t.database.db.execute(sql`update products set is_active = false where id = ${p!.id}`)
    expect((await dealer.send({ method: 'GET', url: `/api/catalog/product/${p!.id}` })).statusCode).toBe(404)
  })
})

describe('product pages', () => {
  it("write the product's meta title, keywords and description into the HTML head", async () => {
    const [p] = await queryRows<{ id: number; seo: string; meta_title: string; meta_description: string }>(
      t.database.db,
      sql`select id, seo, meta_title, meta_description from products
          where meta_title is not null and meta_description is not null and is_active order by id limit 1`,
    )
    const res = await dealer.send({ method: 'GET', url: `/${p!.seo}-p-${p!.id}` })
    expect(res.statusCode).toBe(200)
    // Escaped as HTML: a product name may hold & or " (inches).
    expect(res.body).toContain(`<title>${escapeHtml(p!.meta_title)} | Toptan Dağıtım A.Ş.</title>`)
    expect(res.body).toMatch(/<meta name="description" content="[^"]+"/)
    expect(res.body).toMatch(/<meta name="keywords" content="[^"]+"/)
  })

  it('redirect a wrong slug with a right id to the right address, keeping language and query', async () => {
    const [p] = await queryRows<{ id: number; seo: string }>(
      t.database.db,
      sql`select id, seo from products where is_active order by id limit 1`,
    )
    const res = await dealer.send({ method: 'GET', url: `/en/old-name-p-${p!.id}?x=1` })
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe(`/en/${p!.seo}-p-${p!.id}?x=1`)
  })

  it('answer an unknown id with a real 404 page', async () => {
    const res = await dealer.send({ method: 'GET', url: '/bilinmeyen-urun-p-99999999' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<title>Sayfa bulunamadı')
  })
})

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CategoryNode } from '../../../contracts/catalog'
import type {
  StaffBrand,
  StaffBrandList,
  StaffCategory,
  StaffCategoryList,
  StaffWarehouse,
  StaffWarehouseList,
} from '../../../contracts/staff-catalogue'
import { auditTrail } from '../../test/audit'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

let t: TestApp
let owner: TestClient
let catalogue: TestClient
let readonly: TestClient
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 } })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { staffRole: 'owner', name: 'Selin Sahip' })
  catalogue = await loggedInUser(t, null, { staffRole: 'catalogue', name: 'Kemal Katalog' })
  readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
  dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
})
afterAll(() => t.close())

const tag = () => randomBytes(3).toString('hex').toUpperCase()
const send = (client: TestClient, method: 'POST' | 'PATCH', url: string, payload: object) =>
  client.send({ method, url, payload })
const get = async <T>(url: string, client = owner) => {
  const res = await client.send({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

async function category(body: object = {}, client = owner) {
  const code = `K-${tag()}`
  const res = await send(client, 'POST', '/yonetim/categories', { code, name: `Kategori ${code}`, ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as StaffCategory
}
const categories = async () => (await get<StaffCategoryList>('/yonetim/categories')).items
const dealerTree = async (locale = 'tr') =>
  (
    await dealer.send({
      method: 'GET',
      url: '/api/catalog/categories',
      headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' },
    })
  ).json().categories as CategoryNode[]
const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)])

describe('categories', () => {
  it('adds a tree with codes, English names and the last place among siblings; dealers see it at once', async () => {
    const top = await category({ nameEn: 'Hand tools' })
    const [a, b] = [await category({ parentId: top.id }), await category({ parentId: top.id })]
    expect([top.depth, a.depth, b.depth]).toEqual([0, 1, 1])
    expect(b.sortOrder).toBe(a.sortOrder + 1)
    const items = await categories()
    const at = (id: number) => items.findIndex((c) => c.id === id)
    expect(at(top.id)).toBeLessThan(at(a.id))
    expect(at(a.id)).toBeLessThan(at(b.id))
    expect(items[at(top.id)]).toMatchObject({ nameEn: 'Hand tools', productCount: 0, parentId: null })

    const names = flatten(await dealerTree('en')).map((n) => n.name)
    expect(names).toContain('Hand tools')
    expect(flatten(await dealerTree('tr')).map((n) => n.name)).toContain(a.name)
    const [created] = await auditTrail(t.database.db, 'category', top.id)
    expect(created).toMatchObject({ action: 'create', actorName: 'Selin Sahip' })
  })

  it('renames, moves and reorders; refuses a move under its own subcategory and a taken code', async () => {
    const top = await category()
    const child = await category({ parentId: top.id })
    const other = await category()
    const renamed = await send(catalogue, 'PATCH', `/yonetim/categories/${child.id}`, {
      name: 'Yeni Ad',
      parentId: other.id,
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Yeni Ad', parentId: other.id, depth: 1 })
    expect(flatten(await dealerTree()).find((n) => n.id === child.id)?.name).toBe('Yeni Ad')

    const cycle = await send(owner, 'PATCH', `/yonetim/categories/${other.id}`, { parentId: child.id })
    expect(cycle.statusCode).toBe(400)
    expect(cycle.json().error.fields.parentId).toMatch(/kendi alt kategorisinin altına konamaz/)
    const taken = await send(owner, 'POST', '/yonetim/categories', { code: top.code, name: 'X' })
    expect(taken.statusCode).toBe(409)
    const noParent = await send(owner, 'POST', '/yonetim/categories', {
      code: `K-${tag()}`,
      name: 'X',
      parentId: 999_999,
    })
    expect(noParent.statusCode).toBe(400)
    expect(Object.keys(noParent.json().error.fields)).toEqual(['parentId'])

    const [x, y, z] = [
      await category({ parentId: top.id }),
      await category({ parentId: top.id }),
      await category({ parentId: top.id }),
    ]
    const reordered = await send(owner, 'POST', '/yonetim/categories/reorder', {
      parentId: top.id,
      ids: [z.id, x.id, y.id],
    })
    expect(reordered.statusCode, reordered.body).toBe(200)
    const order = (reordered.json() as StaffCategoryList).items.filter((c) => c.parentId === top.id)
    expect(order.map((c) => c.id)).toEqual([z.id, x.id, y.id])
    const partial = await send(owner, 'POST', '/yonetim/categories/reorder', {
      parentId: top.id,
      ids: [z.id],
    })
    expect(partial.statusCode).toBe(400)
    expect((await auditTrail(t.database.db, 'category', child.id)).at(-1)!.changes).toEqual(
      expect.arrayContaining([{ field: 'name', old: child.name, new: 'Yeni Ad' }]),
    )
  })

  it('is read by every staff user and written by the catalogue role and the owner only', async () => {
    expect((await readonly.send({ method: 'GET', url: '/yonetim/categories' })).statusCode).toBe(200)
    const body = { code: `K-${tag()}`, name: 'Rol' }
    expect((await send(readonly, 'POST', '/yonetim/categories', body)).statusCode).toBe(403)
    expect((await dealer.send({ method: 'GET', url: '/yonetim/categories' })).statusCode).toBe(403)
    expect((await send(catalogue, 'POST', '/yonetim/categories', body)).statusCode).toBe(201)
  })
})

describe('brands and models', () => {
  it('adds and renames brands and their models, audited', async () => {
    const code = `M-${tag()}`
    const res = await send(catalogue, 'POST', '/yonetim/brands', { code, name: 'Kale' })
    expect(res.statusCode, res.body).toBe(201)
    const brand = res.json() as StaffBrand
    expect((await send(owner, 'POST', '/yonetim/brands', { code, name: 'İkinci' })).statusCode).toBe(409)
    const withModel = await send(owner, 'POST', `/yonetim/brands/${brand.id}/models`, {
      code: 'KM1',
      name: 'Pro',
    })
    expect(withModel.statusCode, withModel.body).toBe(201)
    const model = (withModel.json() as StaffBrand).models[0]!
    expect(model).toMatchObject({ code: 'KM1', name: 'Pro' })
    expect(
      (await send(owner, 'POST', `/yonetim/brands/${brand.id}/models`, { code: 'KM1', name: 'X' }))
        .statusCode,
    ).toBe(409)
    const renamed = await send(owner, 'PATCH', `/yonetim/brands/${brand.id}/models/${model.id}`, {
      name: 'Pro 2',
    })
    expect((renamed.json() as StaffBrand).models[0]!.name).toBe('Pro 2')
    await send(owner, 'PATCH', `/yonetim/brands/${brand.id}`, { name: 'Kale Kilit' })
    const listed = (await get<StaffBrandList>('/yonetim/brands')).items.find((b) => b.id === brand.id)
    expect(listed).toMatchObject({ name: 'Kale Kilit', productCount: 0, models: [{ name: 'Pro 2' }] })
    const trail = await auditTrail(t.database.db, 'brand', brand.id)
    expect(trail.map((r) => r.action)).toEqual(['create', 'create', 'update', 'update'])
    expect((await send(readonly, 'PATCH', `/yonetim/brands/${brand.id}`, { name: 'X' })).statusCode).toBe(403)
  })
})

describe('warehouses', () => {
  it('adds, renames and reorders warehouses, audited', async () => {
    const code = `D-${tag()}`
    const res = await send(owner, 'POST', '/yonetim/warehouses', { code, name: 'Ankara' })
    expect(res.statusCode, res.body).toBe(201)
    const made = res.json() as StaffWarehouse
    expect(made).toMatchObject({ code, name: 'Ankara', totalQuantity: 0 })
    expect((await send(owner, 'POST', '/yonetim/warehouses', { code, name: 'X' })).statusCode).toBe(409)
    const moved = await send(catalogue, 'PATCH', `/yonetim/warehouses/${made.id}`, {
      name: 'Ankara Depo',
      sortOrder: 0,
    })
    expect(moved.json()).toMatchObject({ name: 'Ankara Depo', sortOrder: 0 })
    const listed = (await get<StaffWarehouseList>('/yonetim/warehouses')).items
    expect(listed.some((w) => w.id === made.id)).toBe(true)
    expect((await auditTrail(t.database.db, 'warehouse', made.id)).map((r) => r.action)).toEqual([
      'create',
      'update',
    ])
    expect((await send(owner, 'PATCH', '/yonetim/warehouses/999999', { name: 'X' })).statusCode).toBe(404)
  })
})

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign } from '../../../contracts/campaigns'
import type { StaffCampaign, StaffCampaignList } from '../../../contracts/staff-campaigns'
import type { StaffProduct } from '../../../contracts/staff-products'
import { auditTrail } from '../../test/audit'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

let t: TestApp
let clock = Date.parse('2026-12-02T09:00:00Z')
let owner: TestClient
let catalogue: TestClient
let readonly: TestClient
let dealer: TestClient
let productIds: number[]

const tag = () => randomBytes(3).toString('hex').toUpperCase()

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), throttle: { maxPerIp: 10_000 } })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { staffRole: 'owner', name: 'Selin Sahip' })
  catalogue = await loggedInUser(t, null, { staffRole: 'catalogue', name: 'Kemal Katalog' })
  readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
  dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
  const cat = `K-${tag()}`
  await owner.send({
    method: 'POST',
    url: '/yonetim/categories',
    payload: { code: cat, name: 'Kampanya ürünleri' },
  })
  productIds = []
  for (const n of [1, 2, 3]) {
    const res = await owner.send({
      method: 'POST',
      url: '/yonetim/products',
      payload: {
        code: `KP-${tag()}`,
        name: `Kampanya Ürünü ${n}`,
        categoryCode: cat,
        salePrice: 10 * n,
        currency: 'TRY',
        taxRate: 20,
        stock: [],
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    productIds.push((res.json() as StaffProduct).id)
  }
})
afterAll(() => t.close())

const send = (client: TestClient, method: 'POST' | 'PATCH', url: string, payload: object) =>
  client.send({ method, url, payload })
const home = async (locale = 'tr') =>
  (
    await dealer.send({
      method: 'GET',
      url: '/api/catalog/campaigns',
      headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' },
    })
  ).json().campaigns as Campaign[]
async function create(body: object, client = owner) {
  const res = await send(client, 'POST', '/yonetim/campaigns', { name: `Fırsat ${tag()}`, ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as StaffCampaign
}

describe('the campaign editor', () => {
  it("creates a campaign that is on every dealer's home page at once, in both languages", async () => {
    const made = await create({
      nameEn: 'Weekly deals',
      rowCount: 2,
      slidesPerView: { phone: 1, tablet: 3, desktop: 5 },
      productIds: [productIds[2], productIds[0]],
    })
    expect(made).toMatchObject({ status: 'shown', rowCount: 2, productCount: 2, nameEn: 'Weekly deals' })
    expect(made.code).toBe(`WEB-${made.id}`)
    expect(made.products.map((p) => p.id)).toEqual([productIds[2], productIds[0]])

    const seen = (await home()).find((c) => c.id === made.id)!
    expect(seen).toMatchObject({
      name: made.name,
      rowCount: 2,
      slidesPerView: { phone: 1, tablet: 3, desktop: 5 },
    })
    expect(seen.products.map((p) => p.id)).toEqual([productIds[2], productIds[0]])
    expect((await home('en')).find((c) => c.id === made.id)!.name).toBe('Weekly deals')
    expect((await auditTrail(t.database.db, 'campaign', made.id))[0]).toMatchObject({ action: 'create' })
  })

  it('edits the title and products; the home page follows on the next request', async () => {
    const made = await create({ productIds: [productIds[0]] })
    const res = await send(catalogue, 'PATCH', `/yonetim/campaigns/${made.id}`, {
      name: 'Yılbaşı',
      productIds: [productIds[1], productIds[2]],
    })
    expect(res.statusCode, res.body).toBe(200)
    const seen = (await home()).find((c) => c.id === made.id)!
    expect(seen.name).toBe('Yılbaşı')
    expect(seen.products.map((p) => p.id)).toEqual([productIds[1], productIds[2]])
    const change = (await auditTrail(t.database.db, 'campaign', made.id)).at(-1)!
    expect(change).toMatchObject({ action: 'update', actorName: 'Kemal Katalog' })
    expect(change.changes.map((c) => c.field)).toEqual(['name', 'products'])
  })

  it('shows a campaign only between its dates and while switched on', async () => {
    const made = await create({
      productIds: [productIds[0]],
      startsAt: '2026-12-10T00:00:00+03:00',
      endsAt: '2026-12-20T00:00:00+03:00',
    })
    expect(made.status).toBe('scheduled')
    const shown = async () => (await home()).some((c) => c.id === made.id)
    expect(await shown()).toBe(false)
    clock = Date.parse('2026-12-15T09:00:00Z')
    expect(await shown()).toBe(true)
    clock = Date.parse('2026-12-19T21:00:00Z')
    expect(await shown()).toBe(false)
    const listed = (await (
      await owner.send({ method: 'GET', url: '/yonetim/campaigns' })
    ).json()) as StaffCampaignList
    expect(listed.items.find((c) => c.id === made.id)!.status).toBe('ended')
    clock = Date.parse('2026-12-02T09:00:00Z')

    const off = await create({ productIds: [productIds[0]], active: false })
    expect(off.status).toBe('off')
    expect((await home()).some((c) => c.id === off.id)).toBe(false)
  })

  it('puts campaigns in a new order on the home page', async () => {
    await create({ productIds: [productIds[0]] })
    const { items } = (await (
      await owner.send({ method: 'GET', url: '/yonetim/campaigns' })
    ).json()) as StaffCampaignList
    const reversed = items.map((c) => c.id).reverse()
    const res = await send(owner, 'POST', '/yonetim/campaigns/reorder', { ids: reversed })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as StaffCampaignList).items.map((c) => c.id)).toEqual(reversed)
    const shownOrder = (await home()).map((c) => c.id)
    expect(shownOrder).toEqual(reversed.filter((id) => shownOrder.includes(id)))
    expect(
      (await send(owner, 'POST', '/yonetim/campaigns/reorder', { ids: reversed.slice(1) })).statusCode,
    ).toBe(400)
  })

  it('refuses an end before the start, an unknown product, and writes from read-only staff', async () => {
    const backwards = await send(owner, 'POST', '/yonetim/campaigns', {
      name: 'Ters',
      startsAt: '2026-12-10T00:00:00Z',
      endsAt: '2026-12-09T00:00:00Z',
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error.fields.endsAt).toBe('Bitiş zamanı başlangıçtan sonra olmalıdır.')
    const made = await create({})
    const laterEnd = await send(owner, 'PATCH', `/yonetim/campaigns/${made.id}`, {
      endsAt: '2026-12-01T00:00:00Z',
      startsAt: '2026-12-05T00:00:00Z',
    })
    expect(laterEnd.statusCode).toBe(400)
    const unknown = await send(owner, 'PATCH', `/yonetim/campaigns/${made.id}`, { productIds: [999_999] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields.productIds).toContain('999999')
    expect((await send(readonly, 'POST', '/yonetim/campaigns', { name: 'X' })).statusCode).toBe(403)
    expect((await readonly.send({ method: 'GET', url: '/yonetim/campaigns' })).statusCode).toBe(200)
    expect((await send(owner, 'PATCH', '/yonetim/campaigns/999999', { name: 'X' })).statusCode).toBe(404)
  })
})

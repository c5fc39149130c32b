import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTITY_HISTORY_LIMIT, type EntityHistory } from '../../../contracts/audit'
import type { StaffCustomerDetail } from '../../../contracts/staff-customers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { faultReport, placeOrder, stockedProduct } from '../../test/owned-records'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

const NOW = new Date('2026-03-18T09:00:00Z')
let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let sales: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { name: 'Sahibe Nur' })
  sales = await loggedInUser(t, null, { staffRole: 'sales', name: 'Satışçı Mert' })
})
afterAll(() => t.close())

async function history(client: TestClient, entity: string, id: number | string): Promise<EntityHistory> {
  const res = await client.send({ method: 'GET', url: `/yonetim/history/${entity}/${id}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as EntityHistory
}

async function changeTerms(client: TestClient, id: number, payload: Record<string, unknown>) {
  const res = await client.send({ method: 'PATCH', url: `/yonetim/customers/${id}`, payload })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StaffCustomerDetail
}

async function addBranch(client: TestClient, id: number, name: string) {
  const res = await client.send({
    method: 'POST',
    url: `/yonetim/customers/${id}/branches`,
    payload: { name, address: 'Merkez' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as StaffCustomerDetail).branches.find((branch) => branch.name === name)!
}

describe('GET /yonetim/history/{entity}/{entityId}', () => {
  it("shows a sales user an order's changes, newest first: who, when and each field, without the address", async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const order = await placeOrder(dealer, await stockedProduct(t))
    expect((await history(sales, 'order', order.id)).items).toEqual([])

    for (const [client, status] of [
      [owner, 'processing'],
      [sales, 'shipped'],
    ] as const) {
      const res = await client.send({
        method: 'PATCH',
        url: `/yonetim/orders/${order.id}`,
        payload: { status },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const { items, total, limit } = await history(sales, 'order', order.id)
    expect({ total, limit }).toEqual({ total: 2, limit: ENTITY_HISTORY_LIMIT })
    expect(items.map((row) => [row.actor.name, row.action, row.changes])).toEqual([
      ['Satışçı Mert', 'status', [{ field: 'status', old: 'processing', new: 'shipped' }]],
      ['Sahibe Nur', 'status', [{ field: 'status', old: 'new', new: 'processing' }]],
    ])
    expect(items[0]).toMatchObject({ at: NOW.toISOString(), entity: 'order', entityId: String(order.id) })
    expect(items[0]).not.toHaveProperty('ip')
  })

  it("shows a company's changes with those of its own branches, and none of another company's", async () => {
    const company = await createCustomer(t.database.db)
    const other = await createCustomer(t.database.db)
    await changeTerms(sales, company.id, { paymentTermDays: 30 })
    const branch = await addBranch(sales, company.id, `Şube ${randomBytes(2).toString('hex')}`)
    const closed = await sales.send({
      method: 'PATCH',
      url: `/yonetim/customers/${company.id}/branches/${branch.id}`,
      payload: { active: false },
    })
    expect(closed.statusCode, closed.body).toBe(200)
    await addBranch(owner, other.id, 'Başka firmanın şubesi')
    await changeTerms(owner, other.id, { paymentTermDays: 60 })

    const { items, total } = await history(sales, 'customer', company.id)
    expect(total).toBe(3)
    expect(items.map((row) => [row.entity, row.entityId, row.action])).toEqual([
      ['branch', String(branch.id), 'update'],
      ['branch', String(branch.id), 'create'],
      ['customer', String(company.id), 'update'],
    ])
    expect(items[2]!.changes).toEqual([{ field: 'paymentTermDays', old: 0, new: 30 }])
    // A branch's own history is its alone.
    expect((await history(sales, 'branch', branch.id)).total).toBe(2)
  })

  it('answers the newest 20 of a longer history, with how many there are in all', async () => {
    const company = await createCustomer(t.database.db)
    const days = Array.from({ length: ENTITY_HISTORY_LIMIT + 3 }, (_, i) => i + 1)
    for (const paymentTermDays of days) await changeTerms(owner, company.id, { paymentTermDays })
    const { items, total } = await history(owner, 'customer', company.id)
    expect(total).toBe(days.length)
    expect(items).toHaveLength(ENTITY_HISTORY_LIMIT)
    expect(items[0]!.changes).toEqual([{ field: 'paymentTermDays', old: 22, new: 23 }])
    expect(items.at(-1)!.changes).toEqual([{ field: 'paymentTermDays', old: 3, new: 4 }])
  })

  it("opens to each role the history of its own areas' records, and refuses the rest with 403 staff_role", async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const report = await faultReport(t, company.id, dealer.user.id)
    const moved = await sales.send({
      method: 'PATCH',
      url: `/yonetim/fault-reports/${report}`,
      payload: { status: 'in_service', note: 'Servise alındı.' },
    })
    expect(moved.statusCode, moved.body).toBe(200)

    const catalogue = await loggedInUser(t, null, { staffRole: 'catalogue' })
    const accounting = await loggedInUser(t, null, { staffRole: 'accounting' })
    const asks: [TestClient, string, number | string, number][] = [
      [sales, `fault_report`, report, 200],
      [sales, 'customer', company.id, 200],
      [sales, 'bank_transfer', 1, 200],
      [sales, 'mail', 1, 403],
      [sales, 'store_setting', 'storeMailRecipients', 403],
      [accounting, 'fault_report', report, 200],
      [accounting, 'payment', 1, 200],
      [catalogue, 'fault_report', report, 403],
      [catalogue, 'customer', company.id, 403],
      [owner, 'mail', 1, 200],
    ]
    const answers = []
    for (const [client, entity, id] of asks) {
      const res = await client.send({ method: 'GET', url: `/yonetim/history/${entity}/${id}` })
      answers.push(res.statusCode === 403 ? `403 ${res.json().error.code}` : res.statusCode)
    }
    expect(answers).toEqual(asks.map(([, , , status]) => (status === 403 ? '403 staff_role' : status)))

    const read = await history(accounting, 'fault_report', report)
    expect(read.items[0]!.changes).toContainEqual({ field: 'status', old: 'new', new: 'in_service' })

    const asDealer = await dealer.send({ method: 'GET', url: `/yonetim/history/fault_report/${report}` })
    expect(asDealer.statusCode).toBe(403)
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await guest.send({ method: 'GET', url: `/yonetim/history/order/1` })).statusCode).toBe(401)
  })

  it('has no address for a kind of record the trail does not keep, and refuses an id that is none', async () => {
    expect((await owner.send({ method: 'GET', url: '/yonetim/history/orders/1' })).statusCode).toBe(404)
    const bad = await owner.send({ method: 'GET', url: '/yonetim/history/order/a%20b' })
    expect(bad.statusCode).toBe(400)
    // A company's id that is not a number names no branches, and no changes.
    expect(await history(owner, 'customer', 'x')).toEqual({ items: [], total: 0, limit: 20 })
  })
})

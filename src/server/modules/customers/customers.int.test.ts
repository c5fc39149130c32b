import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { StaffCustomerDetail, StaffCustomerList } from '../../../contracts/staff-customers'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { addOverdueInvoice, createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

const NOW = new Date('2026-03-18T09:00:00Z')
let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let sales: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null)
  sales = await loggedInUser(t, null, { staffRole: 'sales', name: `Satış ${randomBytes(2).toString('hex')}` })
})
afterAll(() => t.close())

const get = async <T>(client: TestClient, url: string) => {
  const res = await client.send({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}
const patch = (client: TestClient, id: number, payload: Record<string, unknown>) =>
  client.send({ method: 'PATCH', url: `/yonetim/customers/${id}`, payload })

const addBranchTo = (client: TestClient, id: number, payload: Record<string, unknown>) =>
  client.send({ method: 'POST', url: `/yonetim/customers/${id}/branches`, payload })

describe('GET /yonetim/customers', () => {
  it('finds companies by code, name or tax number with Turkish letters folded; % is a letter', async () => {
    const tag = randomBytes(3).toString('hex')
    const named = await createCustomer(t.database.db, {
      code: `X-${tag}`,
      name: `Işıklar Çelik ${tag}`,
      taxNumber: `99${tag.replace(/\D/g, '7')}01`,
    })
    const byName = await get<StaffCustomerList>(
      owner,
      `/yonetim/customers?q=${encodeURIComponent(`ISIKLAR celik ${tag}`)}`,
    )
    expect(byName.items.map((c) => [c.id, c.code, c.name])).toEqual([
      [named.id, `X-${tag}`, `Işıklar Çelik ${tag}`],
    ])
    expect(byName.items[0]).toMatchObject({ riskLimit: 0, profitPercent: 0, active: true, salesPerson: null })
    const byCode = await get<StaffCustomerList>(owner, `/yonetim/customers?q=x-${tag}`)
    expect(byCode.items.map((c) => c.id)).toEqual([named.id])
    const [row] = await queryRows<{ tax: string }>(
      t.database.db,
      sql`select tax_number as tax from customers where id = ${named.id}`,
    )
    const tax = row!.tax
    expect((await get<StaffCustomerList>(owner, `/yonetim/customers?q=${tax}`)).items[0]!.id).toBe(named.id)
    expect((await get<StaffCustomerList>(owner, '/yonetim/customers?q=%25%25')).items).toEqual([])
  })

  it('pages by 50, sorts by code or name either way, filters active, and ignores a nonsense value', async () => {
    const tag = randomBytes(3).toString('hex')
    for (let i = 0; i < 52; i++) {
      await createCustomer(t.database.db, {
        code: `P-${tag}-${String(i).padStart(2, '0')}`,
        name: `${String.fromCharCode(90 - (i % 26))} Firma ${tag} ${i}`,
        isActive: i % 10 !== 0,
      })
    }
    const first = await get<StaffCustomerList>(owner, `/yonetim/customers?q=p-${tag}`)
    expect([first.total, first.pages, first.items.length]).toEqual([52, 2, 50])
    expect(first.items[0]!.code).toBe(`P-${tag}-00`)
    const last = await get<StaffCustomerList>(owner, `/yonetim/customers?q=p-${tag}&page=9`)
    expect([last.page, last.items.map((c) => c.code)]).toEqual([2, [`P-${tag}-50`, `P-${tag}-51`]])
    const byName = await get<StaffCustomerList>(owner, `/yonetim/customers?q=p-${tag}&sort=name&dir=desc`)
    const names = byName.items.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
    const inactive = await get<StaffCustomerList>(owner, `/yonetim/customers?q=p-${tag}&active=false`)
    expect(inactive.total).toBe(6)
    const lenient = await get<StaffCustomerList>(
      owner,
      `/yonetim/customers?q=p-${tag}&active=maybe&sort=risk&dir=up&page=x`,
    )
    expect([lenient.total, lenient.page, lenient.items[0]!.code]).toEqual([52, 1, `P-${tag}-00`])
  })
})

describe('a company for staff', () => {
  it('shows its terms, branches, users and overdue figure', async () => {
    const company = await createCustomer(t.database.db)
    await addOverdueInvoice(t.database.db, company.id, '150.25', 12, '2026-03-18')
    const dealer = await loggedInUser(t, company.id)
    await addBranchTo(owner, company.id, { name: 'Merkez', address: 'Ataşehir' })
    const detail = await get<StaffCustomerDetail>(sales, `/yonetim/customers/${company.id}`)
    expect(detail).toMatchObject({
      id: company.id,
      code: company.code,
      overdue: { balance: 150.25, days: 12 },
      branches: [{ name: 'Merkez', address: 'Ataşehir', active: true }],
      users: [{ id: dealer.user.id, email: dealer.user.email, active: true }],
    })
    expect(detail.salesPeople.map((p) => p.id)).toEqual(
      expect.arrayContaining([owner.user.id, sales.user.id]),
    )
    expect((await sales.send({ method: 'GET', url: '/yonetim/customers/99999999' })).statusCode).toBe(404)
  })

  it('changes its terms, each field old → new in the audit trail; the dealer sees the new price adjustment', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const res = await patch(sales, company.id, {
      riskLimit: '25.000,50',
      profitPercent: -7.5,
      paymentTermDays: 45,
      salesUserId: sales.user.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      riskLimit: 25000.5,
      profitPercent: -7.5,
      paymentTermDays: 45,
      salesPerson: { id: sales.user.id, name: sales.user.name },
    })
    const boot = await get<Bootstrap>(dealer, '/api/bootstrap')
    expect(boot.user?.customer?.riskLimit).toBe(25000.5)
    const trail = await auditTrail(t.database.db, 'customer', company.id)
    expect(trail).toMatchObject([
      {
        actorUserId: sales.user.id,
        action: 'update',
        changes: [
          { field: 'riskLimit', old: '0.00', new: '25000.50' },
          { field: 'profitPercent', old: '0.00', new: '-7.50' },
          { field: 'paymentTermDays', old: 0, new: 45 },
          { field: 'salesUserId', old: null, new: sales.user.id },
        ],
      },
    ])
    // 0 is no limit; a closed company is listed as closed.
    const back = await patch(sales, company.id, { riskLimit: 0, active: false })
    expect(back.json()).toMatchObject({ riskLimit: 0, active: false })
  })

  it('refuses what is not a term: a bad amount, a dealer as sales person, nothing to change, another field', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    for (const body of [
      { riskLimit: '1.234' },
      { riskLimit: '-5' },
      { profitPercent: 1000 },
      { profitPercent: 1.234 },
      { paymentTermDays: 366 },
      {},
      { name: 'Başka' },
    ]) {
      const res = await patch(owner, company.id, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    const notStaff = await patch(owner, company.id, { salesUserId: dealer.user.id })
    expect(notStaff.statusCode).toBe(400)
    expect(notStaff.json().error.fields.salesUserId).toMatch(/Satış temsilcisi/)
    expect(await auditTrail(t.database.db, 'customer', company.id)).toEqual([])
    expect((await patch(owner, 99_999_999, { paymentTermDays: 5 })).statusCode).toBe(404)
  })

  it('adds, renames and closes a branch: a closed branch leaves the dealer’s choice and new orders', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const added = await addBranchTo(sales, company.id, { name: 'Kadıköy', address: '' })
    expect(added.statusCode, added.body).toBe(200)
    const branch = (added.json() as StaffCustomerDetail).branches[0]!
    await addBranchTo(sales, company.id, { name: 'Ümraniye' })
    const renamed = await sales.send({
      method: 'PATCH',
      url: `/yonetim/customers/${company.id}/branches/${branch.id}`,
      payload: { name: 'Kadıköy Şube', active: false },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((renamed.json() as StaffCustomerDetail).branches.map((b) => [b.name, b.active])).toEqual([
      ['Kadıköy Şube', false],
      ['Ümraniye', true],
    ])
    const boot = await get<Bootstrap>(dealer, '/api/bootstrap')
    expect(boot.user?.customer?.branches.map((b) => b.name)).toEqual(['Ümraniye'])
    const chosen = await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'branch', value: branch.id },
    })
    expect(chosen.statusCode).toBe(400)
    expect((await auditTrail(t.database.db, 'branch', branch.id)).map((row) => row.changes)).toEqual([
      [
        { field: 'customerId', old: null, new: company.id },
        { field: 'name', old: null, new: 'Kadıköy' },
      ],
      [
        { field: 'name', old: 'Kadıköy', new: 'Kadıköy Şube' },
        { field: 'active', old: true, new: false },
      ],
    ])
    // Another company's branch is not found under this company.
    const other = await createCustomer(t.database.db)
    const wrong = await sales.send({
      method: 'PATCH',
      url: `/yonetim/customers/${other.id}/branches/${branch.id}`,
      payload: { active: true },
    })
    expect(wrong.statusCode).toBe(404)
  })

  it('is read by sales, accounting and read-only staff; only owner and sales change it', async () => {
    const company = await createCustomer(t.database.db)
    for (const staffRole of ['accounting', 'readonly'] as const) {
      const staff = await loggedInUser(t, null, { staffRole })
      expect((await staff.send({ method: 'GET', url: `/yonetim/customers/${company.id}` })).statusCode).toBe(
        200,
      )
      expect((await patch(staff, company.id, { paymentTermDays: 10 })).statusCode).toBe(403)
      expect((await addBranchTo(staff, company.id, { name: 'X' })).statusCode).toBe(403)
    }
    const catalogue = await loggedInUser(t, null, { staffRole: 'catalogue' })
    expect((await catalogue.send({ method: 'GET', url: '/yonetim/customers' })).statusCode).toBe(403)
    const dealer = await loggedInUser(t, company.id)
    expect((await dealer.send({ method: 'GET', url: `/yonetim/customers/${company.id}` })).statusCode).toBe(
      403,
    )
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await guest.send({ method: 'GET', url: '/yonetim/customers' })).statusCode).toBe(401)
  })

  it("gives staff the company's statement and CSV exactly as its dealer reads them", async () => {
    const company = await createCustomer(t.database.db)
    await addOverdueInvoice(t.database.db, company.id, '480.40', 20, '2026-03-18')
    const dealer = await loggedInUser(t, company.id)
    const range = 'from=2026-01-01&to=2026-03-18'
    const own = await dealer.send({ method: 'GET', url: `/api/account/statement?${range}` })
    const staff = await sales.send({
      method: 'GET',
      url: `/yonetim/customers/${company.id}/statement?${range}`,
    })
    expect(staff.statusCode, staff.body).toBe(200)
    expect(staff.json()).toEqual(own.json())
    expect(staff.json().entries).toHaveLength(1)
    const ownCsv = await dealer.send({ method: 'GET', url: `/api/account/statement.csv?${range}` })
    const staffCsv = await sales.send({
      method: 'GET',
      url: `/yonetim/customers/${company.id}/statement.csv?${range}`,
    })
    expect(staffCsv.statusCode).toBe(200)
    expect(staffCsv.headers['content-disposition']).toBe(ownCsv.headers['content-disposition'])
    expect(staffCsv.body).toBe(ownCsv.body)
    expect(
      (await sales.send({ method: 'GET', url: '/yonetim/customers/99999999/statement' })).statusCode,
    ).toBe(404)
    const catalogue = await loggedInUser(t, null, { staffRole: 'catalogue' })
    expect(
      (await catalogue.send({ method: 'GET', url: `/yonetim/customers/${company.id}/statement` })).statusCode,
    ).toBe(403)
  })
})

import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditList, AuditRow } from '../../../contracts/audit'
import type { BankTransferResponse } from '../../../contracts/bank-transfers'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { recordAudit } from './audit.service'

const NOW = new Date('2026-03-18T09:00:00Z')
const TODAY = '2026-03-18'
let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { name: `Denetçi ${randomBytes(3).toString('hex')}` })
})
afterAll(() => t.close())

const receipt = () => `AUD-${randomBytes(4).toString('hex')}`

async function audit(client: TestClient, query: string): Promise<AuditList> {
  const res = await client.send({ method: 'GET', url: `/yonetim/audit${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as AuditList
}

async function enterTransfer(client: TestClient, customerId: number, documentNo = receipt()) {
  const res = await client.send({
    method: 'POST',
    url: '/yonetim/bank-transfers',
    payload: { customerId, amount: '1.250,50', date: TODAY, documentNo, description: 'Şube havalesi' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return { id: (res.json() as BankTransferResponse).entryId, documentNo }
}

describe('the audit trail', () => {
  it('records a bank transfer entered: who, when, from where, and every field from nothing', async () => {
    const company = await createCustomer(t.database.db)
    const { id, documentNo } = await enterTransfer(owner, company.id)
    const { items, total } = await audit(owner, `?entity=bank_transfer&entityId=${id}`)
    expect(total).toBe(1)
    expect(items[0]).toMatchObject<Partial<AuditRow>>({
      at: NOW.toISOString(),
      actor: { id: owner.user.id, name: owner.user.name },
      entity: 'bank_transfer',
      entityId: String(id),
      action: 'create',
      changes: [
        { field: 'customerId', old: null, new: company.id },
        // The amount as the ledger books it, read from what staff typed.
        { field: 'amount', old: null, new: '1250.50' },
        { field: 'date', old: null, new: TODAY },
        { field: 'documentNo', old: null, new: documentNo },
        { field: 'description', old: null, new: 'Şube havalesi' },
      ],
    })
    // app.inject's client address: the request's own, as request.ip reads it.
    expect(items[0]!.ip).toBe('127.0.0.1')
  })

  it('records a reversal with its reason, and nothing for a refused write', async () => {
    const company = await createCustomer(t.database.db)
    const { id, documentNo } = await enterTransfer(owner, company.id)
    const again = await owner.send({
      method: 'POST',
      url: '/yonetim/bank-transfers',
      payload: { customerId: company.id, amount: '5', date: TODAY, documentNo },
    })
    expect(again.statusCode).toBe(409)
    const reversed = await owner.send({
      method: 'POST',
      url: `/yonetim/bank-transfers/${id}/reversal`,
      payload: { reason: 'Yanlış bayi' },
    })
    expect(reversed.statusCode, reversed.body).toBe(200)
    const twice = await owner.send({
      method: 'POST',
      url: `/yonetim/bank-transfers/${id}/reversal`,
      payload: { reason: 'İkinci kez' },
    })
    expect(twice.statusCode).toBe(409)

    const { items } = await audit(owner, `?entity=bank_transfer&entityId=${id}`)
    expect(items.map((row) => row.action)).toEqual(['reverse', 'create'])
    expect(items[0]!.changes).toEqual([
      { field: 'reversed', old: false, new: true },
      { field: 'reason', old: null, new: 'Yanlış bayi' },
    ])
  })

  it('records the store mail recipients replaced, old list → new list', async () => {
    const put = (recipients: string[]) =>
      owner.send({ method: 'PUT', url: '/yonetim/settings/notifications', payload: { recipients } })
    expect((await put(['satis@toptan.test'])).statusCode).toBe(200)
    expect((await put(['satis@toptan.test', 'muhasebe@toptan.test'])).statusCode).toBe(200)
    const { items } = await audit(owner, '?entity=store_setting&entityId=storeMailRecipients')
    expect(items[0]!.changes).toEqual([
      {
        field: 'recipients',
        old: ['satis@toptan.test'],
        new: ['satis@toptan.test', 'muhasebe@toptan.test'],
      },
    ])
  })

  it('filters by the staff user and by the store day, newest first', async () => {
    const other = await loggedInUser(t, null, { staffRole: 'accounting' })
    const company = await createCustomer(t.database.db)
    const mine = await enterTransfer(owner, company.id)
    const theirs = await enterTransfer(other, company.id)
    const byOther = await audit(owner, `?userId=${other.user.id}`)
    expect(byOther.items.map((row) => row.entityId)).toEqual([String(theirs.id)])
    const both = await audit(owner, '?entity=bank_transfer')
    const ids = both.items.map((row) => row.entityId)
    expect(ids.indexOf(String(theirs.id))).toBeLessThan(ids.indexOf(String(mine.id)))
    expect((await audit(owner, `?userId=${other.user.id}&from=${TODAY}&to=${TODAY}`)).total).toBe(1)
    expect((await audit(owner, `?userId=${other.user.id}&from=2026-03-19`)).total).toBe(0)
    expect((await audit(owner, `?userId=${other.user.id}&to=2026-03-17`)).total).toBe(0)
  })

  it('names an integration API key as the author of a change the ERP made, with no user', async () => {
    const made = await owner.send({
      method: 'POST',
      url: '/yonetim/api-keys',
      payload: { name: 'Logo ERP', scopes: ['customers:write'] },
    })
    expect(made.statusCode, made.body).toBe(200)
    const keyId = (made.json() as { id: number }).id
    const company = await createCustomer(t.database.db)
    await t.database.db.transaction((tx) =>
      recordAudit(
        tx,
        { apiKeyId: keyId, name: 'Logo ERP', ip: '10.0.0.7' },
        {
          entity: 'customer',
          entityId: company.id,
          action: 'update',
          before: { riskLimit: '1000.00' },
          after: { riskLimit: '2500.00' },
        },
        NOW,
      ),
    )
    const { items } = await audit(owner, `?entity=customer&entityId=${company.id}`)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      actor: { id: null, name: 'Logo ERP', apiKey: true },
      ip: '10.0.0.7',
      changes: [{ field: 'riskLimit', old: '1000.00', new: '2500.00' }],
    })
    const [stored] = await queryRows<{ actor_user_id: number | null; actor_api_key_id: number | null }>(
      t.database.db,
      sql`select actor_user_id, actor_api_key_id from audit_log where entity = 'customer'
          and entity_id = ${String(company.id)}`,
    )
    expect(stored).toEqual({ actor_user_id: null, actor_api_key_id: keyId })
  })

  it('reads a filter value that is not one as not given', async () => {
    const all = await audit(owner, '')
    const lenient = await audit(owner, '?entity=nope&userId=x&from=18.03.2026&entityId=%20&page=abc')
    expect(lenient.total).toBe(all.total)
    expect(lenient.page).toBe(1)
  })

  it('is read by the owner and the read-only role; sales, catalogue and accounting get 403', async () => {
    const readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
    expect((await readonly.send({ method: 'GET', url: '/yonetim/audit' })).statusCode).toBe(200)
    for (const staffRole of ['sales', 'catalogue', 'accounting'] as const) {
      const staff = await loggedInUser(t, null, { staffRole })
      expect((await staff.send({ method: 'GET', url: '/yonetim/audit' })).statusCode).toBe(403)
    }
    const dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
    expect((await dealer.send({ method: 'GET', url: '/yonetim/audit' })).statusCode).toBe(403)
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await guest.send({ method: 'GET', url: '/yonetim/audit' })).statusCode).toBe(401)
  })

  it('is append-only: the database refuses to change, delete or empty it', async () => {
    const company = await createCustomer(t.database.db)
    await enterTransfer(owner, company.id)
    const db = t.database.db
    await expect(db.execute(sql`update audit_log set actor_name = 'x'`)).rejects.toThrow()
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow()
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow()
    const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`)
    expect(left!.n).toBeGreaterThan(0)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inquireWarranty } from '../../modules/warranty/warranty.service'
import { createCustomer } from '../../test/dealers'
import { createTestDatabase } from '../../test/test-database'
import type { Database } from '../client'
import { productSerials } from '../schema/service'
import { DEMO_SERIALS, seedDemoSerials } from './demo-serials'

// The README's demo serials answer as it says, whatever day the seed ran (here a day late in a leap
// year's February, and the answers asked 200 days later).
const SEEDED = new Date('2028-02-28T10:00:00Z')
const ASKED = new Date(SEEDED.getTime() + 200 * 86_400_000)

let database: Database
let yildiz: number

beforeAll(async () => {
  database = await createTestDatabase()
  yildiz = (await createCustomer(database.db, { code: '120.01.001' })).id
  await createCustomer(database.db, { code: '120.01.002' })
  expect(await seedDemoSerials(database.db, SEEDED)).toBe(DEMO_SERIALS.length)
})
afterAll(() => database.close())

const ask = (serial: string) =>
  inquireWarranty({ db: database.db, now: () => ASKED }, { role: 'dealer', customerId: yildiz }, serial)

describe('the demo serial registry', () => {
  it('has a sold serial with one sale: one movement, within warranty', async () => {
    const { data } = await ask('TP-GS-240001')
    expect(data.hareket).toMatchObject({ durum: 'SATIŞ', belgeNo: 'FTR-000312' })
    expect(data.garantiSuresi).toBeGreaterThan(0)
  })

  it('has a sold serial with service visits: a list, still within warranty', async () => {
    const { data } = await ask('TP-GS-240002')
    expect(Array.isArray(data.hareket) && data.hareket.map((m) => m.durum)).toEqual([
      'SATIŞ',
      'SERVİS GİRİŞ',
      'SERVİS ÇIKIŞ',
    ])
    expect(data.garantiSuresi).toBeGreaterThan(0)
  })

  it('has an expired serial', async () => {
    expect((await ask('TP-GS-210003')).data.garantiSuresi).toBeLessThan(0)
  })

  it('has a serial with no sale on record, and leaves TP-GS-999999 unknown', async () => {
    await expect(ask('TP-GS-250004')).rejects.toMatchObject({ messageKey: 'warranty.noSale' })
    await expect(ask('TP-GS-999999')).rejects.toMatchObject({ messageKey: 'warranty.notFound' })
  })

  it('has another company’s sale, shown to Yıldız Yapı without its document', async () => {
    const { data } = await ask('TP-GS-240005')
    expect(data.hareket).toMatchObject({ durum: 'SATIŞ', belgeNo: null })
  })

  it('dates the sales from the seed’s day', async () => {
    const rows = await database.db.select().from(productSerials)
    expect(Object.fromEntries(rows.map((r) => [r.serialNumber, r.saleDate]))).toEqual({
      'TP-GS-240001': '2028-01-19',
      'TP-GS-240002': '2027-05-04',
      'TP-GS-210003': '2025-02-23',
      'TP-GS-250004': null,
      'TP-GS-240005': '2027-10-01',
    })
  })
})

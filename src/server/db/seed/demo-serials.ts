/**
 * The demo serial-number registry behind the warranty inquiry, dated from the day the seed runs so
 * "within warranty" stays true for well over a year. Each serial shows one case of the answer; the
 * README's demo section lists them. TP-GS-999999 is left out on purpose: an unknown serial.
 */
import { and, asc, inArray, isNull, sql } from 'drizzle-orm'
import { addDays, ledgerDay } from '../../../domain/ledger'
import { registerSerial } from '../../modules/warranty/warranty.service'
import type { Db } from '../client'
import { customers } from '../schema/accounts'
import { products } from '../schema/catalogue'

type DemoMovement = { days: number; status: string; documentNo: string }
type DemoSerial = {
  serialNumber: string
  /** 0 = Yıldız Yapı (bayi@toptan.test), 1 = Çağlar Oto (bayi2@toptan.test). */
  company: 0 | 1
  /** Days from the seed's day to the sale (negative: before); null = never sold. */
  soldDaysAgo: number | null
  warrantyMonths: number
  movements: DemoMovement[]
}

const COMPANY_CODES = ['120.01.001', '120.01.002'] as const

export const DEMO_SERIALS: DemoSerial[] = [
  // Sold 40 days ago, one movement: the answer's hareket is a single object.
  {
    serialNumber: 'TP-GS-240001',
    company: 0,
    soldDaysAgo: 40,
    warrantyMonths: 24,
    movements: [{ days: -40, status: 'SATIŞ', documentNo: 'FTR-000312' }],
  },
  // Sold 300 days ago and repaired since: hareket is a list; the table shows the sale only.
  {
    serialNumber: 'TP-GS-240002',
    company: 0,
    soldDaysAgo: 300,
    warrantyMonths: 24,
    movements: [
      { days: -300, status: 'SATIŞ', documentNo: 'FTR-000188' },
      { days: -60, status: 'SERVİS GİRİŞ', documentNo: 'SRV-000045' },
      { days: -48, status: 'SERVİS ÇIKIŞ', documentNo: 'SRV-000051' },
    ],
  },
  // Sold about three years ago with two years' warranty: expired.
  {
    serialNumber: 'TP-GS-210003',
    company: 0,
    soldDaysAgo: 1100,
    warrantyMonths: 24,
    movements: [{ days: -1100, status: 'SATIŞ', documentNo: 'FTR-000021' }],
  },
  // In the registry (received into stock) but never sold: the "no sale on record" message.
  { serialNumber: 'TP-GS-250004', company: 0, soldDaysAgo: null, warrantyMonths: 24, movements: [] },
  // Sold to another company: bayi@toptan.test sees the warranty, not that company's documents.
  {
    serialNumber: 'TP-GS-240005',
    company: 1,
    soldDaysAgo: 150,
    warrantyMonths: 36,
    movements: [{ days: -150, status: 'SATIŞ', documentNo: 'FTR-000254' }],
  },
]

/** Writes the demo registry through the warranty service; answers how many serials it wrote. */
export async function seedDemoSerials(db: Db, now: Date): Promise<number> {
  const today = ledgerDay(now)
  const companies = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(inArray(customers.code, [...COMPANY_CODES]))
  const companyId = (index: 0 | 1) => companies.find((c) => c.code === COMPANY_CODES[index])?.id ?? null
  // Hand tools ('ELA-…') first: the kind of product a serial is printed on.
  const picks = await db
    .select({ id: products.id })
    .from(products)
    .where(and(isNull(products.parentId), isNull(products.variantDimensions)))
    .orderBy(sql`${products.code} like 'ELA%' desc`, asc(products.id))
    .limit(DEMO_SERIALS.length)
  for (const [i, serial] of DEMO_SERIALS.entries()) {
    await registerSerial(db, {
      serialNumber: serial.serialNumber,
      productId: picks[i]?.id ?? null,
      customerId: serial.soldDaysAgo === null ? null : companyId(serial.company),
      saleDate: serial.soldDaysAgo === null ? null : addDays(today, -serial.soldDaysAgo),
      warrantyMonths: serial.warrantyMonths,
      movements: serial.movements.map((m) => ({
        movedOn: addDays(today, m.days),
        status: m.status,
        documentNo: m.documentNo,
      })),
    })
  }
  return DEMO_SERIALS.length
}

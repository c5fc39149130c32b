/**
 * The demo companies' current accounts, dated from the day the seed runs, so the overdue banner and
 * the statement show real figures on a fresh start. Written through the ledger service, in date order,
 * so the bank transfers settle the oldest items as a real payment would.
 */
import { addDays } from '../../../domain/ledger'
import { recordCredit, recordDebit } from '../../modules/ledger/ledger.service'
import type { Db } from '../client'

type DemoEntry =
  | { kind: 'opening' | 'invoice'; no: string; text: string; amount: string; booked: number; due: number }
  | { kind: 'bank_transfer'; no: string; text: string; amount: string; booked: number }

/** Days relative to the seed's day (negative: in the past); one plan per demo company, in list order. */
const PLANS: DemoEntry[][] = [
  // Yıldız Yapı: 5.000,00 of an invoice due 45 days ago and 7.450,75 due 17 days ago are open
  // (12.450,75 TL overdue for 45 days), two invoices not due yet.
  [
    { kind: 'opening', no: 'DVR-2025', text: 'Devir bakiyesi', amount: '8000.00', booked: -120, due: -120 },
    { kind: 'invoice', no: 'FTR-000184', text: 'Satış faturası', amount: '9850.40', booked: -75, due: -45 },
    { kind: 'invoice', no: 'FTR-000231', text: 'Satış faturası', amount: '7450.75', booked: -47, due: -17 },
    {
      kind: 'bank_transfer',
      no: 'EFT-55120',
      text: 'Havale / EFT – Garanti BBVA',
      amount: '12850.40',
      booked: -30,
    },
    { kind: 'invoice', no: 'FTR-000268', text: 'Satış faturası', amount: '15320.00', booked: -20, due: 10 },
    { kind: 'invoice', no: 'FTR-000297', text: 'Satış faturası', amount: '4180.90', booked: -5, due: 25 },
  ],
  // Çağlar Oto: everything paid.
  [
    { kind: 'invoice', no: 'FTR-000201', text: 'Satış faturası', amount: '6240.00', booked: -60, due: -30 },
    {
      kind: 'bank_transfer',
      no: 'EFT-55098',
      text: 'Havale / EFT – İş Bankası',
      amount: '6240.00',
      booked: -31,
    },
  ],
  // Güneş Elektrik: 3.820,40 TL overdue for 5 days.
  [
    { kind: 'invoice', no: 'FTR-000244', text: 'Satış faturası', amount: '3820.40', booked: -35, due: -5 },
    { kind: 'invoice', no: 'FTR-000290', text: 'Satış faturası', amount: '2750.00', booked: -8, due: 22 },
  ],
  // Öztürk Hırdavat (ordering blocked): 48.210,00 TL overdue for 64 days.
  [
    { kind: 'invoice', no: 'FTR-000142', text: 'Satış faturası', amount: '30110.00', booked: -94, due: -64 },
    { kind: 'invoice', no: 'FTR-000158', text: 'Satış faturası', amount: '18100.00', booked: -88, due: -58 },
  ],
]

/** Writes each company's plan; `customerIds` in the order of the demo companies. */
export async function seedDemoLedger(db: Db, customerIds: number[], today: string): Promise<number> {
  let written = 0
  for (const [i, plan] of PLANS.entries()) {
    const customerId = customerIds[i]
    if (customerId === undefined) continue
    for (const entry of plan) {
      const common = {
        customerId,
        amount: entry.amount,
        documentNo: entry.no,
        description: entry.text,
        entryDate: addDays(today, entry.booked),
      }
      if (entry.kind === 'bank_transfer') {
        await recordCredit(db, { ...common, kind: 'bank_transfer', settleEntryIds: [] })
      } else {
        await recordDebit(db, { ...common, kind: entry.kind, dueDate: addDays(today, entry.due) })
      }
      written++
    }
  }
  return written
}

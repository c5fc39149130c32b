/**
 * Card payment demo data: six real Turkish banks with their installment plans, the store's default
 * plans, and BIN rows (taken from the public Turkish BIN list) for each bank, the sandbox's test cards
 * among them (integrations/payments/sandbox/test-cards.ts). When BIN_LIST_CSV names a BIN list file,
 * the whole list is imported as well. Idempotent: banks are kept by code, plans and rows upserted.
 */
import { existsSync, readFileSync } from 'node:fs'
import {
  importBinList,
  type PlanInput,
  relinkBinBanks,
  saveBank,
  saveDefaultPlans,
} from '../../modules/bin/bin.service'
import type { Db } from '../client'

/** Installment count → commission percent; the plan marked default is preselected at checkout. */
const plans = (fees: Record<number, string>, defaultCount: number | null = 1): PlanInput[] =>
  Object.entries(fees).map(([count, fee]) => ({
    installment: Number(count),
    commissionFee: fee,
    isDefault: Number(count) === defaultCount,
  }))

export const DEMO_BANKS = [
  {
    code: 'garanti',
    name: 'Garanti BBVA',
    issuerMatch: ['GARANTI'],
    plans: plans({ 1: '0', 2: '2.20', 3: '3.30', 6: '6.50', 9: '9.60', 12: '12.80' }),
  },
  {
    code: 'akbank',
    name: 'Akbank',
    issuerMatch: ['AKBANK'],
    plans: plans({ 1: '0', 2: '2.25', 3: '3.35', 6: '6.60', 9: '9.75', 12: '12.90' }),
  },
  {
    code: 'yapikredi',
    name: 'Yapı Kredi',
    issuerMatch: ['YAPI VE KREDI', 'YAPI KREDI'],
    plans: plans({ 1: '0', 2: '2.15', 3: '3.25', 6: '6.45', 9: '9.50', 12: '12.70' }, 3),
  },
  {
    code: 'isbank',
    name: 'İş Bankası',
    issuerMatch: ['IS BANKASI'],
    plans: plans({
      1: '0',
      2: '2.30',
      3: '3.40',
      4: '4.50',
      5: '5.55',
      6: '6.60',
      7: '7.70',
      8: '8.75',
      9: '9.80',
      10: '10.90',
      11: '11.95',
      12: '13.00',
    }),
  },
  {
    // Not 'ZIRAAT' alone: Ziraat Katılım and Ziraat Dinamik Bank are other banks.
    code: 'ziraat',
    name: 'Ziraat Bankası',
    issuerMatch: ['ZIRAAT BANKASI'],
    plans: plans({ 1: '0', 2: '2.20', 3: '3.30', 6: '6.40' }, null),
  },
  {
    // The sandbox's test BIN 40252600 is Halkbank's: the card form names the bank of every test card.
    code: 'halkbank',
    name: 'Halkbank',
    issuerMatch: ['HALK BANKASI'],
    plans: plans({ 1: '0', 2: '2.25', 3: '3.35', 6: '6.55', 9: '9.70' }),
  },
]

/** What a card of any other bank (or an unknown BIN) is offered. */
export const DEMO_DEFAULT_PLANS = plans({ 1: '0', 2: '2.50', 3: '3.75' })

/** Rows of the public Turkish BIN list, in its own format, each of a demo bank. */
const DEMO_BIN_LIST = [
  'BIN;Network;Type;Category;Issuer',
  '404308;VISA;CREDIT;GOLD;TURKIYE GARANTI BANKASI A. S.',
  '979205;TROY;CREDIT;PERSONAL;T. GARANTI BANKASI, A.S.',
  '603650;MAESTRO;DEBIT;;T. GARANTI BANKASI A.S',
  '374421;AMERICAN EXPRESS;CREDIT;PERSONAL;GARANTI BANK',
  '557113;MASTERCARD;CREDIT;STANDARD;AKBANK T.A.S.',
  '413252;VISA;CREDIT;PLATINUM;AKBANK T.A.S.',
  '474853;VISA;DEBIT;CLASSIC;AKBANK T.A.S.',
  '979206;TROY;CREDIT;PERSONAL;AKBANK T.A.S.',
  '409021;VISA;CREDIT;CLASSIC;YAPI VE KREDI BANKASI, A.S.',
  '404809;VISA;CREDIT;INFINITE;YAPI VE KREDI BANKASI, A.S.',
  '401622;VISA;DEBIT;BUSINESS;YAPI VE KREDI BANKASI, A.S.',
  '979204;TROY;CREDIT;PERSONAL;T. IS BANKASI, A.S.',
  '418342;VISA;CREDIT;CLASSIC;TURKIYE IS BANKASI, A.S.',
  '406456;VISA;CREDIT;;TURKIYE IS BANKASI, A.S.',
  '603125;MAESTRO;DEBIT;STANDARD;IS BANKASI, A.S.',
  '404591;VISA;CREDIT;CLASSIC;T.C. ZIRAAT BANKASI, A.S.',
  '413226;VISA;CREDIT;CLASSIC;T.C. ZIRAAT BANKASI, A.S.',
  '407814;VISA;DEBIT;BUSINESS;T.C. ZIRAAT BANKASI, A.S.',
  '402526;VISA;CREDIT;CLASSIC;TURKIYE HALK BANKASI, A.S.',
].join('\r\n')

export type PaymentSeedCounts = { banks: number; binRows: number }

export async function seedPayments(
  db: Db,
  binListFile = process.env.BIN_LIST_CSV,
): Promise<PaymentSeedCounts> {
  for (const [i, bank] of DEMO_BANKS.entries()) {
    await saveBank(db, { ...bank, logo: null, sortOrder: i })
  }
  await saveDefaultPlans(db, DEMO_DEFAULT_PLANS)
  let binRows = (await importBinList(db, DEMO_BIN_LIST)).rows
  // The full list is optional: a demo without it still resolves the test cards above.
  if (binListFile && existsSync(binListFile)) {
    binRows += (await importBinList(db, readFileSync(binListFile, 'utf8'))).inserted
  }
  // Rows imported before these banks existed point at them now.
  await relinkBinBanks(db)
  return { banks: DEMO_BANKS.length, binRows }
}

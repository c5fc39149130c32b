import { describe, expect, it } from 'vitest'
import { type BookEntry, type BookSettlement, erpSide, planLedger } from './ledger-sync'

const debit = (key: string, amount: string, open: string, dueDay = '2026-03-01', seq = 0): BookEntry => ({
  key,
  side: 'debit',
  amount,
  open,
  entryDay: '2026-02-01',
  dueDay,
  seq: seq || Number(key.replace(/\D/g, '')) || 0,
})
const credit = (key: string, amount: string, open: string, entryDay = '2026-03-05', seq = 0): BookEntry => ({
  key,
  side: 'credit',
  amount,
  open,
  entryDay,
  dueDay: entryDay,
  seq: seq || Number(key.replace(/\D/g, '')) || 0,
})
const settled = (id: number, creditKey: string, debitKey: string, amount: string): BookSettlement => ({
  id,
  creditKey,
  debitKey,
  amount,
})

type Case = {
  name: string
  entries: BookEntry[]
  settlements?: BookSettlement[]
  resized?: Array<{ key: string; amount: string }>
  added?: BookEntry[]
  open: Record<string, string>
  settlementAmounts?: Record<number, string>
  addedSettlements?: Array<[string, string, string]>
}

const cases: Case[] = [
  {
    name: 'a new invoice with nothing else open stays open',
    entries: [],
    added: [debit('n0', '100.00', '100.00', '2026-03-01', 1e9)],
    open: { n0: '100' },
  },
  {
    name: 'a new invoice takes up an unapplied credit',
    entries: [credit('c1', '300.00', '120.50')],
    added: [debit('n0', '100.00', '100.00', '2026-03-01', 1e9)],
    open: { c1: '20.5', n0: '0' },
    addedSettlements: [['c1', 'n0', '100']],
  },
  {
    name: 'a new payment settles the debit due first, then the next',
    entries: [debit('d2', '50.00', '50.00', '2026-04-01'), debit('d1', '80.00', '80.00', '2026-03-01')],
    added: [credit('n0', '100.00', '100.00', '2026-03-10', 1e9)],
    open: { d1: '0', d2: '30', n0: '0' },
    addedSettlements: [
      ['n0', 'd1', '80'],
      ['n0', 'd2', '20'],
    ],
  },
  {
    name: 'a larger invoice: the applied part stays applied, the rest is open',
    entries: [debit('d1', '100.00', '40.00'), credit('c1', '60.00', '0')],
    settlements: [settled(1, 'c1', 'd1', '60.00')],
    resized: [{ key: 'd1', amount: '150.00' }],
    open: { d1: '90' },
  },
  {
    name: 'a smaller invoice still above its applied part only shrinks its open amount',
    entries: [debit('d1', '100.00', '40.00'), credit('c1', '60.00', '0')],
    settlements: [settled(1, 'c1', 'd1', '60.00')],
    resized: [{ key: 'd1', amount: '70.00' }],
    open: { d1: '10' },
  },
  {
    name: 'an invoice below its applied part gives the payment back, which settles another debt',
    entries: [
      debit('d1', '100.00', '0'),
      debit('d2', '30.00', '30.00', '2026-04-01'),
      credit('c1', '100.00', '0'),
    ],
    settlements: [settled(1, 'c1', 'd1', '100.00')],
    resized: [{ key: 'd1', amount: '60.00' }],
    open: { d2: '0', c1: '10' },
    settlementAmounts: { 1: '60' },
    addedSettlements: [['c1', 'd2', '30']],
  },
  {
    name: 'a smaller payment reopens the newest settlements first',
    entries: [
      debit('d1', '50.00', '0', '2026-02-01'),
      debit('d2', '50.00', '0'),
      credit('c1', '100.00', '0'),
    ],
    settlements: [settled(1, 'c1', 'd1', '50.00'), settled(2, 'c1', 'd2', '50.00')],
    resized: [{ key: 'c1', amount: '70.00' }],
    open: { d2: '30' },
    settlementAmounts: { 2: '20' },
  },
  {
    name: 'a payment cut below both settlements removes the newest and shrinks the other',
    entries: [
      debit('d1', '50.00', '0', '2026-02-01'),
      debit('d2', '50.00', '0'),
      credit('c1', '100.00', '0'),
    ],
    settlements: [settled(1, 'c1', 'd1', '50.00'), settled(2, 'c1', 'd2', '50.00')],
    resized: [{ key: 'c1', amount: '20.00' }],
    open: { d1: '30', d2: '50' },
    settlementAmounts: { 1: '20', 2: '0' },
  },
  {
    name: 'a larger payment settles what is open, and keeps the rest unapplied',
    entries: [debit('d1', '100.00', '60.00'), credit('c1', '40.00', '0')],
    settlements: [settled(1, 'c1', 'd1', '40.00')],
    resized: [{ key: 'c1', amount: '150.00' }],
    open: { d1: '0', c1: '50' },
    addedSettlements: [['c1', 'd1', '60']],
  },
  {
    name: 'an invoice and its payment both cut in one batch',
    entries: [debit('d1', '100.00', '0'), credit('c1', '100.00', '0')],
    settlements: [settled(1, 'c1', 'd1', '100.00')],
    resized: [
      { key: 'd1', amount: '80.00' },
      { key: 'c1', amount: '50.00' },
    ],
    open: { d1: '30' },
    settlementAmounts: { 1: '50' },
  },
  {
    name: 'credits apply oldest first',
    entries: [credit('c2', '10.00', '10.00', '2026-03-02'), credit('c1', '10.00', '10.00', '2026-03-01')],
    added: [debit('n0', '15.00', '15.00', '2026-03-01', 1e9)],
    open: { c1: '0', c2: '5', n0: '0' },
    addedSettlements: [
      ['c1', 'n0', '10'],
      ['c2', 'n0', '5'],
    ],
  },
  {
    name: 'an unchanged amount changes nothing',
    entries: [debit('d1', '100.00', '40.00'), credit('c1', '60.00', '0')],
    settlements: [settled(1, 'c1', 'd1', '60.00')],
    resized: [{ key: 'd1', amount: '100' }],
    open: {},
  },
]

describe('planLedger', () => {
  it.each(cases)('$name', (c) => {
    const plan = planLedger(c.entries, c.settlements ?? [], c.resized ?? [], c.added ?? [])
    expect(Object.fromEntries([...plan.open].map(([k, v]) => [k, v.toString()]))).toEqual(c.open)
    expect(Object.fromEntries([...plan.settlementAmounts].map(([k, v]) => [k, v.toString()]))).toEqual(
      c.settlementAmounts ?? {},
    )
    expect(plan.added.map((s) => [s.creditKey, s.debitKey, s.amount.toString()])).toEqual(
      c.addedSettlements ?? [],
    )
  })

  it('keeps open = amount − settlements on every entry, whatever changed', () => {
    const entries = [
      debit('d1', '100.00', '0', '2026-01-01'),
      debit('d2', '70.00', '20.00', '2026-02-01'),
      credit('c1', '150.00', '0'),
    ]
    const settlements = [settled(1, 'c1', 'd1', '100.00'), settled(2, 'c1', 'd2', '50.00')]
    const plan = planLedger(
      entries,
      settlements,
      [{ key: 'd1', amount: '30.00' }],
      [debit('n0', '25.00', '25.00', '2026-03-01', 1e9)],
    )
    const amount: Record<string, number> = { d1: 30, d2: 70, c1: 150, n0: 25 }
    const applied: Record<string, number> = { d1: 0, d2: 0, c1: 0, n0: 0 }
    for (const s of settlements) {
      const value = Number(plan.settlementAmounts.get(s.id) ?? s.amount)
      applied[s.creditKey]! += value
      applied[s.debitKey]! += value
    }
    for (const s of plan.added) {
      applied[s.creditKey]! += Number(s.amount)
      applied[s.debitKey]! += Number(s.amount)
    }
    const open = (key: string) =>
      Number(plan.open.get(key) ?? [...entries].find((e) => e.key === key)?.open ?? 'x')
    for (const key of Object.keys(amount)) expect(open(key), key).toBeCloseTo(amount[key]! - applied[key]!, 2)
    // No open debit beside an unapplied credit.
    const openDebits = ['d1', 'd2', 'n0'].filter((k) => open(k) > 0)
    expect(openDebits.length === 0 || open('c1') === 0).toBe(true)
  })
})

describe('erpSide', () => {
  it.each([
    ['invoice', 'debit'],
    ['opening', 'debit'],
    ['payment', 'credit'],
    ['return', 'credit'],
  ] as const)('%s is a %s', (kind, side) => {
    expect(erpSide(kind)).toBe(side)
  })
})

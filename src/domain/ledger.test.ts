import { describe, expect, it } from 'vitest'
import {
  addDays,
  allocate,
  daysBetween,
  isOverdue,
  type LedgerItem,
  ledgerDay,
  overdueFrom,
  overdueOfItems,
  reversalParts,
  runningBalances,
  settlementOrder,
} from './ledger'

describe('ledgerDay: the day in Istanbul', () => {
  it.each([
    ['2026-03-14T20:59:59Z', '2026-03-14'], // 23:59:59 in Istanbul (UTC+3)
    ['2026-03-14T21:00:00Z', '2026-03-15'], // midnight in Istanbul, still the 14th in UTC
    ['2026-01-01T00:00:00Z', '2026-01-01'],
    ['2025-12-31T21:30:00Z', '2026-01-01'],
  ])('%s → %s', (instant, day) => {
    expect(ledgerDay(new Date(instant))).toBe(day)
  })
})

describe('daysBetween and addDays', () => {
  it.each([
    ['2026-03-01', '2026-03-18', 17],
    ['2026-03-18', '2026-03-01', -17],
    ['2024-02-28', '2024-03-01', 2], // leap year
    ['2025-12-31', '2026-01-01', 1],
    ['2026-03-29', '2026-03-30', 1], // a European DST change does not shorten a day
    ['2026-05-05', '2026-05-05', 0],
  ])('%s → %s: %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days)
    expect(addDays(from, days)).toBe(to)
  })
})

const debit = (id: number, open: string, dueDate: string | null, entryDate = '2026-01-01') => ({
  id,
  open,
  dueDate,
  entryDate,
})

describe('settlementOrder: chosen first in the order chosen, then the one due first', () => {
  const debits = [
    debit(1, '100', '2026-03-10'),
    debit(2, '100', '2026-01-10'),
    debit(3, '100', '2026-02-10'),
    debit(4, '100', '2026-01-10'), // same day as 2: the older id first
    debit(5, '100', null, '2026-01-05'), // no due date: due when booked
  ]
  it.each([
    [[], [5, 2, 4, 3, 1]],
    [[3], [3, 5, 2, 4, 1]],
    [
      [1, 3],
      [1, 3, 5, 2, 4],
    ],
    [
      [3, 1],
      [3, 1, 5, 2, 4],
    ],
    [
      [99, 3, 3],
      [3, 5, 2, 4, 1],
    ], // unknown and repeated ids are skipped
  ])('chosen %j → %j', (chosen, expected) => {
    expect(settlementOrder(debits, chosen).map((d) => d.id)).toEqual(expected)
  })
})

describe('allocate', () => {
  const show = (a: ReturnType<typeof allocate>) => ({
    settlements: a.settlements.map((s) => `${s.id}:${s.amount.toFixed(2)}`),
    remaining: a.remaining.toFixed(2),
  })
  it.each([
    // amount, items (id:open) → settlements, remaining
    ['100', [], [], '100.00'],
    [
      '100',
      [
        [1, '40'],
        [2, '60'],
      ],
      ['1:40.00', '2:60.00'],
      '0.00',
    ],
    [
      '100',
      [
        [1, '40'],
        [2, '70'],
      ],
      ['1:40.00', '2:60.00'],
      '0.00',
    ], // the last one partly
    [
      '150.5',
      [
        [1, '40'],
        [2, '60'],
      ],
      ['1:40.00', '2:60.00'],
      '50.50',
    ], // left over
    ['0.01', [[1, '0.02']], ['1:0.01'], '0.00'],
    [
      '0.1',
      [
        [1, '0.03'],
        [2, '0.07'],
      ],
      ['1:0.03', '2:0.07'],
      '0.00',
    ], // no float drift
    [
      '50',
      [
        [1, '0'],
        [2, '80'],
      ],
      ['2:50.00'],
      '0.00',
    ], // a closed item gets nothing
  ] as Array<[string, Array<[number, string]>, string[], string]>)(
    '%s over %j → %j, %s left',
    (amount, items, settlements, remaining) => {
      expect(
        show(
          allocate(
            amount,
            items.map(([id, open]) => ({ id, open })),
          ),
        ),
      ).toEqual({
        settlements,
        remaining,
      })
    },
  )
})

const TODAY = '2026-03-18'
const item = (debitAmount: string, credit: string, open: string, dueDate: string | null): LedgerItem => ({
  debit: debitAmount,
  credit,
  open,
  dueDate,
  entryDate: '2026-01-01',
})

describe('isOverdue', () => {
  it.each([
    [item('100', '0', '100', '2026-03-17'), true], // due yesterday
    [item('100', '0', '100', TODAY), false], // due today: not yet
    [item('100', '0', '100', '2026-03-19'), false],
    [item('100', '0', '0', '2026-01-01'), false], // paid
    [item('100', '0', '0.01', '2026-01-01'), true],
    [item('0', '100', '100', null), false], // a credit is never overdue
    [item('100', '0', '100', null), true], // no due date: due when booked (2026-01-01)
  ])('%j → %s', (entry, expected) => {
    expect(isOverdue(entry, TODAY)).toBe(expected)
  })
})

describe('overdueOfItems / overdueFrom', () => {
  const show = (o: ReturnType<typeof overdueFrom>) => `${o.balance.toFixed(2)} / ${o.days}`
  it.each([
    ['nothing', [], '0.00 / 0'],
    ['one overdue 17 days', [item('1000', '0', '1000', '2026-03-01')], '1000.00 / 17'],
    [
      'the oldest overdue item gives the days',
      [item('1000', '0', '400', '2026-03-01'), item('500', '0', '500', '2026-02-01')],
      '900.00 / 45',
    ],
    [
      'a paid old item does not count for the days',
      [item('1000', '0', '0', '2026-01-01'), item('500', '0', '500', '2026-03-11')],
      '500.00 / 7',
    ],
    ['not yet due', [item('1000', '0', '1000', '2026-04-01')], '0.00 / 0'],
    [
      'an unapplied credit lowers it',
      [item('1000', '0', '1000', '2026-03-01'), item('0', '300', '300', null)],
      '700.00 / 17',
    ],
    ['never below 0', [item('100', '0', '100', '2026-03-01'), item('0', '300', '300', null)], '0.00 / 0'],
    [
      'kuruş exact',
      [item('0.10', '0', '0.10', '2026-03-17'), item('0.20', '0', '0.20', '2026-03-17')],
      '0.30 / 1',
    ],
  ])('%s → %s', (_name, items, expected) => {
    expect(show(overdueOfItems(items, TODAY))).toBe(expected)
  })

  it('from its parts as the server reads them', () => {
    expect(
      show(overdueFrom({ overdueOpen: '12450.75', unappliedCredit: '0', oldestDueDay: '2026-03-01' }, TODAY)),
    ).toBe('12450.75 / 17')
    expect(show(overdueFrom({ overdueOpen: '0', unappliedCredit: '0', oldestDueDay: null }, TODAY))).toBe(
      '0.00 / 0',
    )
  })
})

describe('runningBalances', () => {
  it.each([
    ['0', [], [], '0.00', '0.00', '0.00'],
    [
      '0',
      [
        ['100', '0'],
        ['0', '30'],
        ['50.10', '0'],
      ],
      ['100.00', '70.00', '120.10'],
      '150.10',
      '30.00',
      '120.10',
    ],
    ['1000', [['0', '1200']], ['-200.00'], '0.00', '1200.00', '-200.00'], // paid in advance
    ['0.1', [['0.2', '0']], ['0.30'], '0.20', '0.00', '0.30'],
  ] as Array<[string, Array<[string, string]>, string[], string, string, string]>)(
    'opening %s, entries %j',
    (opening, entries, balances, totalDebit, totalCredit, closing) => {
      const r = runningBalances(
        opening,
        entries.map(([d, c]) => ({ debit: d, credit: c })),
      )
      expect(r.balances.map((b) => b.toFixed(2))).toEqual(balances)
      expect([r.totalDebit.toFixed(2), r.totalCredit.toFixed(2), r.closing.toFixed(2)]).toEqual([
        totalDebit,
        totalCredit,
        closing,
      ])
    },
  )
})

describe('reversalParts: a bank transfer taken back', () => {
  const view = (r: ReturnType<typeof reversalParts>) => ({
    rest: r.rest?.toFixed(2) ?? null,
    parts: r.parts.map((p) => [p.dueDay, p.amount.toFixed(2)]),
  })
  it.each([
    [
      'what it settled, one part per due day, the earliest first',
      [
        { dueDay: '2026-04-30', amount: '900.00' },
        { dueDay: '2026-01-15', amount: '100.00' },
      ],
      '0.00',
      {
        rest: null,
        parts: [
          ['2026-01-15', '100.00'],
          ['2026-04-30', '900.00'],
        ],
      },
    ],
    [
      'two debts due the same day summed',
      [
        { dueDay: '2026-02-01', amount: '40.10' },
        { dueDay: '2026-02-01', amount: '59.90' },
      ],
      '0',
      { rest: null, parts: [['2026-02-01', '100.00']] },
    ],
    [
      'the part it had not applied as its rest',
      [{ dueDay: '2026-03-13', amount: '400.00' }],
      '600.00',
      { rest: '600.00', parts: [['2026-03-13', '400.00']] },
    ],
    ['a transfer that settled nothing: all of it the rest', [], '250.50', { rest: '250.50', parts: [] }],
  ] as const)('%s', (_name, settled, unapplied, expected) => {
    expect(view(reversalParts(settled, unapplied))).toEqual(expected)
  })
})

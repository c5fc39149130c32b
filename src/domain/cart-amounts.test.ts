import { describe, expect, it } from 'vitest'
import { cartAmounts, cartLineBasis } from './cart-amounts'

const fixed = (s: {
  subtotal: { toFixed(n: number): string }
  tax: { toFixed(n: number): string }
  total: { toFixed(n: number): string }
}) => `${s.subtotal.toFixed(2)} + ${s.tax.toFixed(2)} = ${s.total.toFixed(2)}`

describe('cartLineBasis (a stored line priced for the totals)', () => {
  it.each([
    // unit price, profit %, basis unit price (not rounded)
    ['100', 0, '100'],
    ['100', 2.5, '102.5'],
    ['19.99', -5, '18.9905'],
    ['14000', '10', '15400'],
  ])('%s with %s %% → %s', (unitPrice, profitPercent, expected) => {
    const basis = cartLineBasis({ unitPrice, profitPercent, fromRate: '42.35', quantity: 3, taxRate: '20' })
    expect(basis.unitPrice.toString()).toBe(expected)
    expect(basis).toMatchObject({ fromRate: '42.35', quantity: 3, taxRate: '20' })
  })
})

describe('cartAmounts (spec/1 §9)', () => {
  const tryLine = cartLineBasis({
    unitPrice: '99.90',
    profitPercent: 0,
    fromRate: 1,
    quantity: 1,
    taxRate: 1,
  })
  const usdLine = cartLineBasis({
    unitPrice: '10',
    profitPercent: 0,
    fromRate: '42.35',
    quantity: 2,
    taxRate: 20,
  })
  const eurLine = cartLineBasis({
    unitPrice: '5',
    profitPercent: 0,
    fromRate: '49.10',
    quantity: 1,
    taxRate: 10,
  })

  it.each([
    {
      name: 'an empty cart',
      lines: [],
      rate: 1,
      expected: {
        count: 0,
        quantity: 0,
        totals: '0.00 + 0.00 = 0.00',
        base: '0.00 + 0.00 = 0.00',
        lines: [],
      },
    },
    {
      name: 'mixed currencies shown in TRY: the base is the same cart',
      lines: [usdLine, eurLine, tryLine],
      rate: 1,
      expected: {
        count: 3,
        quantity: 4,
        totals: '1192.40 + 194.95 = 1387.35',
        base: '1192.40 + 194.95 = 1387.35',
        lines: ['423.50 × 2 = 847.00', '245.50 × 1 = 245.50', '99.90 × 1 = 99.90'],
      },
    },
    {
      name: 'shown in USD, the base in TRY',
      lines: [usdLine],
      rate: '42.35',
      expected: {
        count: 1,
        quantity: 2,
        totals: '20.00 + 4.00 = 24.00',
        base: '847.00 + 169.40 = 1016.40',
        lines: ['10.00 × 2 = 20.00'],
      },
    },
    {
      name: 'a dealer with 2.5 % profit, rounded once per unit price',
      lines: [
        cartLineBasis({ unitPrice: '19.99', profitPercent: 2.5, fromRate: 1, quantity: 3, taxRate: 20 }),
      ],
      rate: 1,
      expected: {
        count: 1,
        quantity: 3,
        totals: '61.47 + 12.29 = 73.76', // 20.48975 → 20.49 × 3; tax 12.294
        base: '61.47 + 12.29 = 73.76',
        lines: ['20.49 × 3 = 61.47'],
      },
    },
  ])('$name', ({ lines, rate, expected }) => {
    const cart = cartAmounts(lines, rate)
    expect({
      count: cart.count,
      quantity: cart.quantity,
      totals: fixed(cart.totals),
      base: fixed(cart.baseTotals),
      lines: cart.lines.map(
        (l, i) => `${l.unitPrice.toFixed(2)} × ${lines[i]!.quantity} = ${l.amount.toFixed(2)}`,
      ),
    }).toEqual(expected)
  })

  it('prices lines already in the shown currency alike at its rate (what the web app holds)', () => {
    // The web app holds unit prices already in USD; with every rate the USD rate it gets the server's figures.
    const held = [{ unitPrice: 10, fromRate: '42.35', quantity: 2, taxRate: 20 }]
    expect(fixed(cartAmounts(held, '42.35').totals)).toBe('20.00 + 4.00 = 24.00')
    expect(fixed(cartAmounts(held, '42.35').baseTotals)).toBe('847.00 + 169.40 = 1016.40')
  })
})

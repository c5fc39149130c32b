import { describe, expect, it } from 'vitest'
import { cartTotals } from './cart-totals'

const show = (t: ReturnType<typeof cartTotals>) => ({
  subtotal: t.subtotal.toFixed(2),
  tax: t.tax.toFixed(2),
  total: t.total.toFixed(2),
  lines: t.lines.map((l) => `${l.unitPrice.toFixed(2)}×=${l.amount.toFixed(2)}`),
})

describe('cartTotals (spec/1 §9)', () => {
  it.each([
    {
      name: 'one TRY line with 20 % tax',
      lines: [{ unitPrice: '100', fromRate: '1', quantity: 3, taxRate: 20 }],
      toRate: '1',
      expected: { subtotal: '300.00', tax: '60.00', total: '360.00', lines: ['100.00×=300.00'] },
    },
    {
      name: 'mixed currencies shown in TRY',
      lines: [
        { unitPrice: '10', fromRate: '42.35', quantity: 2, taxRate: 20 }, // USD
        { unitPrice: '5', fromRate: '49.10', quantity: 1, taxRate: 10 }, // EUR
        { unitPrice: '99.90', fromRate: '1', quantity: 1, taxRate: 1 },
      ],
      toRate: '1',
      expected: {
        subtotal: '1192.40', // 847.00 + 245.50 + 99.90
        tax: '194.95', // 169.40 + 24.55 + 0.999 = 194.949
        total: '1387.35',
        lines: ['423.50×=847.00', '245.50×=245.50', '99.90×=99.90'],
      },
    },
    {
      name: 'the same cart shown in USD',
      lines: [
        { unitPrice: '10', fromRate: '42.35', quantity: 2, taxRate: 20 },
        { unitPrice: '423.5', fromRate: '1', quantity: 1, taxRate: 20 },
      ],
      toRate: '42.35',
      expected: { subtotal: '30.00', tax: '6.00', total: '36.00', lines: ['10.00×=20.00', '10.00×=10.00'] },
    },
    {
      name: 'without tax',
      lines: [{ unitPrice: '12.345', fromRate: '1', quantity: 4, taxRate: 0 }],
      toRate: '1',
      expected: { subtotal: '49.40', tax: '0.00', total: '49.40', lines: ['12.35×=49.40'] },
    },
    {
      name: 'unit price rounding at the .005 edge: half up',
      lines: [
        { unitPrice: '0.125', fromRate: '1', quantity: 1, taxRate: 0 },
        { unitPrice: '0.124', fromRate: '1', quantity: 1, taxRate: 0 },
      ],
      toRate: '1',
      expected: { subtotal: '0.25', tax: '0.00', total: '0.25', lines: ['0.13×=0.13', '0.12×=0.12'] },
    },
    {
      name: 'tax rounded once over the cart, half up at .005',
      lines: [
        { unitPrice: '0.05', fromRate: '1', quantity: 1, taxRate: 10 }, // 0.005
        { unitPrice: '0.05', fromRate: '1', quantity: 1, taxRate: 10 }, // 0.005
        { unitPrice: '0.05', fromRate: '1', quantity: 1, taxRate: 10 }, // 0.005 → 0.015 → 0.02
      ],
      toRate: '1',
      expected: {
        subtotal: '0.15',
        tax: '0.02',
        total: '0.17',
        lines: ['0.05×=0.05', '0.05×=0.05', '0.05×=0.05'],
      },
    },
    {
      name: 'an empty cart',
      lines: [],
      toRate: '1',
      expected: { subtotal: '0.00', tax: '0.00', total: '0.00', lines: [] },
    },
  ])('$name', ({ lines, toRate, expected }) => {
    expect(show(cartTotals(lines, toRate))).toEqual(expected)
  })

  it('gives the TRY-base total of a USD-shown cart with toRate 1', () => {
    const lines = [{ unitPrice: '10', fromRate: '42.35', quantity: 2, taxRate: 20 }]
    expect(show(cartTotals(lines, '42.35')).total).toBe('24.00')
    expect(show(cartTotals(lines, '1')).total).toBe('1016.40') // 847.00 + 169.40
  })
})

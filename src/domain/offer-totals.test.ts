import { describe, expect, it } from 'vitest'
import { offerTotals, offerUnitPrice } from './offer-totals'

const show = (t: ReturnType<typeof offerTotals>) => ({
  subtotal: t.subtotal.toFixed(2),
  tax: t.tax.toFixed(2),
  total: t.total.toFixed(2),
  lines: t.lines.map((l) => `${l.unitPrice.toFixed(2)}=${l.amount.toFixed(2)}+${l.tax.toFixed(2)}`),
})

describe('offerTotals (spec/2 §9)', () => {
  it.each([
    {
      name: 'profit 0 leaves the snapshot price',
      lines: [{ price: '100', profit: 0, quantity: 3, taxRate: 20 }],
      expected: { subtotal: '300.00', tax: '60.00', total: '360.00', lines: ['100.00=300.00+60.00'] },
    },
    {
      name: 'a positive profit is a mark-up before tax',
      lines: [{ price: '80', profit: 15, quantity: 2, taxRate: 20 }],
      expected: { subtotal: '184.00', tax: '36.80', total: '220.80', lines: ['92.00=184.00+36.80'] },
    },
    {
      name: 'a negative profit is a discount; the unit price is rounded before × quantity',
      lines: [{ price: '49.99', profit: -10, quantity: 3, taxRate: 10 }], // 44.991 → 44.99
      expected: { subtotal: '134.97', tax: '13.50', total: '148.47', lines: ['44.99=134.97+13.50'] },
    },
    {
      name: 'a fractional profit (12.5 %)',
      lines: [
        { price: '10', profit: 12.5, quantity: 4, taxRate: 20 }, // 11.25
        { price: '19.99', profit: '12.5', quantity: 1, taxRate: 0 }, // 22.48875 → 22.49
      ],
      expected: {
        subtotal: '67.49',
        tax: '9.00',
        total: '76.49',
        lines: ['11.25=45.00+9.00', '22.49=22.49+0.00'],
      },
    },
    {
      name: 'unit price at the .005 edge rounds half up, also for a discount',
      lines: [
        { price: '0.1', profit: 25, quantity: 1, taxRate: 0 }, // 0.125 → 0.13
        { price: '0.1', profit: 24, quantity: 1, taxRate: 0 }, // 0.124 → 0.12
        { price: '1.01', profit: 50, quantity: 2, taxRate: 0 }, // 1.515 → 1.52
        { price: '0.15', profit: -50, quantity: 1, taxRate: 0 }, // 0.075 → 0.08
      ],
      expected: {
        subtotal: '3.37',
        tax: '0.00',
        total: '3.37',
        lines: ['0.13=0.13+0.00', '0.12=0.12+0.00', '1.52=3.04+0.00', '0.08=0.08+0.00'],
      },
    },
    {
      name: 'tax is summed exactly and rounded once over the offer, like the cart',
      lines: [
        { price: '0.05', profit: 0, quantity: 1, taxRate: 10 }, // tax 0.005
        { price: '0.05', profit: 0, quantity: 1, taxRate: 10 }, // tax 0.005
      ],
      expected: {
        subtotal: '0.10',
        tax: '0.01',
        total: '0.11',
        lines: ['0.05=0.05+0.01', '0.05=0.05+0.01'],
      },
    },
    {
      name: 'mixed tax rates 0 / 10 / 20 with different profits',
      lines: [
        { price: '50', profit: 10, quantity: 2, taxRate: 0 }, // 55.00 × 2
        { price: '33.33', profit: 0, quantity: 3, taxRate: 10 }, // 99.99, tax 9.999
        { price: '12.5', profit: -20, quantity: 1, taxRate: 20 }, // 10.00, tax 2.00
      ],
      expected: {
        subtotal: '219.99',
        tax: '12.00',
        total: '231.99',
        lines: ['55.00=110.00+0.00', '33.33=99.99+10.00', '10.00=10.00+2.00'],
      },
    },
    {
      name: 'the smallest profit allowed gives the goods almost away',
      lines: [{ price: '100', profit: -99.99, quantity: 5, taxRate: 20 }], // 0.01
      expected: { subtotal: '0.05', tax: '0.01', total: '0.06', lines: ['0.01=0.05+0.01'] },
    },
    {
      name: 'no lines',
      lines: [],
      expected: { subtotal: '0.00', tax: '0.00', total: '0.00', lines: [] },
    },
  ])('$name', ({ lines, expected }) => {
    expect(show(offerTotals(lines))).toEqual(expected)
  })

  it('offerUnitPrice is the rounded price × (1 + profit/100)', () => {
    expect(offerUnitPrice('1234.56', 7.5).toFixed(2)).toBe('1327.15') // 1327.152
    expect(offerUnitPrice(10, 1000).toFixed(2)).toBe('110.00')
    expect(offerUnitPrice('0.005', 0).toFixed(2)).toBe('0.01')
  })
})

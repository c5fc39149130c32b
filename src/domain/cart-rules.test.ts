import { describe, expect, it } from 'vitest'
import { buyControl, productOffer, refuseAdd } from './cart-rules'
import { stockDisplay } from './stock'

const base = {
  isVariantParent: false,
  salePrice: 10,
  multiplier: 1,
  requested: 1,
  stock: 10,
  stockInfoStatus: 0,
  inCartBaseUnits: 0,
  cartStockControl: false,
}

describe('refuseAdd', () => {
  it.each([
    ['allowed', {}, null],
    ['a variant family needs a chosen child', { isVariantParent: true }, { reason: 'variantRequired' }],
    ['sale price 0', { salePrice: 0 }, { reason: 'noPrice' }],
    ['exactly the stock', { requested: 10 }, null],
    ['one more than the stock', { requested: 11 }, { reason: 'stock', requested: 11 }],
    ['counts what the cart holds', { requested: 4, inCartBaseUnits: 7 }, { reason: 'stock', requested: 4 }],
    ['counts in base units: 1 box of 12 from 10', { multiplier: 12 }, { reason: 'stock', requested: 1 }],
    ['1 box of 12 from 24 with 12 in the cart', { multiplier: 12, stock: 24, inCartBaseUnits: 12 }, null],
    ['mode 3 adds 5', { requested: 15, stockInfoStatus: 3 }, null],
    ['mode 3 adds only 5', { requested: 16, stockInfoStatus: 3 }, { reason: 'stock', requested: 16 }],
    ['mode 9 keeps 5 back', { requested: 6, stockInfoStatus: 9 }, { reason: 'stock', requested: 6 }],
    ['cartStockControl lifts the limit', { requested: 5000, stock: 0, cartStockControl: true }, null],
    ['a line up to 100,000', { lineQuantity: 99_999, cartStockControl: true }, null],
    [
      'a line never past 100,000, even with cartStockControl',
      { lineQuantity: 100_000, cartStockControl: true },
      { reason: 'lineFull', max: 100_000 },
    ],
    [
      'cartStockControl does not lift the price rule',
      { salePrice: 0, cartStockControl: true },
      { reason: 'noPrice' },
    ],
  ])('%s', (_label, patch, expected) => {
    expect(refuseAdd({ ...base, ...patch })).toEqual(expected)
  })
})

describe('buyControl', () => {
  const product = {
    salePrice: 10,
    quantity: 5,
    cartStockControl: false,
    isVariantParent: false,
    whatsappControl: false,
    whatsapp: null,
  }
  it.each([
    ['in stock with a price', {}, { kind: 'add' }],
    ['no price', { salePrice: 0 }, { kind: 'askPrice' }],
    ['no price even with stock control', { salePrice: 0, cartStockControl: true }, { kind: 'askPrice' }],
    ['out of stock', { quantity: 0 }, { kind: 'noStock' }],
    ['out of stock, negative', { quantity: -2 }, { kind: 'noStock' }],
    ['out of stock but not controlled', { quantity: 0, cartStockControl: true }, { kind: 'add' }],
    ['out of stock family', { quantity: 0, isVariantParent: true }, { kind: 'soldOut' }],
    [
      'WhatsApp on',
      { quantity: 0, whatsappControl: true, whatsapp: '905321234567' },
      { kind: 'askOnWhatsapp', phone: '905321234567' },
    ],
    [
      'WhatsApp number too short',
      { quantity: 0, whatsappControl: true, whatsapp: '1234' },
      { kind: 'noStock' },
    ],
    ['WhatsApp off', { quantity: 0, whatsappControl: false, whatsapp: '905321234567' }, { kind: 'noStock' }],
    ['stock hidden from the visitor', { quantity: null }, { kind: 'add' }],
    ['price hidden from the visitor', { salePrice: null }, { kind: 'add' }],
    [
      'a safety margin (mode 9: −5) above the stock',
      { quantity: 3, stockInfoStatus: 9 },
      { kind: 'noStock' },
    ],
    ['a margin the stock passes', { quantity: 6, stockInfoStatus: 9 }, { kind: 'add' }],
    ['thin stock shown as there (mode 3: +5)', { quantity: 0, stockInfoStatus: 3 }, { kind: 'add' }],
    ['more than N (mode 16) adds nothing', { quantity: 0, stockInfoStatus: 16 }, { kind: 'noStock' }],
  ])('%s', (_label, patch, expected) => {
    expect(buyControl({ ...product, ...patch })).toEqual(expected)
  })
})

describe('productOffer', () => {
  const base = {
    salePrice: 10,
    quantity: 982,
    cartStockControl: false,
    isVariantParent: false,
    whatsappControl: false,
    whatsapp: null,
    stockInfoStatus: 0,
    stock: { kind: 'exact', quantity: 982 } as const,
  }
  it.each([
    ['priced, in stock', {}, { control: { kind: 'add' }, stock: { kind: 'exact', quantity: 982 } }],
    [
      'no price, one unit: ask for the price, the stock stays',
      { salePrice: 0 },
      { control: { kind: 'askPrice' }, stock: { kind: 'exact', quantity: 982 } },
    ],
    [
      'no price, stock not shown to the visitor',
      { salePrice: 0, stock: null },
      { control: { kind: 'askPrice' }, stock: null },
    ],
    [
      'a margin above the stock: the line and the control both say there is none',
      { quantity: 3, stockInfoStatus: 9, stock: { kind: 'outOfStock' } as const },
      { control: { kind: 'noStock' }, stock: { kind: 'outOfStock' } },
    ],
  ])('%s', (_label, patch, expected) => {
    expect(productOffer({ ...base, ...patch })).toEqual(expected)
  })

  it('never puts a stock line saying "in stock" beside a control saying there is none, in any mode', () => {
    for (let mode = 0; mode <= 20; mode++) {
      for (const quantity of [-20, -1, 0, 1, 3, 5, 6, 10, 21, 982]) {
        for (const cartStockControl of [false, true]) {
          const offer = productOffer({
            ...base,
            quantity,
            cartStockControl,
            stockInfoStatus: mode,
            stock: stockDisplay(mode, quantity),
          })
          const label = `mode ${mode}, ${quantity} in stock, cartStockControl ${cartStockControl}`
          const inStock = ['exact', 'available', 'moreThan'].includes(offer.stock?.kind ?? '')
          if (inStock) expect(offer.control.kind, label).toBe('add')
          if (offer.stock?.kind === 'outOfStock' && !cartStockControl)
            expect(offer.control.kind, label).not.toBe('add')
        }
      }
    }
  })
})

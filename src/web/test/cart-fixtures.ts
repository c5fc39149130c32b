import { type Cart, type CartLine, cartLineSchema, cartSchema } from '../../contracts/cart'
import { type CheckoutInfo, checkoutInfoSchema } from '../../contracts/orders'
import { cartAmounts } from '../../domain/cart-amounts'
import { unit } from './catalog-fixtures'

const money = (value: number, currency = 'TRY') => ({ value, currency })

/** A cart line as the server answers it: 'Fren Balatası' in Adet (1) or Koli (12), 20 % KDV. */
export function cartLine(overrides: Partial<CartLine> & { unitId?: number } = {}): CartLine {
  const adet = unit()
  const koli = unit({
    id: 12,
    value: 'Koli',
    multiplier: 12,
    isDefault: false,
    defaultPrice: money(14000),
    listPrice: money(18000),
  })
  const { unitId, ...rest } = overrides
  const productUnit = unitId === 12 ? koli : adet
  const quantity = rest.quantity ?? 2
  const unitPrice = rest.unitPrice ?? money(productUnit.defaultPrice?.value ?? 0)
  return cartLineSchema.parse({
    id: 501,
    quantity,
    product: {
      id: 1,
      name: 'Fren Balatası',
      code: 'FB-100',
      seo: 'fren-balatasi',
      url: '/fren-balatasi-p-1',
      image: 'fb-100.jpg',
      barcode: null,
      ozelkod2: 'OZ-2',
      stockNumberType: 'StockCode',
      quantity: 120,
      taxRate: 20,
      units: [adet, koli],
    },
    productUnit,
    unitPrice,
    amount: money(unitPrice.value * quantity, unitPrice.currency),
    tax: money((unitPrice.value * quantity * 20) / 100, unitPrice.currency),
    ...rest,
  })
}

/**
 * A whole cart as the server answers it, its numbers from the same domain function the server uses;
 * `rate` is the shown currency's value in TRY (for the TRY-base totals).
 */
export function cartOf(items: CartLine[], currency = 'TRY', rate = 1): Cart {
  const cart = cartAmounts(
    items.map((l) => ({
      unitPrice: l.unitPrice.value,
      fromRate: rate,
      quantity: l.quantity,
      taxRate: l.product.taxRate,
    })),
    rate,
  )
  return cartSchema.parse({
    items: items.map((l, i) => ({
      ...l,
      amount: money(cart.lines[i]!.amount.toNumber(), currency),
      tax: money(cart.lines[i]!.tax.toNumber(), currency),
    })),
    count: cart.count,
    quantity: cart.quantity,
    totals: {
      subtotal: money(cart.totals.subtotal.toNumber(), currency),
      tax: money(cart.totals.tax.toNumber(), currency),
      total: money(cart.totals.total.toNumber(), currency),
    },
    baseTotals: {
      subtotal: money(cart.baseTotals.subtotal.toNumber()),
      tax: money(cart.baseTotals.tax.toNumber()),
      total: money(cart.baseTotals.total.toNumber()),
    },
  })
}

export const emptyCart = (currency = 'TRY'): Cart => cartOf([], currency)

/**
 * A plan's figures as GET /api/catalog/cart/checkout answers them for `cart`: each line at the net
 * unit price given (shown currency; the cart's own price where none is given), priced by cartOf.
 */
export function planFigures(
  cart: Cart,
  id: number,
  unitPrices: (number | null)[] = [],
  rate = 1,
): CheckoutInfo['plans'][number] {
  const currency = cart.totals.total.currency
  const priced = cartOf(
    cart.items.map((line, i) => {
      const price = unitPrices[i] === undefined ? line.unitPrice.value : (unitPrices[i] ?? 0)
      return { ...line, unitPrice: money(price, currency) }
    }),
    currency,
    rate,
  )
  return checkoutInfoSchema.shape.plans.element.parse({
    id,
    ...priced.totals,
    baseTotal: priced.baseTotals.total.value,
    baseTotals: priced.baseTotals,
    lines: priced.items.map((line, i) => ({
      id: line.id,
      unitId: line.productUnit.id,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.amount,
      tax: line.tax,
      priced: unitPrices[i] !== null,
    })),
  })
}

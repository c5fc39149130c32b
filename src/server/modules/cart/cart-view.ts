import type Big from 'big.js'
import type { Cart, CartLine } from '../../../contracts/cart'
import type { Unit } from '../../../contracts/catalog'
import { type CartSums, cartAmounts, cartLineBasis } from '../../../domain/cart-amounts'
import type { CartTotalsLine } from '../../../domain/cart-totals'
import { productPath } from '../../../domain/product-url'
import { type PricingContext, priceFor } from '../catalog/pricing.service'
import type { CartLineRow } from './cart.repository'

/** A line ready for totals: what the view shows of it, and what the totals function needs. */
export type PricedLine = {
  view: Omit<CartLine, 'unitPrice' | 'amount' | 'tax' | 'quantity'>
  basis: CartTotalsLine
}

/** Unit default price × (1 + the company's profit %), in the product's currency; units priced for display. */
export function priceLine(row: CartLineRow, ctx: PricingContext): PricedLine {
  const unit = row.units.find((u) => u.id === row.unitId)!
  const units: Unit[] = row.units.map((u) => ({
    id: u.id,
    value: u.value,
    multiplier: u.multiplier,
    barcode: u.barcode,
    isDefault: u.isDefault,
    defaultPrice: priceFor(ctx, u.defaultPrice, row.currencyId, row.taxRate),
    listPrice: priceFor(ctx, u.listPrice, row.currencyId, row.taxRate),
  }))
  return {
    view: {
      id: row.id,
      product: {
        id: row.productId,
        name: row.name,
        code: row.code,
        seo: row.seo,
        url: productPath(row.seo, row.productId),
        image: row.image,
        barcode: row.barcode,
        ozelkod2: row.ozelkod2,
        stockNumberType: row.stockNumberType,
        quantity: row.stock,
        taxRate: Number(row.taxRate),
        units,
      },
      productUnit: units.find((u) => u.id === row.unitId)!,
    },
    basis: cartLineBasis({
      unitPrice: unit.defaultPrice,
      profitPercent: ctx.profitPercent,
      fromRate: ctx.currencies.get(row.currencyId)?.exchangeRate ?? 1,
      quantity: row.quantity,
      taxRate: row.taxRate,
    }),
  }
}

const money = (value: Big, currency: string) => ({ value: value.toNumber(), currency })

const sumsIn = (sums: CartSums, currency: string) => ({
  subtotal: money(sums.subtotal, currency),
  tax: money(sums.tax, currency),
  total: money(sums.total, currency),
})

/** The cart as answered: lines and totals from the one domain function the web app also uses. */
export function assembleCart(lines: PricedLine[], ctx: PricingContext): Cart {
  const cart = cartAmounts(
    lines.map((l) => l.basis),
    ctx.target.exchangeRate,
  )
  const code = ctx.target.code
  const items: CartLine[] = lines.map((line, i) => {
    const amounts = cart.lines[i]!
    return {
      ...line.view,
      quantity: line.basis.quantity,
      unitPrice: money(amounts.unitPrice, code),
      amount: money(amounts.amount, code),
      tax: money(amounts.tax, code),
    }
  })
  return {
    items,
    count: cart.count,
    quantity: cart.quantity,
    totals: sumsIn(cart.totals, code),
    baseTotals: sumsIn(cart.baseTotals, 'TRY'),
  }
}

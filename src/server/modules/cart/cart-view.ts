import Big from 'big.js'
import type { Cart, CartLine } from '../../../contracts/cart'
import type { Unit } from '../../../contracts/catalog'
import { cartTotals } from '../../../domain/cart-totals'
import { type PricingContext, priceFor } from '../catalog/pricing-context'
import { productUrl } from '../catalog/product-mapper'
import type { CartLineRow } from './cart.repository'

const money = (value: Big, currency: string) => ({ value: value.toNumber(), currency })

/**
 * Prices a cart from the catalogue as it is now: unit default price × (1 + the company's profit %),
 * converted and totalled by the one domain function the web app also uses.
 */
export function cartView(rows: CartLineRow[], ctx: PricingContext): Cart {
  const lines = rows.map((row) => {
    const unit = row.units.find((u) => u.id === row.unitId)!
    const profit = new Big(ctx.profitPercent).div(100).plus(1)
    return {
      unitPrice: new Big(unit.defaultPrice).times(profit),
      fromRate: ctx.currencies.get(row.currencyId)?.exchangeRate ?? 1,
      quantity: row.quantity,
      taxRate: row.taxRate,
    }
  })
  const shown = cartTotals(lines, ctx.target.exchangeRate)
  const base = cartTotals(lines, 1)
  const code = ctx.target.code
  const items: CartLine[] = rows.map((row, i) => {
    const units: Unit[] = row.units.map((u) => ({
      id: u.id,
      value: u.value,
      multiplier: u.multiplier,
      barcode: u.barcode,
      isDefault: u.isDefault,
      defaultPrice: priceFor(ctx, u.defaultPrice, row.currencyId, row.taxRate),
      listPrice: priceFor(ctx, u.listPrice, row.currencyId, row.taxRate),
    }))
    const amounts = shown.lines[i]!
    return {
      id: row.id,
      quantity: row.quantity,
      product: {
        id: row.productId,
        name: row.name,
        code: row.code,
        seo: row.seo,
        url: productUrl(row.seo, row.productId),
        image: row.image,
        barcode: row.barcode,
        ozelkod2: row.ozelkod2,
        stockNumberType: row.stockNumberType,
        quantity: row.stock,
        taxRate: Number(row.taxRate),
        units,
      },
      productUnit: units.find((u) => u.id === row.unitId)!,
      unitPrice: money(amounts.unitPrice, code),
      amount: money(amounts.amount, code),
      tax: money(amounts.tax, code),
    }
  })
  return {
    items,
    count: items.length,
    quantity: items.reduce((sum, l) => sum + l.quantity, 0),
    totals: {
      subtotal: money(shown.subtotal, code),
      tax: money(shown.tax, code),
      total: money(shown.total, code),
    },
    baseTotals: {
      subtotal: money(base.subtotal, 'TRY'),
      tax: money(base.tax, 'TRY'),
      total: money(base.total, 'TRY'),
    },
  }
}

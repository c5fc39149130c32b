import { canAdd, remainingStock } from './stock'

/** A sane upper bound for one line, in the chosen unit. */
export const MAX_LINE_QUANTITY = 100_000

export type AddRefusal =
  | { reason: 'variantRequired' }
  | { reason: 'noPrice' }
  | { reason: 'stock'; requested: number }
  | { reason: 'lineFull'; max: number }

/**
 * Whether `requested` of a unit (with its multiplier) may go into the cart (spec/1 §5): a variant
 * family needs a chosen child; a product with sale price 0 cannot be bought; the stock limit counts in
 * base units, adds the display mode's offset, subtracts what the cart already holds of the product and
 * is not applied when cartStockControl is on. The line it lands on (`lineQuantity` already there, in
 * the same unit) may not pass MAX_LINE_QUANTITY, with or without the stock limit. Returns null when
 * allowed.
 */
export function refuseAdd(input: {
  isVariantParent: boolean
  salePrice: number
  multiplier: number
  requested: number
  stock: number
  stockInfoStatus: number
  inCartBaseUnits: number
  cartStockControl: boolean
  lineQuantity?: number
}): AddRefusal | null {
  if (input.isVariantParent) return { reason: 'variantRequired' }
  if (!(input.salePrice > 0)) return { reason: 'noPrice' }
  if ((input.lineQuantity ?? 0) + input.requested > MAX_LINE_QUANTITY)
    return { reason: 'lineFull', max: MAX_LINE_QUANTITY }
  const remaining = remainingStock({
    quantity: input.stock,
    mode: input.stockInfoStatus,
    inCartBaseUnits: input.inCartBaseUnits,
    cartStockControl: input.cartStockControl,
  })
  if (!canAdd(remaining, input.requested, input.multiplier))
    return { reason: 'stock', requested: input.requested }
  return null
}

export type BuyControl =
  | { kind: 'add' }
  | { kind: 'askPrice' } // 'Fiyat Sorunuz'
  | { kind: 'soldOut' } // 'Stokta Tükendi'
  | { kind: 'noStock' } // 'Stokta Yok'
  | { kind: 'askOnWhatsapp'; phone: string } // 'Stokta Sorunuz' as a WhatsApp link

/**
 * What stands where the add-to-cart button would (spec/1 §5, §8): the button only with a price and
 * either stock or cartStockControl on. Otherwise 'Fiyat Sorunuz' without a price; without stock the
 * WhatsApp link when it is on and the number is longer than 4 characters, else 'Stokta Tükendi' for
 * a variant family whose children are all gone and 'Stokta Yok' for a single product.
 */
export function buyControl(input: {
  salePrice: number | null
  quantity: number | null
  cartStockControl: boolean
  isVariantParent: boolean
  whatsappControl: boolean
  whatsapp: string | null
}): BuyControl {
  if (input.salePrice !== null && !(input.salePrice > 0)) return { kind: 'askPrice' }
  if ((input.quantity ?? 1) > 0 || input.cartStockControl) return { kind: 'add' }
  const phone = input.whatsapp?.trim() ?? ''
  if (input.whatsappControl && phone.length > 4) return { kind: 'askOnWhatsapp', phone }
  return input.isVariantParent ? { kind: 'soldOut' } : { kind: 'noStock' }
}

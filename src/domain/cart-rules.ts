import { canAdd, remainingStock, type StockDisplay, stockOffset } from './stock'

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
 * a variant family whose children are all gone and 'Stokta Yok' for a single product. Stock counts
 * with the display mode's offset (`stockInfoStatus`, spec/1 §9), as the stock line and the add limit
 * do: a line saying 'Stokta Var' never stands beside 'Stokta Yok', nor 'Stok sorunuz.' beside a button
 * whose add the limit would refuse.
 */
export function buyControl(input: {
  salePrice: number | null
  quantity: number | null
  cartStockControl: boolean
  isVariantParent: boolean
  whatsappControl: boolean
  whatsapp: string | null
  stockInfoStatus?: number
}): BuyControl {
  if (input.salePrice !== null && !(input.salePrice > 0)) return { kind: 'askPrice' }
  const stock = input.quantity === null ? 1 : input.quantity + stockOffset(input.stockInfoStatus ?? 0)
  if (stock > 0 || input.cartStockControl) return { kind: 'add' }
  const phone = input.whatsapp?.trim() ?? ''
  if (input.whatsappControl && phone.length > 4) return { kind: 'askOnWhatsapp', phone }
  return input.isVariantParent ? { kind: 'soldOut' } : { kind: 'noStock' }
}

/** The stock line: what the display mode shows (spec/1 §9). */
export type StockLine = StockDisplay

export interface ProductOffer {
  control: BuyControl
  /** null when the visitor does not see stock. */
  stock: StockLine | null
}

/**
 * The buy control and the stock line of one product, decided together so they never contradict each
 * other: the line is the display mode's (`stock`, what the server decided) and the control
 * counts the same stock with the same offset. Without a price the control is 'Fiyat Sorunuz', with
 * one unit or several. The red 'Stok sorunuz.' of "several units and no price" is, as spec/2 §8 words
 * it, the out-of-stock case: the stock line's own out-of-stock text (red); a product in stock shows its
 * stock beside 'Fiyat Sorunuz', never "ask about stock" beside '982 in stock' (docs/decisions.md,
 * "Product widgets").
 */
export function productOffer(
  input: Parameters<typeof buyControl>[0] & { stock: StockDisplay | null },
): ProductOffer {
  return { control: buyControl(input), stock: input.stock }
}

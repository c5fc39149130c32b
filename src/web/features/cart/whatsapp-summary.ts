import type { Cart } from '../../../contracts/cart'
import type { Locale } from '../../../contracts/common'
import { formatMoney, normalizeCurrencyCode } from '../../../domain/money-format'

export interface CartSummaryLabels {
  /** The first line, e.g. 'Demo Toptan - Sepet Özeti'. */
  title: string
  subtotal: string
  tax: string
  total: string
  /** The total in the TRY base, added when the cart is shown in another currency. */
  baseTotal: string
}

/**
 * The cart as plain text people can read in a chat: a title, one line per item
 * 'code - name × quantity unit = amount', then subtotal, tax and total in the cart's currency
 * (and the TRY total when another currency is shown), money in the domain's format.
 */
export function cartSummaryText(cart: Cart, labels: CartSummaryLabels, locale: Locale = 'tr'): string {
  const money = (value: Cart['totals']['total']) => formatMoney(value, locale)
  const items = cart.items.map(
    (line) =>
      `${line.product.code} - ${line.product.name} × ${line.quantity} ${line.productUnit.value} = ${money(line.amount)}`,
  )
  const totals = [
    `${labels.subtotal}: ${money(cart.totals.subtotal)}`,
    `${labels.tax}: ${money(cart.totals.tax)}`,
    `${labels.total}: ${money(cart.totals.total)}`,
  ]
  if (normalizeCurrencyCode(cart.totals.total.currency) !== 'TRY') {
    totals.push(`${labels.baseTotal}: ${money(cart.baseTotals.total)}`)
  }
  return [labels.title, '', ...items, '', ...totals].join('\n')
}

/** A WhatsApp share link: the app (or WhatsApp Web) opens with the text ready to send to anyone. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

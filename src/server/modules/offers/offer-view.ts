import type { Offer } from '../../../contracts/offers'
import { offerTotals } from '../../../domain/offer-totals'
import type { OfferItemRow, OfferRow } from './offers.repository'

/**
 * An offer as the dealer sees it: the snapshot lines with each line's profit applied and the totals of
 * the one domain function (offerTotals), so the list, the print form and the mail agree.
 */
export function offerView(offer: OfferRow, items: OfferItemRow[]): Offer {
  const currency = offer.currencyCode
  const money = (value: { toNumber(): number } | string) => ({
    value: typeof value === 'string' ? Number(value) : value.toNumber(),
    currency,
  })
  const totals = offerTotals(
    items.map((item) => ({
      price: item.unitPrice,
      profit: item.profit,
      quantity: item.quantity,
      taxRate: item.taxRate,
    })),
  )
  return {
    id: offer.id,
    orderNo: offer.offerNo,
    date: offer.createdAt.toISOString(),
    isCancel: offer.isCancel,
    description: offer.description,
    creator: offer.creator,
    customerName: offer.customerName,
    customerCompanyName: offer.customerCompanyName,
    customerEmail: offer.customerEmail,
    customerPhone: offer.customerPhone,
    subtotal: money(totals.subtotal),
    tax: money(totals.tax),
    total: money(totals.total),
    offerItems: items.map((item, i) => {
      const line = totals.lines[i]!
      return {
        id: item.id,
        productId: item.productId,
        code: item.code,
        name: item.name,
        image: item.image,
        unit: item.unitName,
        quantity: item.quantity,
        price: money(item.unitPrice),
        taxRate: Number(item.taxRate),
        profit: Number(item.profit),
        order: item.sortOrder,
        unitPrice: money(line.unitPrice),
        amount: money(line.amount),
        tax: money(line.tax),
      }
    }),
  }
}

import type {
  StaffOfferDetail,
  StaffOfferList,
  StaffOfferOrdered,
  StaffOffersQuery,
} from '../../../contracts/staff-offers'
import { STAFF_OFFERS_PAGE_SIZE } from '../../../contracts/staff-offers'
import { startOfDay } from '../../../domain/date-format'
import { addDays } from '../../../domain/ledger'
import { offerTotals } from '../../../domain/offer-totals'
import { pageBounds } from '../../../domain/paging'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { recordAudit } from '../audit/audit.service'
import { recordIntegrationEvent } from '../integration-feeds/integration-feeds.service'
import { forgetOrderEffects, placeOrderOnBehalf } from '../orders/orders.service'
import { loadStoreSettings } from '../store/store.service'
import { findOfferItems, type OfferItemRow } from './offers.repository'
import {
  countStaffOffers,
  findAnyOffer,
  findStaffOfferPage,
  type StaffOfferFilter,
  type StaffOfferRowData,
  setOfferOrder,
} from './offers-staff.repository'

/**
 * The offer's figures as the distributor quoted them: the snapshot prices without the dealer's own
 * profit (that is the dealer's mark-up for its customer, not what the distributor charges), with the
 * offer totals' one rule (domain offerTotals).
 */
export function quotedTotals(items: OfferItemRow[]) {
  return offerTotals(
    items.map((item) => ({
      price: item.unitPrice,
      profit: 0,
      quantity: item.quantity,
      taxRate: item.taxRate,
    })),
  )
}

/** The list's query as the repository's filter: the store's days as instants, the number upper-cased. */
export function staffOfferFilter(
  query: Pick<StaffOffersQuery, 'status' | 'customerId' | 'from' | 'to' | 'q'>,
  timeZone: string,
): StaffOfferFilter {
  return {
    status: query.status,
    customerId: query.customerId,
    from: query.from ? startOfDay(query.from, timeZone) : undefined,
    until: query.to ? startOfDay(addDays(query.to, 1), timeZone) : undefined,
    q: query.q ? query.q.toLocaleUpperCase('tr-TR') : undefined,
  }
}

/**
 * GET /yonetim/offers: every dealer's offers, 50 a page, newest first, filtered as asked. Days are the
 * store's days: `to` includes its whole day.
 */
export async function listStaffOffers(data: CachedDb, query: StaffOffersQuery): Promise<StaffOfferList> {
  const { timeZone } = await loadStoreSettings(data)
  const filter = staffOfferFilter(query, timeZone)
  const total = await countStaffOffers(data.db, filter)
  const { page, pages, offset } = pageBounds(total, query.page, STAFF_OFFERS_PAGE_SIZE)
  const rows = await findStaffOfferPage(data.db, filter, offset, STAFF_OFFERS_PAGE_SIZE)
  const linesOf = new Map<number, OfferItemRow[]>()
  for (const item of await findOfferItems(
    data.db,
    rows.map((row) => row.id),
  )) {
    linesOf.set(item.offerId, [...(linesOf.get(item.offerId) ?? []), item])
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      offerNo: row.offerNo,
      date: row.createdAt.toISOString(),
      dealer: { id: row.customerId, code: row.customerCode, name: row.dealerName },
      creator: row.creator,
      status: row.status,
      total: {
        value: quotedTotals(linesOf.get(row.id) ?? []).total.toNumber(),
        currency: row.currencyCode,
      },
      customerName: row.customerName,
    })),
    page,
    pages,
    limit: STAFF_OFFERS_PAGE_SIZE,
    total,
  }
}

function detailOf(offer: StaffOfferRowData, items: OfferItemRow[]): StaffOfferDetail {
  const money = (value: { toNumber(): number }) => ({ value: value.toNumber(), currency: offer.currencyCode })
  const totals = quotedTotals(items)
  return {
    id: offer.id,
    offerNo: offer.offerNo,
    date: offer.createdAt.toISOString(),
    dealer: { id: offer.customerId, code: offer.customerCode, name: offer.dealerName },
    creator: offer.creator,
    status: offer.status,
    description: offer.description,
    customerName: offer.customerName,
    customerCompanyName: offer.customerCompanyName,
    lines: items.map((item, i) => ({
      id: item.id,
      productId: item.productId,
      code: item.code,
      name: item.name,
      quantity: item.quantity,
      unit: item.unitName,
      price: money(totals.lines[i]!.unitPrice),
      taxRate: Number(item.taxRate),
      lineTotal: money(totals.lines[i]!.amount),
    })),
    subtotal: money(totals.subtotal),
    tax: money(totals.tax),
    total: money(totals.total),
    order:
      offer.orderId !== null && offer.orderNo !== null ? { id: offer.orderId, orderNo: offer.orderNo } : null,
    convertible: offer.status === 'open',
  }
}

/** GET /yonetim/offers/{id}: one offer of any dealer with its lines, totals and the order it became. */
export async function getStaffOffer(db: Db, offerId: number): Promise<StaffOfferDetail> {
  const offer = await findAnyOffer(db, offerId)
  if (!offer) throw notFound()
  return detailOf(offer, await findOfferItems(db, [offer.id]))
}

/**
 * POST /yonetim/offers/{id}/order: staff make a dealer's offer into an order on the dealer's behalf.
 * The offer row is locked first, so two conversions at once make one order: the second waits and then
 * finds it ordered (409). The order is the offer's dealer user's, at the offer's prices and rate as
 * quoted (docs/decisions.md "Staff convert offers at the quoted prices"), and otherwise by a dealer
 * order's rules (orders.service placeOrderOnBehalf: stock, risk limit, the dealer's and the store's
 * mail queued). The audit row is written in the same transaction; the caches are forgotten and the
 * mail woken only after the commit.
 */
export async function convertStaffOffer(
  { db, caches, mailSignal, publicUrl }: CachedDb & { mailSignal: MailSignal; publicUrl: string },
  staff: StaffActor,
  offerId: number,
  now: Date,
): Promise<StaffOfferOrdered> {
  const made = await db.transaction(async (tx) => {
    const offer = await findAnyOffer(tx, offerId, true)
    if (!offer) throw notFound()
    if (offer.status === 'cancelled') {
      throw new AppError('conflict', 'offers.cancelledNoOrder', undefined, 'offer_cancelled')
    }
    if (offer.status === 'ordered') {
      throw new AppError(
        'conflict',
        'offers.alreadyOrdered',
        { orderNo: offer.orderNo ?? '' },
        'offer_ordered',
      )
    }
    const items = await findOfferItems(tx, [offer.id])
    const order = await placeOrderOnBehalf(
      tx,
      { caches },
      {
        userId: offer.userId,
        customerId: offer.customerId,
        currency: { code: offer.currencyCode, rate: offer.currencyRate },
        description: offer.description,
        lines: items.map((item) => ({
          productId: item.productId,
          unitId: item.unitId,
          code: item.code,
          name: item.name,
          image: item.image,
          unitName: item.unitName,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          taxRate: item.taxRate,
        })),
        now,
        publicUrl,
      },
    )
    await setOfferOrder(tx, offer.id, order.id)
    // The offers feed shows the offer again, now ordered (the order is in the orders feed).
    await recordIntegrationEvent(tx, { kind: 'offer', entityId: offer.id }, now)
    await recordAudit(
      tx,
      staff,
      {
        entity: 'offer',
        entityId: offer.id,
        action: 'order',
        before: { status: offer.status },
        after: { status: 'ordered', orderNo: order.orderNo },
      },
      now,
    )
    return { customerId: offer.customerId, order }
  })
  // Committed: every process forgets the dealer's order count and the products' old stock, and the
  // dealer's confirmation and the store's mail leave.
  forgetOrderEffects(caches, made.customerId, made.order.productIds)
  mailSignal.notify()
  return {
    offer: await getStaffOffer(db, offerId),
    order: { id: made.order.id, orderNo: made.order.orderNo },
  }
}

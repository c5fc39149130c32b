import type { Locale } from '../../../contracts/common'
import {
  DEFAULT_OFFER_DESCRIPTION,
  OFFERS_PAGE_SIZE,
  type Offer,
  type OfferCustomer,
  type OfferEditResult,
  type OfferList,
} from '../../../contracts/offers'
import { cartAmounts } from '../../../domain/cart-amounts'
import { pageBounds } from '../../../domain/paging'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, forbidden, notFound } from '../../http/errors'
import { translate } from '../../http/messages'
import type { Dealer } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { offerMail } from '../../integrations/mail/offer-mail'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import {
  addToCart,
  type CartDeps,
  cartLinesOf,
  emptyLockedCart,
  lockCartOf,
  priceCartLines,
} from '../cart/cart.service'
import { loadPricingContext } from '../catalog/pricing.service'
import {
  recordIntegrationChange,
  recordIntegrationEvent,
} from '../integration-feeds/integration-feeds.service'
import { nextDocumentNo } from '../orders/orders.service'
import { loadStoreSettings } from '../store/store.service'
import { queueStoreOfferNotice } from './offer-store-notice'
import { offerView } from './offer-view'
import {
  countOffers,
  countOffersBetween,
  findInactiveProducts,
  findItemOwners,
  findOffer,
  findOfferItems,
  findOfferPage,
  findSeller,
  insertOffer,
  insertOfferItems,
  lockOffersByNo,
  markOfferCancelled,
  setItemProfits,
  setOfferCustomer,
} from './offers.repository'

const cancelledOffer = () => new AppError('conflict', 'offers.cancelled', undefined, 'offer_cancelled')

/**
 * POST /api/catalog/cart/offer: the cart becomes an offer in one transaction — each line snapshotted at
 * the net unit price the cart page shows (the same priceLine + cartTotals), numbered T<year>-NNNNNN,
 * and the cart emptied (docs/decisions.md "Offers"); the store's mail of it is queued with it. No stock
 * is taken and no risk limit applies.
 */
export async function makeOffer(
  { db, caches, mailSignal }: CachedDb & { mailSignal: MailSignal },
  user: Dealer,
  input: { description?: string },
  now: Date,
): Promise<Offer> {
  const ctx = await loadPricingContext({ db, caches }, user)
  if (!ctx.settings.b2b_teklif_ver_durum) throw forbidden('offers.disabled', 'offers_disabled')
  const { offerId, mailed } = await db.transaction(async (tx) => {
    const cartId = await lockCartOf(tx, user.id)
    const rows = await cartLinesOf(tx, user.id)
    if (rows.length === 0) throw new AppError('validation', 'offers.emptyCart', undefined, 'empty_cart')
    const [inactive] = await findInactiveProducts(
      tx,
      rows.map((r) => r.productId),
    )
    if (inactive) {
      throw new AppError('conflict', 'orders.unavailable', { name: inactive.name }, 'unavailable')
    }
    const priced = priceCartLines(rows, ctx)
    // The net unit prices the cart page shows (the same priceLine and cartAmounts as the cart).
    const shown = cartAmounts(
      priced.map((p) => p.basis),
      ctx.target.exchangeRate,
    )
    if (shown.lines.some((line) => line.unitPrice.lte(0))) {
      throw new AppError('validation', 'cart.noPrice', undefined, 'no_price')
    }
    const id = await insertOffer(tx, {
      offerNo: await nextDocumentNo(tx, 'offer', now),
      userId: user.id,
      customerId: user.customerId,
      description: input.description?.trim() || DEFAULT_OFFER_DESCRIPTION,
      currencyCode: ctx.target.code,
      currencyRate: String(ctx.target.exchangeRate),
      createdAt: now,
    })
    await insertOfferItems(
      tx,
      rows.map((row, i) => {
        const unit = priced[i]!.view.productUnit
        return {
          offerId: id,
          productId: row.productId,
          unitId: row.unitId,
          code: row.code,
          name: row.name,
          image: row.image,
          unitName: unit.value,
          multiplier: unit.multiplier,
          quantity: row.quantity,
          unitPrice: shown.lines[i]!.unitPrice.toString(),
          taxRate: row.taxRate,
          profit: '0',
          sortOrder: i,
        }
      }),
    )
    await emptyLockedCart(tx, cartId)
    await recordIntegrationEvent(tx, { kind: 'offer', entityId: id }, now)
    const noticed = await queueStoreOfferNotice(tx, user, await getOffer(tx, user, id), {
      now,
      timeZone: ctx.settings.timeZone,
    })
    return { offerId: id, mailed: noticed }
  })
  // The store's mail queued above is committed now: wake the outbox worker to send it at once.
  if (mailed) mailSignal.notify()
  return getOffer(db, user, offerId)
}

export async function getOffer(db: Db, user: Dealer, offerId: number): Promise<Offer> {
  const offer = await findOffer(db, offerId, user.customerId)
  if (!offer) throw notFound()
  return offerView(offer, await findOfferItems(db, [offer.id]))
}

/**
 * GET /api/catalog/offers: the company's offers, newest first, with the seller for the printed quote.
 * The dealer prints a quote for its own customer, so the dealer is the seller: the distributor's logo
 * does not belong above it, and dealers have no logo of their own stored yet (the spec's user_logo),
 * so there is none.
 */
export async function listOffers(
  { db }: Pick<CachedDb, 'db'>,
  user: Dealer,
  pageInput: number,
): Promise<OfferList> {
  const total = await countOffers(db, user.customerId)
  const { page, pages, offset } = pageBounds(total, pageInput, OFFERS_PAGE_SIZE)
  const [rows, seller] = await Promise.all([
    findOfferPage(db, user.customerId, offset, OFFERS_PAGE_SIZE),
    findSeller(db, user.customerId),
  ])
  const items = await findOfferItems(
    db,
    rows.map((r) => r.id),
  )
  const byOffer = new Map<number, typeof items>()
  for (const item of items) {
    const lines = byOffer.get(item.offerId)
    if (lines) lines.push(item)
    else byOffer.set(item.offerId, [item])
  }
  return {
    items: rows.map((row) => offerView(row, byOffer.get(row.id) ?? [])),
    page,
    pages,
    limit: OFFERS_PAGE_SIZE,
    total,
    seller,
    logo: null,
  }
}

/** PATCH /api/catalog/offer/{id} {cancel:true}: once; a second time is the spec's failure text. */
export async function cancelOffer(db: Db, user: Dealer, offerId: number): Promise<Offer> {
  await db.transaction(async (tx) => {
    if (!(await findOffer(tx, offerId, user.customerId))) throw notFound()
    if (!(await markOfferCancelled(tx, offerId))) {
      throw new AppError('conflict', 'orders.cannotCancel', undefined, 'not_cancellable')
    }
    await recordIntegrationChange(tx, { kind: 'offer', entityId: offerId }, new Date())
  })
  return getOffer(db, user, offerId)
}

/**
 * The company's offers with these numbers, locked: every number must be the company's (else 404) and
 * none cancelled (else 409), so a change applies to all of them or to none.
 */
async function lockOwnOffers(db: Db, user: Dealer, offerNos: string[]) {
  const rows = await lockOffersByNo(db, user.customerId, offerNos)
  if (rows.length !== new Set(offerNos).size) throw notFound()
  if (rows.some((r) => r.isCancel)) throw cancelledOffer()
  return new Map(rows.map((r) => [r.offerNo, r.id]))
}

/** PATCH /api/catalog/offer/update/profit { [offerNo]: { [itemId]: percent } }: all or nothing. */
export async function updateProfits(
  db: Db,
  user: Dealer,
  body: Record<string, Record<string, number>>,
): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const offerIds = await lockOwnOffers(tx, user, Object.keys(body))
    const profits = Object.entries(body).flatMap(([offerNo, lines]) =>
      Object.entries(lines).map(([itemId, profit]) => ({
        offerId: offerIds.get(offerNo)!,
        itemId: Number(itemId),
        profit,
      })),
    )
    // An id beyond the column's range names no line (and must not reach the query).
    if (profits.some((p) => p.itemId > 2_147_483_647)) throw notFound()
    const owners = new Map(
      (
        await findItemOwners(
          tx,
          profits.map((p) => p.itemId),
        )
      ).map((o) => [o.id, o.offerId]),
    )
    if (profits.some((p) => owners.get(p.itemId) !== p.offerId)) throw notFound()
    await setItemProfits(tx, profits)
  })
  return { ok: true }
}

/** PATCH /api/catalog/offer/update/customer { [offerNo]: OfferCustomer }: empty fields are stored as null. */
export async function updateCustomers(
  db: Db,
  user: Dealer,
  body: Record<string, OfferCustomer>,
): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const offerIds = await lockOwnOffers(tx, user, Object.keys(body))
    for (const [offerNo, customer] of Object.entries(body)) {
      await setOfferCustomer(tx, offerIds.get(offerNo)!, {
        customerName: customer.customerName || null,
        customerCompanyName: customer.customerCompanyName || null,
        customerEmail: customer.customerEmail || null,
        customerPhone: customer.customerPhone || null,
      })
    }
  })
  return { ok: true }
}

/**
 * PATCH /api/catalog/offer/mail/{id}: the offer to its customer's e-mail address, in the dealer's
 * language. The rendered mail is queued in the outbox and the outbox worker sends it (retrying a mail
 * server that refuses), so the answer means "queued"; the offer is only read.
 */
export async function mailOffer(
  { db, caches, mailSignal }: CachedDb & { mailSignal: MailSignal },
  user: Dealer,
  offerId: number,
  locale: Locale,
  now: Date,
  /** The offer as the mail's reader sees it: units in the mail's language (the route's translations). */
  localize: (offer: Offer) => Offer = (offer) => offer,
): Promise<{ ok: true }> {
  const offer = localize(await getOffer(db, user, offerId))
  if (offer.isCancel) throw cancelledOffer()
  if (!offer.customerEmail) {
    throw new AppError('validation', 'offers.noCustomerEmail', undefined, 'no_customer_email', {
      customerEmail: { key: 'offers.noCustomerEmail' },
    })
  }
  const { timeZone } = await loadStoreSettings({ db, caches })
  const message = offerMail(offer, await findSeller(db, user.customerId), locale, timeZone)
  await enqueueMail(db, { ...message, kind: 'offer', offerId: offer.id }, now)
  mailSignal.notify()
  return { ok: true }
}

/**
 * PATCH /api/catalog/offer/edit/{id}: every line back into the cart through the cart's own add (its
 * stock, price and unit rules), one after another in the offer's order. A line the cart refuses, or
 * whose product or unit is gone, is reported with the cart's reason and the others still go in. When
 * no line goes in at all, the first reason is the answer (409). A cancelled offer may be edited too:
 * it only reads the offer.
 */
export async function editOffer(
  cart: CartDeps,
  user: Dealer,
  offerId: number,
  locale: Locale,
): Promise<OfferEditResult> {
  const offer = await findOffer(cart.db, offerId, user.customerId)
  if (!offer) throw notFound()
  const items = await findOfferItems(cart.db, [offer.id])
  let added = 0
  const refused: OfferEditResult['refused'] = []
  let firstError: AppError | null = null
  for (const item of items) {
    let error: AppError | null = null
    if (item.productId === null || item.unitId === null) {
      error = new AppError('conflict', 'offers.lineUnavailable', { name: item.name }, 'unavailable')
    } else {
      try {
        await addToCart(cart, user, {
          productId: item.productId,
          unitId: item.unitId,
          quantity: item.quantity,
        })
        added++
      } catch (e) {
        if (!(e instanceof AppError)) throw e
        // The cart answers 404 for a product that is no longer sold: say so by name.
        error =
          e.kind === 'not_found'
            ? new AppError('conflict', 'offers.lineUnavailable', { name: item.name }, 'unavailable')
            : e
      }
    }
    if (error) {
      firstError ??= error
      refused.push({
        product: { id: item.productId, code: item.code, name: item.name },
        messages: { type: translate(locale, error.messageKey, error.params) },
      })
    }
  }
  if (added === 0 && firstError) {
    throw new AppError('conflict', firstError.messageKey, firstError.params, firstError.code)
  }
  return { ok: true, added, refused }
}

/** The staff home's offer figure: offers made in [from, to). */
export async function offerFigures(db: Db, from: Date, to: Date) {
  return { count: await countOffersBetween(db, from, to) }
}

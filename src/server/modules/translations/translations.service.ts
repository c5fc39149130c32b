/**
 * Applies one language's stored translations to API answers: category, unit, campaign,
 * payment-plan names, variant dimensions and options, and the special-code heading. The answers keep their shapes; only the names
 * change, so the locale-neutral caches underneath (rows, pages, reference data) stay shared.
 */
import type { PaymentPlan } from '../../../contracts/bootstrap'
import type { Campaign } from '../../../contracts/campaigns'
import type { Cart, CartLine } from '../../../contracts/cart'
import type { CategoryNode, Product, ProductList, Unit } from '../../../contracts/catalog'
import type { Locale } from '../../../contracts/common'
import type { Offer, OfferList } from '../../../contracts/offers'
import type { Order, OrderList } from '../../../contracts/orders'
import type { StoreSettings } from '../../../contracts/settings'
import {
  BASE_LOCALE,
  cleanTranslation,
  type TranslationEntry,
  type Translations,
  translationsFor,
} from '../../../domain/translations'
import type { CachedDb } from '../../cache/caches'
import { deleteEntry, readEntries, upsertEntry } from './translations.repository'

/** Text settings that carry a heading shown to visitors. */
const TRANSLATED_SETTINGS = ['b2b_urun_detay_ozel_kod_baslik'] as const

export function localizeUnit<U extends Pick<Unit, 'value'>>(unit: U, t: Translations): U {
  return { ...unit, value: t.text('unit', unit.value, unit.value) }
}

/** A cart line: the product's unit choices and the line's own unit. */
export function localizeCartLine(line: CartLine, t: Translations): CartLine {
  if (t.locale === BASE_LOCALE) return line
  return {
    ...line,
    product: { ...line.product, units: line.product.units.map((u) => localizeUnit(u, t)) },
    productUnit: localizeUnit(line.productUnit, t),
  }
}

export function localizeCart(cart: Cart, t: Translations): Cart {
  if (t.locale === BASE_LOCALE) return cart
  return { ...cart, items: cart.items.map((line) => localizeCartLine(line, t)) }
}

/**
 * An order's lines name their unit as it was ordered (a snapshot of the Turkish name); a reader of
 * another language sees its stored name ('Adet' → 'Piece'), like the catalogue shows it.
 */
export function localizeOrder(order: Order, t: Translations): Order {
  if (t.locale === BASE_LOCALE) return order
  return {
    ...order,
    orderItems: order.orderItems.map((item) => ({ ...item, unit: t.text('unit', item.unit, item.unit) })),
  }
}

export function localizeOrderList(list: OrderList, t: Translations): OrderList {
  if (t.locale === BASE_LOCALE) return list
  return { ...list, items: list.items.map((order) => localizeOrder(order, t)) }
}

/** An offer's lines, as an order's (the quote form prints them). */
export function localizeOffer(offer: Offer, t: Translations): Offer {
  if (t.locale === BASE_LOCALE) return offer
  return {
    ...offer,
    offerItems: offer.offerItems.map((item) => ({ ...item, unit: t.text('unit', item.unit, item.unit) })),
  }
}

export function localizeOfferList(list: OfferList, t: Translations): OfferList {
  if (t.locale === BASE_LOCALE) return list
  return { ...list, items: list.items.map((offer) => localizeOffer(offer, t)) }
}

/** A variant dimension's name or option value ('Renk', 'Kırmızı'), keyed by its Turkish text. */
const variantText = (text: string, t: Translations) => t.text('variant', text, text)

export function localizeProduct<P extends Product>(product: P, t: Translations): P {
  if (t.locale === BASE_LOCALE) return product
  const family = product.varyantx
  return {
    ...product,
    name: t.text('product', product.id, product.name),
    varyantx: family
      ? {
          dimensions: family.dimensions.map((d) => variantText(d, t)),
          children: family.children.map((c) => ({ ...c, values: c.values.map((v) => variantText(v, t)) })),
        }
      : null,
    variantValues: product.variantValues?.map((v) => variantText(v, t)) ?? null,
    category: product.category
      ? { ...product.category, name: t.text('category', product.category.id, product.category.name) }
      : null,
    units: product.units.map((u) => localizeUnit(u, t)),
    defaultUnit: product.defaultUnit ? localizeUnit(product.defaultUnit, t) : null,
  }
}

/** A list page; breadcrumbs name categories by slug, so the caller gives the slug → id map. */
export function localizeProductList(
  list: ProductList,
  t: Translations,
  categoryIdBySlug: ReadonlyMap<string, number>,
): ProductList {
  if (t.locale === BASE_LOCALE) return list
  return {
    ...list,
    items: list.items.map((p) => localizeProduct(p, t)),
    category: list.category
      ? { ...list.category, name: t.text('category', list.category.id, list.category.name) }
      : null,
    facets: list.facets
      ? {
          ...list.facets,
          categories: localizeCategoryNames(list.facets.categories, t),
        }
      : null,
    breadcrumbs: list.breadcrumbs.map((b) => {
      const id = categoryIdBySlug.get(b.slug)
      return id === undefined ? b : { ...b, name: t.text('category', id, b.name) }
    }),
  }
}

/** Categories named beside their id: a list's category facet, the fault-report picker's levels. */
export function localizeCategoryNames<C extends { id: number; name: string }>(
  list: C[],
  t: Translations,
): C[] {
  if (t.locale === BASE_LOCALE) return list
  return list.map((c) => ({ ...c, name: t.text('category', c.id, c.name) }))
}

export function localizeCategoryTree(nodes: CategoryNode[], t: Translations): CategoryNode[] {
  if (t.locale === BASE_LOCALE) return nodes
  return nodes.map((n) => ({
    ...n,
    name: t.text('category', n.id, n.name),
    children: localizeCategoryTree(n.children, t),
  }))
}

export function localizeCampaign(campaign: Campaign, t: Translations): Campaign {
  if (t.locale === BASE_LOCALE) return campaign
  return {
    ...campaign,
    name: t.text('campaign', campaign.id, campaign.name),
    products: campaign.products.map((p) => ({
      ...p,
      name: t.text('product', p.id, p.name),
      defaultUnit: p.defaultUnit === null ? null : t.text('unit', p.defaultUnit, p.defaultUnit),
    })),
  }
}

export function localizePaymentPlans(plans: PaymentPlan[], t: Translations): PaymentPlan[] {
  if (t.locale === BASE_LOCALE) return plans
  return plans.map((p) => ({ ...p, name: t.text('paymentPlan', p.id, p.name) }))
}

export function localizeSettings(settings: StoreSettings, t: Translations): StoreSettings {
  if (t.locale === BASE_LOCALE) return settings
  const localized = { ...settings }
  for (const key of TRANSLATED_SETTINGS) localized[key] = t.text('setting', key, settings[key])
  return localized
}

const cacheKey = (locale: Locale) => `translations:${locale}`

/**
 * The lookup made from a cached list of entries, kept while that list is: with products' English names
 * there can be as many entries as products, too many to index again for every request.
 */
const lookups = new WeakMap<readonly TranslationEntry[], Translations>()

/** One language's stored translations, read once per cache period (and again after any write). */
export async function loadTranslations({ db, caches }: CachedDb, locale: Locale): Promise<Translations> {
  if (locale === BASE_LOCALE) return translationsFor(locale, [])
  const entries = await caches.reference.get(db, cacheKey(locale), () => readEntries(db, locale))
  let lookup = lookups.get(entries)
  if (!lookup) {
    lookup = translationsFor(locale, entries)
    lookups.set(entries, lookup)
  }
  return lookup
}

/**
 * Stores (or, for a blank text, removes) translations of one language and forgets the cached ones:
 * the one write path for the demo data, an import or a back-office form.
 */
export async function saveTranslations(
  { db, caches }: CachedDb,
  locale: Exclude<Locale, typeof BASE_LOCALE>,
  entries: readonly TranslationEntry[],
): Promise<void> {
  for (const entry of entries) {
    const key = String(entry.key).trim()
    const text = cleanTranslation(entry.text)
    if (text === null) await deleteEntry(db, locale, entry.kind, key)
    else await upsertEntry(db, locale, entry.kind, key, text)
  }
  caches.forget({ reference: cacheKey(locale) })
}

/**
 * Applies one language's stored translations to API answers (issue 15): category, unit, campaign,
 * payment-plan names, variant dimensions and options, and the special-code heading. The answers keep their shapes; only the names
 * change, so the locale-neutral caches underneath (rows, pages, reference data) stay shared.
 */
import type { PaymentPlan } from '../../../contracts/bootstrap'
import type { Campaign } from '../../../contracts/campaigns'
import type { Cart, CartLine } from '../../../contracts/cart'
import type { CategoryNode, Product, ProductList, Unit } from '../../../contracts/catalog'
import type { StoreSettings } from '../../../contracts/settings'
import { BASE_LOCALE, type Translations } from '../../../domain/translations'

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

/** A variant dimension's name or option value ('Renk', 'Kırmızı'), keyed by its Turkish text. */
const variantText = (text: string, t: Translations) => t.text('variant', text, text)

export function localizeProduct<P extends Product>(product: P, t: Translations): P {
  if (t.locale === BASE_LOCALE) return product
  const family = product.varyantx
  return {
    ...product,
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

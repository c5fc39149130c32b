import type Big from 'big.js'
import type { Currency } from '../../../contracts/bootstrap'
import type { Money } from '../../../contracts/common'
import type { StoreSettings } from '../../../contracts/settings'
import { type Amount, priceConversion } from '../../../domain/pricing'
import type { CachedDb } from '../../cache/caches'
import type { AuthUser } from '../../identity'
import { effectivePreferences } from '../preferences/preferences.service'
import { loadCurrencies, loadStoreSettings } from '../store/store.service'

/**
 * Who sees what (docs/decisions.md "Guests and prices"): dealers and staff always see prices and stock;
 * guests see prices only when showPriceStatus is on and stock only when showStokInfo is on. Guests and
 * staff see the store's list prices in the default currency: a customer's profit/discount applies only
 * to that customer's own users.
 */
export type PricingContext = {
  settings: StoreSettings
  currencies: Map<number, Currency>
  target: Currency
  profitPercent: string
  withTax: boolean
  showPrices: boolean
  showStock: boolean
  showNotInStocks: boolean
  productListView: 'grid' | 'list'
}

export async function loadPricingContext(data: CachedDb, user: AuthUser | null): Promise<PricingContext> {
  return pricingContextFor(await loadStoreSettings(data), await loadCurrencies(data), user)
}

/**
 * The same context from settings and currencies already read: what staff need to price many dealers'
 * carts with one read of each (the user needs only their preferences and their company's profit %).
 */
export function pricingContextFor(
  settings: StoreSettings,
  list: Currency[],
  user: Pick<AuthUser, 'preferences' | 'profitPercent'> | null,
): PricingContext {
  const prefs = effectivePreferences(user?.preferences ?? null, settings, list, 'tr', null)
  const profitPercent = user?.profitPercent ?? '0'
  const currencies = new Map(list.map((c) => [c.id, c]))
  const target = currencies.get(prefs.defaultCurrency) ?? list[0]
  if (!target) throw new Error('No currency is defined')
  return {
    settings,
    currencies,
    target,
    profitPercent,
    withTax: settings.productsWithKdv,
    showPrices: user !== null || settings.showPriceStatus,
    showStock: user !== null || settings.showStokInfo,
    showNotInStocks: prefs.showNotInStocks === '1',
    productListView: prefs.productListView,
  }
}

/** A catalogue amount in the visitor's currency, or null when prices are hidden from this visitor. */
export function priceFor(
  ctx: PricingContext,
  value: Amount | null,
  currencyId: number,
  taxRate: Amount,
): Money | null {
  if (!ctx.showPrices || value === null) return null
  const convert = conversionFor(ctx, currencyId, taxRate)
  return convert ? { value: convert(value), currency: ctx.target.code } : null
}

/** At most this many amounts remembered per conversion: a page has a few hundred. */
const MAX_REMEMBERED = 5_000

/**
 * A page's prices share a handful of (currency, tax rate) pairs, so each pair's conversion is made
 * once per pricing context (one per request) rather than once per amount; and a product's amounts
 * repeat (its sale and list price, its default unit's two prices, often equal), so each pair
 * remembers what it gave an amount as stored.
 */
const conversions = new WeakMap<PricingContext, Map<string, ((value: Amount) => number) | null>>()

function conversionFor(
  ctx: PricingContext,
  currencyId: number,
  taxRate: Amount,
): ((value: Amount) => number) | null {
  let byPair = conversions.get(ctx)
  if (!byPair) {
    byPair = new Map()
    conversions.set(ctx, byPair)
  }
  const key = `${currencyId}|${String(taxRate)}`
  let convert = byPair.get(key)
  if (convert === undefined) {
    const from = ctx.currencies.get(currencyId)
    convert = from
      ? remembering(
          priceConversion({
            fromRate: from.exchangeRate,
            toRate: ctx.target.exchangeRate,
            profitPercent: ctx.profitPercent,
            taxRate,
            withTax: ctx.withTax,
          }),
        )
      : null
    byPair.set(key, convert)
  }
  return convert
}

function remembering(convert: (value: Amount) => Big): (value: Amount) => number {
  const given = new Map<string, number>()
  return (value) => {
    if (typeof value !== 'string') return convert(value).toNumber()
    let price = given.get(value)
    if (price === undefined) {
      price = convert(value).toNumber()
      if (given.size < MAX_REMEMBERED) given.set(value, price)
    }
    return price
  }
}

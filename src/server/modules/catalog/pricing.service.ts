import type { Currency } from '../../../contracts/bootstrap'
import type { Money } from '../../../contracts/common'
import type { StoreSettings } from '../../../contracts/settings'
import { type Amount, convertPrice } from '../../../domain/pricing'
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
  const from = ctx.currencies.get(currencyId)
  if (!from) return null
  const converted = convertPrice({
    value,
    fromRate: from.exchangeRate,
    toRate: ctx.target.exchangeRate,
    profitPercent: ctx.profitPercent,
    taxRate,
    withTax: ctx.withTax,
  })
  return { value: converted.toNumber(), currency: ctx.target.code }
}

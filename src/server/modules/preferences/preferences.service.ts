import type { PreferenceRequest, Preferences } from '../../../contracts/account'
import type { Currency } from '../../../contracts/bootstrap'
import type { Locale } from '../../../contracts/common'
import type { StoreSettings } from '../../../contracts/settings'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { AuthUser, StoredPreferences } from '../../identity'
import { branchBelongsTo, currencyExists, upsertPreference } from './preferences.repository'

/** What a visitor's preferences are once the store defaults fill what they never chose. */
export function effectivePreferences(
  stored: StoredPreferences | null,
  settings: StoreSettings,
  currencies: Currency[],
  locale: Locale,
  firstBranchId: number | null,
): Preferences {
  const defaultCurrency = currencies.find((c) => c.isDefault) ?? currencies[0]
  const chosenCurrency = currencies.find((c) => c.id === stored?.defaultCurrencyId)
  const showNotInStocks = settings.notInStock ? (stored?.showNotInStocks ?? settings.showNotInStocks) : false
  return {
    productListView:
      stored?.productListView === 'list' || stored?.productListView === 'grid'
        ? stored.productListView
        : settings.productListView,
    showNotInStocks: showNotInStocks ? '1' : '0',
    defaultCurrency: (chosenCurrency ?? defaultCurrency)?.id ?? 0,
    branch: stored?.branchId ?? firstBranchId,
    locale: stored?.locale === 'en' || stored?.locale === 'tr' ? stored.locale : locale,
  }
}

/** Stores one preference after checking it points at something this user may choose. */
export async function setPreference(db: Db, user: AuthUser, request: PreferenceRequest): Promise<void> {
  switch (request.key) {
    case 'productListView':
      return upsertPreference(db, user.id, { productListView: request.value })
    case 'showNotInStocks':
      return upsertPreference(db, user.id, { showNotInStocks: request.value === '1' })
    case 'locale':
      return upsertPreference(db, user.id, { locale: request.value })
    case 'defaultCurrency':
      if (!(await currencyExists(db, request.value))) {
        throw new AppError('validation', 'prefs.unknownCurrency', undefined, 'unknown_currency', {
          value: { key: 'prefs.unknownCurrency' },
        })
      }
      return upsertPreference(db, user.id, { defaultCurrencyId: request.value })
    case 'branch':
      if (user.customerId === null) {
        throw new AppError('validation', 'prefs.noBranch', undefined, 'no_branch', {
          value: { key: 'prefs.noBranch' },
        })
      }
      if (!(await branchBelongsTo(db, request.value, user.customerId))) {
        throw new AppError('validation', 'prefs.unknownBranch', undefined, 'unknown_branch', {
          value: { key: 'prefs.unknownBranch' },
        })
      }
      return upsertPreference(db, user.id, { branchId: request.value })
  }
}

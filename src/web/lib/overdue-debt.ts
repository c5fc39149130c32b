import type { SessionUser } from '../../contracts/account'
import type { StoreSettings } from '../../contracts/settings'

type Customer = NonNullable<SessionUser['customer']>

/**
 * Whether the overdue debt banner shows (spec/2 §5): a positive overdue balance at or above the store's
 * limit; on the account statement page always, elsewhere only when the store turned the banner on.
 */
export function showsOverdueDebtBanner(
  customer: Customer | null | undefined,
  settings: Pick<StoreSettings, 'overdueDebtInfoLimit' | 'showOverdueDebtInfo'>,
  onStatementPage = false,
): customer is Customer {
  if (!customer || customer.overdueBalance <= 0) return false
  if (customer.overdueBalance < settings.overdueDebtInfoLimit) return false
  return onStatementPage || settings.showOverdueDebtInfo
}

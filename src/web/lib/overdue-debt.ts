import type { SessionUser } from '../../contracts/account'
import type { StoreSettings } from '../../contracts/settings'
import { stripLocalePrefix } from './locale-path'

type Customer = NonNullable<SessionUser['customer']>

/** The account statement page (Turkish, unprefixed): the banner shows there whatever the setting. */
export const STATEMENT_PATH = '/hesap/ekstre'

/** Whether an address (with or without /en) is the account statement page. */
export const isStatementPath = (pathname: string) =>
  stripLocalePrefix(pathname).replace(/\/+$/, '') === STATEMENT_PATH

/**
 * Whether the overdue debt banner shows (spec/2 §5): a positive overdue balance at or above the store's
 * limit; on the account statement page always, elsewhere only when the store turned the banner on.
 */
export function showsOverdueDebtBanner(
  customer: Pick<Customer, 'overdueBalance'> | null | undefined,
  settings: Pick<StoreSettings, 'overdueDebtInfoLimit' | 'showOverdueDebtInfo'>,
  onStatementPage = false,
): boolean {
  if (!customer || customer.overdueBalance <= 0) return false
  if (customer.overdueBalance < settings.overdueDebtInfoLimit) return false
  return onStatementPage || settings.showOverdueDebtInfo
}

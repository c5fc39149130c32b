import type { Locale } from '../../../contracts/common'
import { loginPath, stripLocalePrefix } from '../../lib/locale-path'

/** `?garanti=1` on any page opens the warranty inquiry; it is removed again when the inquiry closes. */
export const WARRANTY_PARAM = 'garanti'

/** The same page with the inquiry open: '/urunler?page=2' → '/urunler?page=2&garanti=1'. */
export function withWarrantyParam(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://toptan.invalid')
  url.searchParams.set(WARRANTY_PARAM, '1')
  return url.pathname + url.search
}

/** The login page, coming back to this page with the inquiry open (none when already on it). */
export function loginForWarranty(locale: Locale, pathAndQuery: string): string | null {
  if (stripLocalePrefix(pathAndQuery).startsWith('/account/login')) return null
  return loginPath(locale, withWarrantyParam(pathAndQuery))
}

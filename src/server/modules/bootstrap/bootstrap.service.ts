import type { FastifyRequest } from 'fastify'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { CachedDb } from '../../cache/caches'
import { csrfTokenFor } from '../../http/session'
import { loadSessionUser } from '../account/session-user'
import { effectivePreferences } from '../preferences/preferences.service'
import { loadCurrencies, loadPaymentPlans, loadStoreInfo, loadStoreSettings } from '../store/store.repository'
import { localizePaymentPlans, localizeSettings } from '../translations/localize'
import { loadTranslations } from '../translations/translations.repository'

/** Everything the first paint needs, in one pass (embedded in the page and served at /api/bootstrap). */
export async function buildBootstrap(
  data: CachedDb,
  request: FastifyRequest,
  secret: string,
  now: Date,
): Promise<Bootstrap> {
  const texts = await loadTranslations(data, request.locale)
  const settings = await loadStoreSettings(data)
  const currencies = await loadCurrencies(data)
  const paymentPlans = await loadPaymentPlans(data)
  const store = await loadStoreInfo(data)
  const user = request.user ? await loadSessionUser(data.db, request.user.id, now) : null
  const stored = request.user?.preferences ?? null
  const preferences = effectivePreferences(
    stored,
    settings,
    currencies,
    request.locale,
    user?.customer?.branches[0]?.id ?? null,
  )
  return {
    locale: request.locale,
    csrfToken: csrfTokenFor(secret, request.sessionToken),
    user,
    preferences: { ...preferences, locale: request.locale },
    // Names in the page's language (stored translations, Turkish where none is stored).
    settings: localizeSettings(settings, texts),
    currencies,
    paymentPlans: localizePaymentPlans(paymentPlans, texts),
    store,
  }
}

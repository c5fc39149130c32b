import type { FastifyRequest } from 'fastify'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { CachedDb } from '../../cache/caches'
import { csrfTokenFor } from '../../http/session'
import { loadSessionUser } from '../account/session-user.service'
import { effectivePreferences } from '../preferences/preferences.service'
import { loadCurrencies, loadPaymentPlans, loadStoreInfo, loadStoreSettings } from '../store/store.service'
import {
  loadTranslations,
  localizePaymentPlans,
  localizeSettings,
} from '../translations/translations.service'

/**
 * Everything the first paint needs, in one pass (embedded in the page and served at /api/bootstrap).
 * `testMode`: the sandbox POS runs outside development (config.ts), said on every page.
 */
export async function buildBootstrap(
  data: CachedDb,
  request: FastifyRequest,
  secret: string,
  now: Date,
  testMode: boolean,
): Promise<Bootstrap> {
  const texts = await loadTranslations(data, request.locale)
  // A stored setting that fits no more (a time zone Intl does not know) is logged with the first page
  // or bootstrap drawn after the settings were loaded.
  const settings = await loadStoreSettings(data, request.log)
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
    testMode,
  }
}

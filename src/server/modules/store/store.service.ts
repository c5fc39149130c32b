import type { Currency, PaymentPlan, StoreInfo } from '../../../contracts/bootstrap'
import type { ExchangeRateSettings } from '../../../contracts/exchange-rates'
import type { StoreSettings } from '../../../contracts/settings'
import type { StoreNotifications } from '../../../contracts/store-notifications'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import {
  type CurrencyRate,
  readCurrencies,
  readCurrencyRates,
  readMailRecipients,
  readPaymentPlans,
  readRateSettings,
  readStoreInfo,
  readStoreSettings,
  writeCurrencyRate,
  writeMailRecipients,
  writeRateSettings,
} from './store.repository'

export type { CurrencyRate }

// The store's reference data (settings, currencies, payment plans, the store's card) as the other
// modules read it: through the process cache, loaded again only when reference data changes.

/** Where a stored setting that does not fit its type is reported (a request's or the app's logger). */
export type SettingsLog = { warn: (details: Record<string, unknown>, message: string) => void }

/**
 * Stored settings over the typed defaults; a stored value that no longer fits its type (a time zone
 * Intl does not know) falls back to its default and, given a log, says so once per load of the
 * settings (they are loaded again only when reference data changes).
 */
export async function loadStoreSettings(data: CachedDb, log?: SettingsLog): Promise<StoreSettings> {
  const loaded = await data.caches.reference.get(data.db, 'settings', () => readStoreSettings(data.db))
  if (log && !loaded.reported && loaded.refused.length > 0) {
    loaded.reported = true
    for (const { key, value } of loaded.refused) {
      log.warn({ setting: key, value }, 'stored store setting is not valid; its default is used instead')
    }
  }
  return loaded.settings
}

export function loadCurrencies({ db, caches }: CachedDb): Promise<Currency[]> {
  return caches.reference.get(db, 'currencies', () => readCurrencies(db))
}

export function loadPaymentPlans({ db, caches }: CachedDb): Promise<PaymentPlan[]> {
  return caches.reference.get(db, 'paymentPlans', () => readPaymentPlans(db))
}

/**
 * Whether the store has this payment plan now: read uncached, in the caller's transaction, so a plan
 * a company is about to name is checked against the table the write will see.
 */
export async function hasPaymentPlan(tx: Db, id: number): Promise<boolean> {
  return (await readPaymentPlans(tx)).some((plan) => plan.id === id)
}

export function loadStoreInfo({ db, caches }: CachedDb): Promise<StoreInfo> {
  return caches.reference.get(db, 'storeInfo', () => readStoreInfo(db))
}

/**
 * Who receives the store's mail of a new order or offer: the addresses staff set, else the store's
 * own address, else nobody. Read uncached inside the caller's transaction, so a mail queued with its
 * document goes to the addresses of that moment.
 */
export async function storeMailRecipients(tx: Db): Promise<string[]> {
  const set = await readMailRecipients(tx)
  if (set.length > 0) return set
  const { email } = await readStoreInfo(tx)
  return email ? [email] : []
}

/** GET /yonetim/settings/notifications */
export async function getStoreNotifications(db: Db): Promise<StoreNotifications> {
  const [recipients, info] = await Promise.all([readMailRecipients(db), readStoreInfo(db)])
  return { recipients, storeEmail: info.email }
}

/** PUT /yonetim/settings/notifications: the whole list replaced (validated by its contract). */
export async function setStoreNotifications(
  db: Db,
  staff: StaffActor,
  recipients: string[],
  now: Date,
): Promise<StoreNotifications> {
  await db.transaction(async (tx) => {
    const before = await readMailRecipients(tx)
    await writeMailRecipients(tx, recipients, now)
    await recordAudit(
      tx,
      staff,
      {
        entity: 'store_setting',
        entityId: 'storeMailRecipients',
        action: 'update',
        before: { recipients: before },
        after: { recipients },
      },
      now,
    )
  })
  return getStoreNotifications(db)
}

/*
 * The currencies' rates for the exchange-rates module, read uncached in the caller's transaction (lock:
 * the rows held until it commits). Writing currencies stamps the reference version (migration 0017),
 * so every process's cached currencies and pricing reload after the commit, with no message to send.
 */
export const currencyRates = (tx: Db, options: { lock?: boolean } = {}) => readCurrencyRates(tx, options)

export const setCurrencyRate = (tx: Db, code: string, rate: Omit<CurrencyRate, 'code' | 'name'>) =>
  writeCurrencyRate(tx, code, rate)

/** Which bulletin rate and markup the store uses (a store setting; the default: ForexSelling, 0 %). */
export const exchangeRateSettings = (db: Db) => readRateSettings(db)

export const setExchangeRateSettings = (tx: Db, settings: ExchangeRateSettings, now: Date) =>
  writeRateSettings(tx, settings, now)

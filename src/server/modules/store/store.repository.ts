import { asc, eq, sql } from 'drizzle-orm'
import type { Currency, PaymentPlan, StoreInfo } from '../../../contracts/bootstrap'
import { type ExchangeRateSettings, exchangeRateSettingsSchema } from '../../../contracts/exchange-rates'
import { defaultStoreSettings, type StoreSettings, storeSettingsSchema } from '../../../contracts/settings'
import type { Db } from '../../db/client'
import { currencies } from '../../db/schema/catalogue'
import { paymentPlans } from '../../db/schema/payment-plans'
import { storeInfo, storeSettings } from '../../db/schema/store'

/** The settings as loaded, with the stored values that were refused (each reported once per load). */
export type LoadedSettings = {
  settings: StoreSettings
  refused: Array<{ key: string; value: unknown }>
  reported: boolean
}

export async function readStoreSettings(db: Db): Promise<LoadedSettings> {
  const rows = await db.select({ key: storeSettings.key, value: storeSettings.value }).from(storeSettings)
  const merged: Record<string, unknown> = { ...defaultStoreSettings }
  const refused: LoadedSettings['refused'] = []
  const shape = storeSettingsSchema.shape as Record<
    string,
    { safeParse: (v: unknown) => { success: boolean } }
  >
  for (const row of rows) {
    const field = shape[row.key]
    if (!field) continue
    if (field.safeParse(row.value).success) merged[row.key] = row.value
    else refused.push({ key: row.key, value: row.value })
  }
  return { settings: storeSettingsSchema.parse(merged), refused, reported: false }
}

export async function readCurrencies(db: Db): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sortOrder), asc(currencies.id))
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    symbol: c.symbol,
    exchangeRate: Number(c.exchangeRate),
    isDefault: c.isDefault,
    rateSource: c.rateSource,
    rateBulletinDate: c.rateBulletinDate,
  }))
}

export async function readPaymentPlans(db: Db): Promise<PaymentPlan[]> {
  const rows = await db.select().from(paymentPlans).orderBy(asc(paymentPlans.sortOrder), asc(paymentPlans.id))
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    priceName: p.priceName,
    varsayilan: p.isDefault,
    isVirtual: p.isVirtual,
  }))
}

const emptyStore: StoreInfo = {
  name: 'Toptan',
  logo: null,
  address: null,
  town: null,
  city: null,
  phone: null,
  email: null,
  whatsapp: null,
  socialLinks: null,
}

export async function readStoreInfo(db: Db): Promise<StoreInfo> {
  const [row] = await db.select().from(storeInfo).where(eq(storeInfo.id, 1)).limit(1)
  if (!row) return emptyStore
  const { id: _id, ...info } = row
  return info
}

/** The key of the store's notification addresses in store_settings (not a public setting). */
const RECIPIENTS_KEY = 'storeMailRecipients'

/** The addresses stored for the store's mails of new orders and offers (none stored: []). */
export async function readMailRecipients(db: Db): Promise<string[]> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, RECIPIENTS_KEY))
  const value = row?.value
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

export async function writeMailRecipients(db: Db, recipients: string[], now: Date): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ key: RECIPIENTS_KEY, value: recipients, updatedAt: now })
    .onConflictDoUpdate({ target: storeSettings.key, set: { value: sql`excluded.value`, updatedAt: now } })
}

/** A currency's rate as stored, with where it came from (the exchange-rates module's view). */
export type CurrencyRate = {
  code: string
  name: string
  rate: string
  source: 'tcmb' | 'manual'
  bulletinDate: string | null
  pinned: boolean
}

export async function readCurrencyRates(db: Db, options: { lock?: boolean } = {}): Promise<CurrencyRate[]> {
  const query = db
    .select({
      code: currencies.code,
      name: currencies.name,
      rate: currencies.exchangeRate,
      source: currencies.rateSource,
      bulletinDate: currencies.rateBulletinDate,
      pinned: currencies.ratePinned,
    })
    .from(currencies)
    .orderBy(asc(currencies.sortOrder), asc(currencies.id))
  return options.lock ? query.for('update') : query
}

export async function writeCurrencyRate(
  db: Db,
  code: string,
  rate: Pick<CurrencyRate, 'rate' | 'source' | 'bulletinDate' | 'pinned'>,
): Promise<void> {
  await db
    .update(currencies)
    .set({
      exchangeRate: rate.rate,
      rateSource: rate.source,
      rateBulletinDate: rate.bulletinDate,
      ratePinned: rate.pinned,
    })
    .where(eq(currencies.code, code))
}

/** The key of the exchange-rate settings in store_settings (read by the exchange-rates module). */
const RATE_SETTINGS_KEY = 'exchangeRateSource'
export const DEFAULT_RATE_SETTINGS: ExchangeRateSettings = { field: 'ForexSelling', markupPercent: '0' }

export async function readRateSettings(db: Db): Promise<ExchangeRateSettings> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, RATE_SETTINGS_KEY))
  const parsed = exchangeRateSettingsSchema.safeParse(row?.value)
  return parsed.success ? parsed.data : DEFAULT_RATE_SETTINGS
}

export async function writeRateSettings(db: Db, settings: ExchangeRateSettings, now: Date): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ key: RATE_SETTINGS_KEY, value: settings, updatedAt: now })
    .onConflictDoUpdate({ target: storeSettings.key, set: { value: sql`excluded.value`, updatedAt: now } })
}

/** One store setting's value (a key of contracts/settings), inserted or replaced. */
export async function writeStoreSetting(db: Db, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: storeSettings.key, set: { value: sql`excluded.value`, updatedAt: now } })
}

export type StoreInfoColumn =
  | 'name'
  | 'logo'
  | 'address'
  | 'town'
  | 'city'
  | 'phone'
  | 'email'
  | 'whatsapp'
  | 'socialLinks'

/** One detail of the store's card; the row is made with the default name when there is none yet. */
export async function writeStoreInfo(db: Db, column: StoreInfoColumn, value: string | null): Promise<void> {
  await db
    .insert(storeInfo)
    .values({ id: 1, name: emptyStore.name, [column]: value })
    .onConflictDoUpdate({ target: storeInfo.id, set: { [column]: value } })
}

/**
 * The currency dealers without a choice see. Two statements in the caller's transaction: the unique
 * index on the flag is checked row by row, so the old default lets go first. False: no such currency
 * (nothing changed).
 */
export async function writeDefaultCurrency(db: Db, code: string): Promise<boolean> {
  const [found] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code))
  if (!found) return false
  await db.update(currencies).set({ isDefault: false }).where(eq(currencies.isDefault, true))
  await db.update(currencies).set({ isDefault: true }).where(eq(currencies.id, found.id))
  return true
}

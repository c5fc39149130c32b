import { asc, eq } from 'drizzle-orm'
import type { Currency, PaymentPlan, StoreInfo } from '../../../contracts/bootstrap'
import { defaultStoreSettings, type StoreSettings, storeSettingsSchema } from '../../../contracts/settings'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { currencies } from '../../db/schema/catalogue'
import { paymentPlans, storeInfo, storeSettings } from '../../db/schema/store'

/** Stored settings over the typed defaults; a stored value that no longer fits its type falls back. */
export function loadStoreSettings({ db, caches }: CachedDb): Promise<StoreSettings> {
  return caches.reference.get(db, 'settings', () => readStoreSettings(db))
}

async function readStoreSettings(db: Db): Promise<StoreSettings> {
  const rows = await db.select({ key: storeSettings.key, value: storeSettings.value }).from(storeSettings)
  const merged: Record<string, unknown> = { ...defaultStoreSettings }
  const shape = storeSettingsSchema.shape as Record<
    string,
    { safeParse: (v: unknown) => { success: boolean } }
  >
  for (const row of rows) {
    const field = shape[row.key]
    if (field?.safeParse(row.value).success) merged[row.key] = row.value
  }
  return storeSettingsSchema.parse(merged)
}

export function loadCurrencies({ db, caches }: CachedDb): Promise<Currency[]> {
  return caches.reference.get(db, 'currencies', () => readCurrencies(db))
}

async function readCurrencies(db: Db): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sortOrder), asc(currencies.id))
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    symbol: c.symbol,
    exchangeRate: Number(c.exchangeRate),
    isDefault: c.isDefault,
  }))
}

export function loadPaymentPlans({ db, caches }: CachedDb): Promise<PaymentPlan[]> {
  return caches.reference.get(db, 'paymentPlans', () => readPaymentPlans(db))
}

async function readPaymentPlans(db: Db): Promise<PaymentPlan[]> {
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

export function loadStoreInfo({ db, caches }: CachedDb): Promise<StoreInfo> {
  return caches.reference.get(db, 'storeInfo', () => readStoreInfo(db))
}

async function readStoreInfo(db: Db): Promise<StoreInfo> {
  const [row] = await db.select().from(storeInfo).where(eq(storeInfo.id, 1)).limit(1)
  if (!row) return emptyStore
  const { id: _id, ...info } = row
  return info
}

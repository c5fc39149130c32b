import { asc, eq, sql } from 'drizzle-orm'
import type { Currency, PaymentPlan, StoreInfo } from '../../../contracts/bootstrap'
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

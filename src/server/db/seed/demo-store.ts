/** Store-wide settings, payment plans and the seller's details for the demo. */
import { count } from 'drizzle-orm'
import { defaultStoreSettings, type StoreSettings, storeSettingsSchema } from '../../../contracts/settings'
import type { Db } from '../client'
import { paymentPlans } from '../schema/payment-plans'
import { storeInfo, storeSettings } from '../schema/store'

/** The defaults, with the features a demo should show switched on. */
export const DEMO_SETTINGS: StoreSettings = storeSettingsSchema.parse({
  ...defaultStoreSettings,
  showPaymentPlanPrice: true,
  b2b_urun_detay_ozel_kod_gosterim: true,
  whatsappControl: true,
  b2b_risk_limit_islem: true,
  stockInfoStatus: 0,
  showPriceStatus: false,
  // Card payment: installment tables from 1,000 TL up, and payment links.
  installmentLimit: 1000,
  b2b_cari_odeme_baglantisi: true,
})

const PAYMENT_PLANS = [
  { name: 'Peşin', priceName: 'salePrice', isDefault: true, isVirtual: false },
  { name: '30 Gün Vadeli', priceName: 'advencePrice1', isDefault: false, isVirtual: false },
  { name: '60 Gün Vadeli', priceName: 'advencePrice2', isDefault: false, isVirtual: false },
  { name: 'Kredi Kartı', priceName: 'advencePrice3', isDefault: false, isVirtual: true },
]

/** "1 url" is shown, "0 url" hidden; the order is facebook, instagram, twitter, youtube, pinterest. */
const SOCIAL_LINKS = [
  '1 https://www.facebook.com/toptandagitim',
  '0 https://www.instagram.com/toptandagitim',
  '1 https://twitter.com/toptandagitim',
  '1 https://www.youtube.com/@toptandagitim',
  '1 https://www.pinterest.com/toptandagitim',
].join('|')

export type StoreCounts = { settings: number; paymentPlans: number; storeInfo: number }

/** Writes every setting key that is missing, the payment plans if there are none, and the store row. */
export async function seedStore(db: Db): Promise<StoreCounts> {
  const settingRows = Object.entries(DEMO_SETTINGS).map(([key, value]) => ({ key, value }))
  const settings = await db
    .insert(storeSettings)
    .values(settingRows)
    .onConflictDoNothing()
    .returning({ key: storeSettings.key })

  let plans = 0
  const [existingPlans] = await db.select({ n: count() }).from(paymentPlans)
  if ((existingPlans?.n ?? 0) === 0) {
    await db.insert(paymentPlans).values(PAYMENT_PLANS.map((p, i) => ({ ...p, sortOrder: i })))
    plans = PAYMENT_PLANS.length
  }

  const info = await db
    .insert(storeInfo)
    .values({
      id: 1,
      name: 'Toptan Dağıtım A.Ş.',
      logo: 'logo.svg',
      address: 'Barbaros Mah. Begonya Sok. No: 3 Kat: 4',
      town: 'Ataşehir',
      city: 'İstanbul',
      phone: '0216 555 12 34',
      email: 'info@toptan.test',
      whatsapp: '905321234567',
      socialLinks: SOCIAL_LINKS,
    })
    .onConflictDoNothing()
    .returning({ id: storeInfo.id })

  return { settings: settings.length, paymentPlans: plans, storeInfo: info.length }
}

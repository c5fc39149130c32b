import { z } from 'zod'
import { DEFAULT_TIME_ZONE, isTimeZone } from '../domain/date-format'
import { STORE_SORTS } from '../domain/listing'

export const sortValues = STORE_SORTS
export const sortSchema = z.enum(sortValues)
export type Sort = z.infer<typeof sortSchema>

export const specialCodeFields = ['ozelkod', 'ozelkod2', 'ozelkod3', 'ozelkod4', 'ozelkod5'] as const

/**
 * Every store-wide setting the spec names, typed, with its default. Flags the spec writes as '0'/'1'
 * are booleans here; the meaning of each is written beside it (see docs/decisions.md).
 */
export const storeSettingsSchema = z.object({
  /** Guests see prices (dealers always do). */
  showPriceStatus: z.boolean().default(false),
  /** Show the struck-through list price and the discount badge. */
  showListPrice: z.boolean().default(true),
  /** Guests see stock information too (dealers always do). */
  showStokInfo: z.boolean().default(false),
  /** Show payment-plan prices (advencePrice1..5) and the plan choice on the cart page. */
  showPaymentPlanPrice: z.boolean().default(false),
  /** Prices are shown with tax included. */
  productsWithKdv: z.boolean().default(false),
  /** Stock display mode 0–20 (spec/1 §9). */
  stockInfoStatus: z.number().int().min(0).max(20).default(0),
  /** When on, the stock limit is not enforced when adding to the cart. */
  cartStockControl: z.boolean().default(false),
  /** When off, products without stock are never listed, whatever a dealer's stock-only toggle says. */
  notInStock: z.boolean().default(true),
  defaultSort: sortSchema.default('name'),
  /** Store default of the dealers' "show products not in stock" preference. */
  showNotInStocks: z.boolean().default(true),
  /** The store default before any dealer changed it: what "reset" returns the toggle to. */
  originalShowNotInStocks: z.boolean().default(true),
  /** Offer the stock-only toggle on the product list. */
  b2b_stoktakileri_goster: z.boolean().default(true),
  /** Which special-code field the detail page's special-code line shows. */
  b2b_urun_detay_ozel_kod: z.enum(specialCodeFields).default('ozelkod'),
  /** Show the special-code line on the detail page. */
  b2b_urun_detay_ozel_kod_gosterim: z.boolean().default(false),
  /** Title of the special-code line. */
  b2b_urun_detay_ozel_kod_baslik: z.string().max(60).default('Özel Kod'),
  /** Offer a WhatsApp "Stokta Sorunuz" link in place of "Stokta Yok". */
  whatsappControl: z.boolean().default(false),
  /** The overdue banner shows from this overdue balance up. */
  overdueDebtInfoLimit: z.number().min(0).default(0),
  /** Show the overdue banner outside the account statement page. */
  showOverdueDebtInfo: z.boolean().default(true),
  /** Enforce dealers' risk limits when ordering. */
  b2b_risk_limit_islem: z.boolean().default(false),
  /** Dealers may turn a cart into an offer. */
  b2b_teklif_ver_durum: z.boolean().default(true),
  /** Installment tables appear only above this amount (TL). */
  installmentLimit: z.number().min(0).default(0),
  /** Dealers may create payment links. */
  b2b_cari_odeme_baglantisi: z.boolean().default(false),
  /** Store default of the product list view. */
  productListView: z.enum(['grid', 'list']).default('grid'),
  /**
   * The store's time zone (an IANA name): every date and time is drawn in it, on the server and in the
   * browser alike (domain/date-format.ts). A stored name Intl does not know falls back to the default.
   */
  timeZone: z.string().refine(isTimeZone, 'not an IANA time zone').default(DEFAULT_TIME_ZONE),
})
export type StoreSettings = z.infer<typeof storeSettingsSchema>
export type StoreSettingKey = keyof StoreSettings

export const defaultStoreSettings: StoreSettings = storeSettingsSchema.parse({})

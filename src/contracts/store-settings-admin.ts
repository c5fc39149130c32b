import { z } from 'zod'
import { socialNetworks } from '../domain/social-links'
import { normalizeTurkishPhone } from '../domain/turkish-phone'
import { storeSettingsSchema } from './settings'
import { storeNotificationsBodySchema } from './store-notifications'

/** The settings screen's topics, in screen order. */
export const SETTING_GROUPS = [
  'store',
  'contact',
  'prices',
  'stock',
  'list',
  'productPage',
  'ordering',
  'account',
  'mail',
] as const
export type SettingGroup = (typeof SETTING_GROUPS)[number]

/** How a value is typed in and checked: the screen draws the field by it. */
export const SETTING_TYPES = [
  'boolean',
  'integer',
  'amount',
  'choice',
  'text',
  'email',
  'emails',
  'phone',
  'url',
  'timeZone',
  'socialLinks',
] as const
export type SettingType = (typeof SETTING_TYPES)[number]

/** Where a setting is kept: a store_settings row, a column of store_info, the default currency. */
export type SettingStorage =
  | { kind: 'setting' }
  | { kind: 'info'; column: 'name' | 'address' | 'town' | 'city' | 'phone' | 'email' | 'whatsapp' }
  | { kind: 'socialLinks' }
  | { kind: 'recipients' }
  | { kind: 'defaultCurrency' }

export type SettingDefinition = {
  key: string
  group: SettingGroup
  type: SettingType
  /** The values a choice may take (a setting whose values come from the data, the currencies, has none here). */
  allowed?: readonly (string | number)[]
  /** The value's check: what a PUT's `value` must be, after trimming and normalising. */
  schema: z.ZodType
  storage: SettingStorage
  /** Dealers see its effect (the catalogue, cart, account pages); the others are the store's own. */
  dealerFacing: boolean
}

const flag = storeSettingsSchema.shape
const stockModes = Array.from({ length: 21 }, (_, n) => n)

/** Optional text: blank stores null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? null : text))
    .nullable()

const optionalPhone = z
  .string()
  .trim()
  .max(40)
  .nullable()
  .transform((text, ctx) => {
    if (text === null || text === '') return null
    const phone = normalizeTurkishPhone(text)
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'phone' })
      return z.NEVER
    }
    return phone
  })

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .nullable()
  .transform((text) => (text === '' ? null : text))
  .pipe(z.email().nullable())

const webAddress = z
  .string()
  .trim()
  .max(300)
  .refine((text) => text === '' || /^https?:\/\/[^\s/|]+\.[^\s|]+$/i.test(text), 'url')

/** The five social links as the screen edits them; stored as the spec's one string (domain/social-links). */
export const socialLinksValueSchema = z
  .array(z.strictObject({ network: z.enum(socialNetworks), url: webAddress, visible: z.boolean() }))
  .length(socialNetworks.length)
  .refine((links) => links.every((link, i) => link.network === socialNetworks[i]), 'order')
  .refine((links) => links.every((link) => !link.visible || link.url !== ''), 'visibleWithoutUrl')
export type SocialLinksValue = z.infer<typeof socialLinksValueSchema>

/** An amount in TRY: not negative, two decimals at most. */
const amount = z
  .number()
  .min(0)
  .max(1_000_000_000)
  .refine((n) => Math.round(n * 100) === n * 100, 'decimals')

const setting = (
  key: keyof typeof flag,
  group: SettingGroup,
  type: SettingType,
  dealerFacing = true,
  allowed?: readonly (string | number)[],
): SettingDefinition => ({
  key,
  group,
  type,
  schema: type === 'amount' ? amount : flag[key].unwrap(),
  storage: { kind: 'setting' },
  dealerFacing,
  ...(allowed ? { allowed } : {}),
})

/**
 * Every setting the spec's screens read and the store's own, in screen order within each group. The
 * spec's flags keep their names (docs/spec); the store's own details are store_info's columns.
 */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  {
    key: 'storeName',
    group: 'store',
    type: 'text',
    schema: z.string().trim().min(1).max(120),
    storage: { kind: 'info', column: 'name' },
    dealerFacing: true,
  },
  {
    key: 'storeAddress',
    group: 'store',
    type: 'text',
    schema: optionalText(300),
    storage: { kind: 'info', column: 'address' },
    dealerFacing: true,
  },
  {
    key: 'storeTown',
    group: 'store',
    type: 'text',
    schema: optionalText(80),
    storage: { kind: 'info', column: 'town' },
    dealerFacing: true,
  },
  {
    key: 'storeCity',
    group: 'store',
    type: 'text',
    schema: optionalText(80),
    storage: { kind: 'info', column: 'city' },
    dealerFacing: true,
  },
  setting('timeZone', 'store', 'timeZone'),
  {
    key: 'defaultCurrency',
    group: 'store',
    type: 'choice',
    schema: z.string().regex(/^[A-Z]{3}$/),
    storage: { kind: 'defaultCurrency' },
    dealerFacing: true,
  },
  {
    key: 'storePhone',
    group: 'contact',
    type: 'phone',
    schema: optionalPhone,
    storage: { kind: 'info', column: 'phone' },
    dealerFacing: true,
  },
  {
    key: 'storeEmail',
    group: 'contact',
    type: 'email',
    schema: optionalEmail,
    storage: { kind: 'info', column: 'email' },
    dealerFacing: true,
  },
  {
    key: 'whatsappNumber',
    group: 'contact',
    type: 'phone',
    schema: optionalPhone,
    storage: { kind: 'info', column: 'whatsapp' },
    dealerFacing: true,
  },
  setting('whatsappControl', 'contact', 'boolean'),
  {
    key: 'socialLinks',
    group: 'contact',
    type: 'socialLinks',
    schema: socialLinksValueSchema,
    storage: { kind: 'socialLinks' },
    dealerFacing: true,
  },
  setting('showPriceStatus', 'prices', 'boolean'),
  setting('productsWithKdv', 'prices', 'boolean'),
  setting('showListPrice', 'prices', 'boolean'),
  setting('showPaymentPlanPrice', 'prices', 'boolean'),
  setting('stockInfoStatus', 'stock', 'choice', true, stockModes),
  setting('showStokInfo', 'stock', 'boolean'),
  setting('cartStockControl', 'stock', 'boolean'),
  setting('notInStock', 'stock', 'boolean'),
  setting('showNotInStocks', 'stock', 'boolean'),
  setting('originalShowNotInStocks', 'stock', 'boolean'),
  setting('b2b_stoktakileri_goster', 'stock', 'boolean'),
  setting('defaultSort', 'list', 'choice', true, flag.defaultSort.unwrap().options),
  setting('productListView', 'list', 'choice', true, flag.productListView.unwrap().options),
  setting('b2b_urun_detay_ozel_kod_gosterim', 'productPage', 'boolean'),
  setting(
    'b2b_urun_detay_ozel_kod',
    'productPage',
    'choice',
    true,
    flag.b2b_urun_detay_ozel_kod.unwrap().options,
  ),
  setting('b2b_urun_detay_ozel_kod_baslik', 'productPage', 'text'),
  setting('b2b_teklif_ver_durum', 'ordering', 'boolean'),
  setting('b2b_risk_limit_islem', 'ordering', 'boolean'),
  setting('installmentLimit', 'ordering', 'amount'),
  setting('b2b_cari_odeme_baglantisi', 'account', 'boolean'),
  setting('showOverdueDebtInfo', 'account', 'boolean'),
  setting('overdueDebtInfoLimit', 'account', 'amount'),
  {
    key: 'orderMailRecipients',
    group: 'mail',
    type: 'emails',
    schema: storeNotificationsBodySchema.shape.recipients,
    storage: { kind: 'recipients' },
    dealerFacing: false,
  },
]

export const settingDefinition = (key: string): SettingDefinition | undefined =>
  SETTING_DEFINITIONS.find((definition) => definition.key === key)

const settingValueSchema = z.union([
  z.boolean(),
  z.number(),
  z.string(),
  z.null(),
  z.array(z.string()),
  socialLinksValueSchema,
])

/** GET /yonetim/settings — one entry per setting, with its label and help in the reader's language. */
export const settingItemSchema = z.object({
  key: z.string(),
  value: settingValueSchema,
  group: z.enum(SETTING_GROUPS),
  label: z.string(),
  help: z.string(),
  type: z.enum(SETTING_TYPES),
  /** A choice's values, each with its label. */
  allowed: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).optional(),
  dealerFacing: z.boolean(),
})
export type SettingItem = z.infer<typeof settingItemSchema>

export const settingsListSchema = z.object({ items: z.array(settingItemSchema) })
export type SettingsList = z.infer<typeof settingsListSchema>

/** PUT /yonetim/settings/{key} */
export const settingBodySchema = z.strictObject({ value: z.unknown() })
export const settingKeyParamsSchema = z.object({ key: z.string().max(80) })

import { z } from 'zod'
import { dbId, dbIdFromText, inputText } from './common'

/**
 * The home page's campaigns as staff edit them: a title in both languages, the products in their
 * order, rows of cards, cards side by side per screen width, the dates they are shown between, and
 * their order on the home page. The ERP may write the same campaigns by code (docs/integration.md).
 */

export const CAMPAIGN_MAX_PRODUCTS = 500
export const CAMPAIGN_STATUSES = ['shown', 'scheduled', 'ended', 'off'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

const slides = z.number().int().min(1).max(8)
export const slidesPerViewSchema = z.object({ phone: slides, tablet: slides, desktop: slides })

export const staffCampaignRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  rowCount: z.number(),
  sortOrder: z.number(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Whether dealers see it now: switched on and within its dates. */
  status: z.enum(CAMPAIGN_STATUSES),
  productCount: z.number(),
  slidesPerView: slidesPerViewSchema,
})
export type StaffCampaignRow = z.infer<typeof staffCampaignRowSchema>

/** GET /yonetim/campaigns: every campaign in its home-page order. */
export const staffCampaignListSchema = z.object({ items: z.array(staffCampaignRowSchema) })
export type StaffCampaignList = z.infer<typeof staffCampaignListSchema>

export const staffCampaignSchema = staffCampaignRowSchema.extend({
  products: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      active: z.boolean(),
    }),
  ),
})
export type StaffCampaign = z.infer<typeof staffCampaignSchema>

export const campaignParamsSchema = z.object({ id: dbIdFromText })

const when = z.iso.datetime({ offset: true }).nullable()

const campaignFields = {
  name: inputText().trim().min(1).max(200),
  nameEn: inputText().trim().max(200).nullable().optional(),
  rowCount: z.number().int().min(1).max(4).optional(),
  active: z.boolean().optional(),
  startsAt: when.optional(),
  endsAt: when.optional(),
  slidesPerView: slidesPerViewSchema.optional(),
  /** The products in their order on the carousel. */
  productIds: z.array(dbId).max(CAMPAIGN_MAX_PRODUCTS).optional(),
}

// An end before the start is refused by the service (with the stored dates of a PATCH in view), so
// the user reads "Bitiş zamanı başlangıçtan sonra olmalıdır." rather than a schema's "invalid".

/** POST /yonetim/campaigns: a new campaign, last on the home page. */
export const campaignCreateSchema = z.strictObject(campaignFields)
export type CampaignCreate = z.infer<typeof campaignCreateSchema>

/** PATCH /yonetim/campaigns/{id}: the fields sent; the rest stay. */
export const campaignPatchSchema = z.strictObject({ ...campaignFields, name: campaignFields.name.optional() })
export type CampaignPatch = z.infer<typeof campaignPatchSchema>

/** POST /yonetim/campaigns/reorder: every campaign's id in its new home-page order. */
export const campaignReorderSchema = z.strictObject({ ids: z.array(dbId).min(1).max(1000) })

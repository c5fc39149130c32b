import { z } from 'zod'
import { moneySchema } from './common'

/** A product as a campaign card shows it (spec/2 §3 "Campaign card product"). */
export const campaignProductSchema = z.object({
  id: z.number(),
  seo: z.string(),
  url: z.string(),
  name: z.string(),
  code: z.string(),
  image: z.string().nullable(),
  /** null when stock is hidden from this visitor (spec/1 §6). */
  quantity: z.number().nullable(),
  /** Prices in the visitor's currency; null when prices are hidden from this visitor. */
  salePrice: moneySchema.nullable(),
  listPrice: moneySchema.nullable(),
  defaultUnit: z.string().nullable(),
})
export type CampaignProduct = z.infer<typeof campaignProductSchema>

export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Rows of cards per slide: the store's row_count, at least 1 (spec/2 §2 "Campaign carousel"). */
  rowCount: z.number().int().min(1),
  /** Cards side by side from 0, 600 and 1000 px (the spec's 2, 4 and 6 unless the store set others). */
  slidesPerView: z.object({ phone: z.number(), tablet: z.number(), desktop: z.number() }),
  products: z.array(campaignProductSchema),
})
export type Campaign = z.infer<typeof campaignSchema>

export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) })
export type CampaignsResponse = z.infer<typeof campaignsResponseSchema>

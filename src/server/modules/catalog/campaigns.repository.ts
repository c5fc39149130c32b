import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { campaignProducts, campaigns, products, productUnits } from '../../db/schema/catalogue'

/** Switched on and within its dates at `now` (the rule of domain/campaign.ts campaignStatus, as SQL). */
const shownAt = (now: Date) =>
  and(
    eq(campaigns.isActive, true),
    or(isNull(campaigns.startsAt), lte(campaigns.startsAt, now)),
    or(isNull(campaigns.endsAt), gt(campaigns.endsAt, now)),
  )

/** The campaigns dealers see at `now` with their products, in two queries (no query per campaign). */
export async function findActiveCampaigns(db: Db, includeOutOfStock: boolean, now: Date) {
  const campaignRows = await db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      rowCount: campaigns.rowCount,
      slidesPhone: campaigns.slidesPhone,
      slidesTablet: campaigns.slidesTablet,
      slidesDesktop: campaigns.slidesDesktop,
    })
    .from(campaigns)
    .where(shownAt(now))
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.id))
  if (campaignRows.length === 0) return { campaignRows, productRows: [] }
  const productRows = await db
    .select({
      campaignId: campaignProducts.campaignId,
      id: products.id,
      seo: products.seo,
      name: products.name,
      code: products.code,
      image: products.image,
      quantity: products.quantity,
      salePrice: products.salePrice,
      listPrice: products.listPrice,
      currencyId: products.currencyId,
      taxRate: products.taxRate,
      defaultUnit: productUnits.value,
    })
    .from(campaignProducts)
    .innerJoin(campaigns, eq(campaigns.id, campaignProducts.campaignId))
    .innerJoin(products, eq(products.id, campaignProducts.productId))
    .leftJoin(productUnits, and(eq(productUnits.productId, products.id), eq(productUnits.isDefault, true)))
    .where(
      and(
        shownAt(now),
        eq(products.isActive, true),
        includeOutOfStock ? sql`true` : gt(products.quantity, 0),
      ),
    )
    .orderBy(asc(campaignProducts.campaignId), asc(campaignProducts.sortOrder), asc(products.id))
  return { campaignRows, productRows }
}

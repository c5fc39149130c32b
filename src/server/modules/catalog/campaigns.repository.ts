import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { campaignProducts, campaigns, products, productUnits } from '../../db/schema/catalogue'

/** All active campaigns with their products in two queries (no query per campaign). */
export async function findActiveCampaigns(db: Db, includeOutOfStock: boolean) {
  const campaignRows = await db
    .select({ id: campaigns.id, name: campaigns.name, rowCount: campaigns.rowCount })
    .from(campaigns)
    .where(eq(campaigns.isActive, true))
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
        eq(campaigns.isActive, true),
        eq(products.isActive, true),
        includeOutOfStock ? sql`true` : gt(products.quantity, 0),
      ),
    )
    .orderBy(asc(campaignProducts.campaignId), asc(campaignProducts.sortOrder), asc(products.id))
  return { campaignRows, productRows }
}

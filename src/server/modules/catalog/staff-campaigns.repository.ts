import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { campaignProducts, campaigns, products } from '../../db/schema/catalogue'

/** The campaigns as the back office reads and writes them. */

const columns = {
  id: campaigns.id,
  code: campaigns.code,
  name: campaigns.name,
  rowCount: campaigns.rowCount,
  sortOrder: campaigns.sortOrder,
  isActive: campaigns.isActive,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  slidesPhone: campaigns.slidesPhone,
  slidesTablet: campaigns.slidesTablet,
  slidesDesktop: campaigns.slidesDesktop,
  productCount: sql<number>`(select count(*)::int from campaign_products p where p.campaign_id = ${campaigns.id})`,
}

export const campaignRecordsInOrder = (db: Db) =>
  db.select(columns).from(campaigns).orderBy(asc(campaigns.sortOrder), asc(campaigns.id))

export type StaffCampaignRecord = Awaited<ReturnType<typeof campaignRecordsInOrder>>[number]

export async function campaignRecord(db: Db, id: number): Promise<StaffCampaignRecord | null> {
  const [row] = await db.select(columns).from(campaigns).where(eq(campaigns.id, id))
  return row ?? null
}

export const campaignProductRows = (db: Db, campaignId: number) =>
  db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      image: products.image,
      active: products.isActive,
    })
    .from(campaignProducts)
    .innerJoin(products, eq(products.id, campaignProducts.productId))
    .where(eq(campaignProducts.campaignId, campaignId))
    .orderBy(asc(campaignProducts.sortOrder), asc(products.id))

export async function existingProductIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))
  return new Set(found.map((p) => p.id))
}

export type CampaignFields = {
  name: string
  rowCount: number
  isActive: boolean
  startsAt: Date | null
  endsAt: Date | null
  slidesPhone: number
  slidesTablet: number
  slidesDesktop: number
}

/** A new campaign, last on the home page, with a code of its own (WEB- and its id) for the ERP to see. */
export async function insertCampaign(db: Db, fields: CampaignFields): Promise<number> {
  const [made] = await db
    .insert(campaigns)
    .values({
      ...fields,
      code: `W-${crypto.randomUUID()}`,
      sortOrder: sql`(select coalesce(max(sort_order), -1) + 1 from campaigns)`,
    })
    .returning({ id: campaigns.id })
  await db
    .update(campaigns)
    .set({ code: `WEB-${made!.id}` })
    .where(eq(campaigns.id, made!.id))
  return made!.id
}

export async function updateCampaign(db: Db, id: number, fields: CampaignFields) {
  await db.update(campaigns).set(fields).where(eq(campaigns.id, id))
}

export async function setCampaignOrder(db: Db, ids: number[]) {
  await db.execute(sql`update campaigns c set sort_order = r.ord - 1
    from unnest(${sql.param(ids)}::int[]) with ordinality as r(id, ord) where c.id = r.id`)
}

import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** The SQL of the ERP's campaign upserts: a batch read in one statement, written in a few. */

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

export type CampaignRecord = {
  id: number
  code: string
  name: string
  row_count: number
  sort_order: number
  is_active: boolean
  /** Its products' ids in their order. */
  product_ids: number[]
}

export const campaignRecords = (db: Db, codes: string[]) =>
  rows<CampaignRecord>(
    db,
    sql`select c.id, c.code, c.name, c.row_count, c.sort_order, c.is_active,
      coalesce((select array_agg(p.product_id order by p.sort_order, p.product_id)
        from campaign_products p where p.campaign_id = c.id), '{}') as product_ids
    from campaigns c where c.code = any(${sql.param(codes)}::text[])`,
  )

export type CampaignWrite = Omit<CampaignRecord, 'id' | 'product_ids'> & { id?: number }

const CAMPAIGN_COLUMNS = 'code text, name text, row_count int, sort_order int, is_active boolean'

export async function insertCampaigns(db: Db, campaigns: CampaignWrite[]): Promise<Map<string, number>> {
  if (campaigns.length === 0) return new Map()
  const created = await rows<{ id: number; code: string }>(
    db,
    sql`insert into campaigns (code, name, row_count, sort_order, is_active)
      select code, name, row_count, sort_order, is_active
      from jsonb_to_recordset(${json(campaigns)}) as r(${sql.raw(CAMPAIGN_COLUMNS)})
      returning id, code`,
  )
  return new Map(created.map((r) => [r.code, r.id]))
}

export async function updateCampaigns(db: Db, campaigns: (CampaignWrite & { id: number })[]) {
  if (campaigns.length === 0) return
  await db.execute(sql`update campaigns c set name = r.name, row_count = r.row_count,
      sort_order = r.sort_order, is_active = r.is_active
    from jsonb_to_recordset(${json(campaigns)}) as r(id int, ${sql.raw(CAMPAIGN_COLUMNS)}) where c.id = r.id`)
}

/** The campaigns' product lists replaced by the ones given, in their order. */
export async function replaceCampaignProducts(db: Db, lists: { campaignId: number; productIds: number[] }[]) {
  if (lists.length === 0) return
  await db.execute(
    sql`delete from campaign_products where campaign_id = any(${sql.param(lists.map((l) => l.campaignId))}::int[])`,
  )
  const links = lists.flatMap((l) =>
    l.productIds.map((productId, i) => ({ campaign_id: l.campaignId, product_id: productId, sort_order: i })),
  )
  if (links.length === 0) return
  await db.execute(sql`insert into campaign_products (campaign_id, product_id, sort_order)
    select campaign_id, product_id, sort_order from jsonb_to_recordset(${json(links)})
      as r(campaign_id int, product_id int, sort_order int)`)
}

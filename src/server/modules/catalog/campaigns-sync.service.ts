import type { CampaignRow } from '../../../contracts/integration-sync'
import { type RowOutcome, rejected } from '../../../domain/bulk-upsert'
import type { Db } from '../../db/client'
import {
  type CampaignWrite,
  campaignRecords,
  insertCampaigns,
  replaceCampaignProducts,
  updateCampaigns,
} from './campaigns-sync.repository'
import { productIdsByCode } from './catalogue-sync.repository'

/**
 * The ERP's campaigns (docs/integration.md, "campaigns"), keyed by code: the home page's carousels.
 * `productCodes` is the campaign's whole list in its order (a product not listed leaves it); fields
 * left out keep their stored values. The home page reads campaigns fresh on every request.
 */
export async function upsertCampaigns(tx: Db, rows: readonly CampaignRow[]): Promise<RowOutcome[]> {
  // One after another on the transaction's one connection (catalogue-sync.service.ts says why).
  const stored = new Map(
    (
      await campaignRecords(
        tx,
        rows.map((r) => r.code),
      )
    ).map((c) => [c.code, c]),
  )
  const products = new Map(
    (await productIdsByCode(tx, [...new Set(rows.flatMap((r) => r.productCodes))])).map((p) => [
      p.code,
      p.id,
    ]),
  )
  const outcomes: RowOutcome[] = []
  const inserts: (CampaignWrite & { productIds: number[] })[] = []
  const updates: (CampaignWrite & { id: number })[] = []
  const lists: { campaignId: number; productIds: number[] }[] = []
  for (const row of rows) {
    const unknown = row.productCodes.findIndex((code) => !products.has(code))
    if (unknown >= 0) {
      outcomes.push(rejected(`productCodes.${unknown}`, 'unknown_reference', row.productCodes[unknown]))
      continue
    }
    const repeat = row.productCodes.findIndex((code, at) => row.productCodes.indexOf(code) !== at)
    if (repeat >= 0) {
      outcomes.push(rejected(`productCodes.${repeat}`, 'duplicate_in_batch', row.productCodes[repeat]))
      continue
    }
    const productIds = row.productCodes.map((code) => products.get(code)!)
    const was = stored.get(row.code)
    const target: CampaignWrite = {
      code: row.code,
      name: row.name,
      row_count: row.rowCount ?? was?.row_count ?? 1,
      sort_order: row.sortOrder ?? was?.sort_order ?? 0,
      is_active: row.isActive ?? was?.is_active ?? true,
    }
    if (!was) {
      inserts.push({ ...target, productIds })
      outcomes.push({ status: 'created' })
      continue
    }
    const same =
      was.name === target.name &&
      was.row_count === target.row_count &&
      was.sort_order === target.sort_order &&
      was.is_active === target.is_active
    const sameProducts =
      was.product_ids.length === productIds.length && was.product_ids.every((id, i) => id === productIds[i])
    if (same && sameProducts) {
      outcomes.push({ status: 'unchanged' })
      continue
    }
    if (!same) updates.push({ ...target, id: was.id })
    if (!sameProducts) lists.push({ campaignId: was.id, productIds })
    outcomes.push({ status: 'updated' })
  }
  const created = await insertCampaigns(
    tx,
    inserts.map(({ productIds: _, ...c }) => c),
  )
  await updateCampaigns(tx, updates)
  for (const c of inserts) lists.push({ campaignId: created.get(c.code)!, productIds: c.productIds })
  await replaceCampaignProducts(tx, lists)
  return outcomes
}

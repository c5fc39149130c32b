import type { Db } from '../client'
import { productStocks, products, productUnits } from '../schema/catalogue'
import type { ProductDraft } from './catalogue-builder'

export type InsertCounts = { products: number; units: number; stocks: number }

/** Splits rows into statements: PostgreSQL takes at most 65,535 parameters per statement. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Inserts drafts with multi-row statements: products (returning ids), then their units and stocks.
 * Variant children find their parent's id in `ids` (code → id), which this call also fills.
 */
export async function insertDrafts(
  db: Db,
  drafts: readonly ProductDraft[],
  batchSize: number,
  ids: Map<string, number> = new Map(),
): Promise<InsertCounts> {
  const counts: InsertCounts = { products: 0, units: 0, stocks: 0 }
  for (const batch of chunks(drafts, batchSize)) {
    const rows = batch.map((d) => {
      if (!d.parentCode) return d.row
      const parentId = ids.get(d.parentCode)
      if (parentId === undefined) throw new Error(`parent ${d.parentCode} of ${d.row.code} not inserted`)
      return { ...d.row, parentId }
    })
    const inserted = await db
      .insert(products)
      .values(rows)
      .returning({ id: products.id, code: products.code })
    for (const r of inserted) ids.set(r.code, r.id)

    const units = batch.flatMap((d) =>
      d.units.map((u) => ({ ...u, productId: ids.get(d.row.code) as number })),
    )
    const stocks = batch.flatMap((d) =>
      d.stocks.map((s) => ({ ...s, productId: ids.get(d.row.code) as number })),
    )
    // Units have 9 columns and stocks 3: these sizes stay far below the parameter limit.
    for (const part of chunks(units, 4000)) await db.insert(productUnits).values(part)
    for (const part of chunks(stocks, 8000)) await db.insert(productStocks).values(part)
    counts.products += inserted.length
    counts.units += units.length
    counts.stocks += stocks.length
  }
  return counts
}

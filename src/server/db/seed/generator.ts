/**
 * Large-catalogue generator for benchmarks: adds any number of plain products of the demo's shape
 * (names, prices, units, stocks, derived columns) quickly, with multi-row statements.
 */
import { count, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { products } from '../schema/catalogue'
import { ensureBaseData } from './base-data'
import { buildProduct } from './catalogue-builder'
import { type InsertCounts, insertDrafts } from './insert'

export const LARGE_SEED = 0x1a29e

export type LargeCatalogueOptions = {
  /** How many products to add. */
  products: number
  seed?: number
  /** Products per statement (and per transaction). */
  batchSize?: number
  onProgress?: (done: number, total: number) => void
}

export type LargeCatalogueSummary = InsertCounts & { firstSeq: number; elapsedMs: number }

/**
 * Sequence numbers (and so codes and barcodes) continue after everything already in the table, so the
 * generator can run on top of the demo data. Each batch commits on its own: an interrupted run keeps
 * whole batches and never leaves a product without its units or stocks.
 */
export async function seedLargeCatalogue(
  db: Db,
  options: LargeCatalogueOptions,
): Promise<LargeCatalogueSummary> {
  const started = performance.now()
  const seed = options.seed ?? LARGE_SEED
  const batchSize = options.batchSize ?? 1000
  const ctx = await ensureBaseData(db)
  const firstSeq = (await lastSequence(db)) + 1
  const usedNames = new Set<string>()
  const totals: InsertCounts = { products: 0, units: 0, stocks: 0 }

  for (let done = 0; done < options.products; done += batchSize) {
    const size = Math.min(batchSize, options.products - done)
    const drafts = Array.from({ length: size }, (_, i) =>
      buildProduct(ctx, seed, firstSeq + done + i, {}, usedNames),
    )
    const counts = await db.transaction((tx) => insertDrafts(tx, drafts, batchSize))
    totals.products += counts.products
    totals.units += counts.units
    totals.stocks += counts.stocks
    options.onProgress?.(done + size, options.products)
  }
  return { ...totals, firstSeq, elapsedMs: Math.round(performance.now() - started) }
}

/** The highest sequence number in use: the row count, or the number in a code like 'HRD-001234'. */
async function lastSequence(db: Db): Promise<number> {
  const [row] = await db
    .select({
      rows: count(),
      maxCode: sql<string | null>`max(substring(${products.code} from '^[A-Z]+-([0-9]+)$')::bigint)`,
    })
    .from(products)
  return Math.max(row?.rows ?? 0, Number(row?.maxCode ?? 0))
}

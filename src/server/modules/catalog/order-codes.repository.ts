import { sql } from 'drizzle-orm'
import { foldTurkishSql } from '../../../domain/turkish-text.sql'
import type { Db } from '../../db/client'

/** A product a typed code names, and the unit when it was a unit's own barcode. */
export type CodeMatch = { key: string; productId: number; unitId: number | null; active: boolean }

/** The most products one code may name before the rest are left out (a shared equivalent code). */
const PER_KEY = 10

/**
 * The products (inactive ones too, so a dealer hears it is no longer sold) whose code, barcode, a
 * unit's barcode or an equivalent code is one of `keys` (codes folded by domain/quick-order.ts
 * codeKey). Each key is looked up on its own in each index (a lateral subquery with a limit), so the
 * plan does not hang on an estimate: with 1,000 keys and no statistics yet for the folded code's
 * index, a hash join chose to fold every product's code (370 ms at 100,000) instead of 1,000 index
 * reads. The folded code has its own index (products_code_folded_idx); barcodes and equivalent codes
 * are stored as sent, so they are asked as the key and in capitals, then compared folded.
 */
export async function findProductsByCodeKeys(db: Db, keys: string[]): Promise<CodeMatch[]> {
  if (keys.length === 0) return []
  const result = await db.execute(sql`
    with wanted as (select distinct key, upper(key) as upper from unnest(${sql.param(keys)}::text[]) as k(key))
    select w.key, m.id as "productId", m.unit_id as "unitId", m.is_active as active from wanted w
    cross join lateral (
      (select p.id, null::int as unit_id, p.is_active from products p
        where ${foldTurkishSql(sql`p.code`)} = w.key limit ${PER_KEY})
      union
      (select p.id, null, p.is_active from products p
        where p.barcode in (w.key, w.upper) limit ${PER_KEY})
      union
      (select u.product_id, u.id, p.is_active from product_units u join products p on p.id = u.product_id
        where u.barcode in (w.key, w.upper) limit ${PER_KEY})
      union
      (select p.id, null, p.is_active from products p
        where p.equivalent_codes && array[w.key, w.upper]::text[]
          and exists (select 1 from unnest(p.equivalent_codes) e where ${foldTurkishSql(sql`e`)} = w.key)
        limit ${PER_KEY})
    ) m`)
  return (result as unknown as { rows: CodeMatch[] }).rows
}

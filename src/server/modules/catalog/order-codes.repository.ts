import { sql } from 'drizzle-orm'
import { foldTurkishSql } from '../../../domain/turkish-text.sql'
import type { Db } from '../../db/client'

/** A product a typed code names, and the unit when it was a unit's own barcode. */
export type CodeMatch = { key: string; productId: number; unitId: number | null; active: boolean }

/**
 * The products (inactive ones too, so a dealer hears it is no longer sold) whose code, barcode, a unit's barcode or an equivalent code is one of `keys`
 * (codes folded by domain/quick-order.ts codeKey), each by its own index: the folded code
 * (products_code_folded_idx), the barcodes (products_barcode_idx, product_units_barcode_idx) and the
 * equivalent codes' GIN index, asked with the spellings in `equivalentForms` (an equivalent code is
 * stored as the ERP sent it) and then compared folded.
 */
export async function findProductsByCodeKeys(
  db: Db,
  keys: string[],
  equivalentForms: string[],
): Promise<CodeMatch[]> {
  if (keys.length === 0) return []
  const result = await db.execute(sql`
    with wanted as (select distinct key from unnest(${sql.param(keys)}::text[]) as k(key))
    select w.key, p.id as "productId", null::int as "unitId", p.is_active as active
      from wanted w join products p on ${foldTurkishSql(sql`p.code`)} = w.key
    union
    select w.key, p.id, null, p.is_active
      from wanted w join products p on lower(p.barcode) = w.key
      where p.barcode = any(${sql.param(equivalentForms)}::text[])
    union
    select w.key, u.product_id, u.id, p.is_active
      from wanted w join product_units u on lower(u.barcode) = w.key
      join products p on p.id = u.product_id
      where u.barcode = any(${sql.param(equivalentForms)}::text[])
    union
    select w.key, p.id, null, p.is_active
      from products p cross join lateral unnest(p.equivalent_codes) as e(code)
      join wanted w on ${foldTurkishSql(sql`e.code`)} = w.key
      where p.equivalent_codes && ${sql.param(equivalentForms)}::text[]`)
  return (result as unknown as { rows: CodeMatch[] }).rows
}

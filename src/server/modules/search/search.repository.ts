import { and, asc, type SQL, sql } from 'drizzle-orm'
import { ledgerDay } from '../../../domain/ledger'
import { foldTurkish } from '../../../domain/turkish-text'
import type { Db } from '../../db/client'
import { products } from '../../db/schema/catalogue'
import { searchLogs } from '../../db/schema/store'
import { escapeLike } from '../catalog/products.repository'
import { addToSearchStats, rollSearchStats } from '../search-dashboard/search-stats.repository'

export type SearchLogEntry = {
  userId: number | null
  query: string
  resultCount: number
  source: 'autocomplete' | 'search'
  createdAt: Date
  hits: number
}

/**
 * Writes a batch into the log and adds it to the search dashboard's running totals in the same
 * transaction (moving them on to `now`'s day first), so the two never disagree.
 */
export async function insertSearchLogs(db: Db, entries: SearchLogEntry[], now: Date) {
  if (entries.length === 0) return
  const rows = entries.map((e) => {
    const query = e.query.slice(0, 200)
    return { ...e, query, queryKey: foldTurkish(query).slice(0, 200) }
  })
  await db.transaction(async (tx) => {
    const through = await rollSearchStats(tx, ledgerDay(now))
    await tx.insert(searchLogs).values(rows)
    await addToSearchStats(tx, rows, through)
  })
}

const suggestionColumns = {
  id: products.id,
  name: products.name,
  code: products.code,
  seo: products.seo,
  image: products.image,
}
export type SuggestionRow = { id: number; name: string; code: string; seo: string; image: string | null }

// Literal conditions, so the planner can use the partial indexes built on them.
const listed = sql`${products.parentId} is null and ${products.isActive}`

/** Lower-cased, Turkish-folded name as SQL computes it (mirrors domain/turkish-text foldTurkish). */
export const foldedName = sql`lower(translate(${products.name}, 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu'))`

/**
 * Suggestions best first, in tiers that each walk one index and stop at the limit: exact code, barcode
 * or equivalent code → code prefix → name prefix (Turkish-folded) → every word anywhere in the search
 * text (three letters or more, through the trigram index).
 */
export async function findSuggestions(db: Db, q: string, limit: number): Promise<SuggestionRow[]> {
  const folded = foldTurkish(q)
  const upper = q.trim().toLocaleUpperCase('tr-TR')
  const prefix = `${escapeLike(folded)}%`
  // Compared and ordered in byte order ("C"), as their indexes are: see the schema.
  const codeKey = sql`(lower(${products.code}) collate "C")`
  const nameKey = sql`(${foldedName} collate "C")`
  const tiers: Array<{ where: SQL; order?: SQL }> = [
    {
      where: sql`(${products.code} = ${upper} or ${products.barcode} = ${q.trim()} or ${products.equivalentCodes} @> array[${upper}]::text[])`,
    },
    { where: sql`${codeKey} like ${prefix}`, order: codeKey },
    { where: sql`${nameKey} like ${prefix}`, order: nameKey },
  ]
  const words = folded.split(' ').filter((w) => w.length >= 3)
  if (words.length > 0) {
    tiers.push({ where: and(...words.map((w) => sql`${products.searchText} like ${`%${escapeLike(w)}%`}`))! })
  }
  const found: SuggestionRow[] = []
  const seen = new Set<number>()
  for (const tier of tiers) {
    if (found.length >= limit) break
    const query = db.select(suggestionColumns).from(products).where(and(listed, tier.where))
    const rows = await (tier.order ? query.orderBy(asc(tier.order), asc(products.id)) : query).limit(
      limit * 2,
    )
    // Unordered tiers come back in index order: show them alphabetically.
    if (!tier.order) rows.sort((a, b) => a.name.localeCompare(b.name, 'tr'))
    for (const row of rows) {
      if (found.length < limit && !seen.has(row.id)) {
        seen.add(row.id)
        found.push(row)
      }
    }
  }
  return found
}

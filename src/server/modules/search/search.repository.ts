import { and, asc, type SQL, sql } from 'drizzle-orm'
import { ledgerDay } from '../../../domain/ledger'
import { LISTED_PRODUCT_SQL } from '../../../domain/listing'
import { analyseQuery } from '../../../domain/search-query'
import { foldTurkish } from '../../../domain/turkish-text'
import { foldTurkishSql } from '../../../domain/turkish-text.sql'
import type { Db } from '../../db/client'
import { escapeLike } from '../../db/like'
import { products } from '../../db/schema/catalogue'
import { searchLogs } from '../../db/schema/store'
import { addToStats, rollStatsTo } from '../search-dashboard/search-dashboard.service'
import { findRankedSuggestions, prepareSearch, type SuggestionRow } from './search.service'
import type { SearchIndex } from './search-index'

export type { SuggestionRow }

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
    const through = await rollStatsTo(tx, ledgerDay(now))
    await tx.insert(searchLogs).values(rows)
    await addToStats(tx, rows, through)
  })
}

/** Words of at least this many letters are matched anywhere through the trigram index; shorter ones by prefix. */
const RANKED_MIN_WORD = 3

const suggestionColumns = {
  id: products.id,
  name: products.name,
  code: products.code,
  seo: products.seo,
  image: products.image,
}

// Literal conditions, so the planner can use the partial indexes built on them.
const listed = sql.raw(LISTED_PRODUCT_SQL)

/** The folded name, as the name prefix index (products_name_prefix_c_idx) is built on it. */
const foldedName = foldTurkishSql(products.name)

/**
 * Suggestions best first. A query with a word of three letters or more is ranked as the search page
 * ranks, from the in-process search index (search.service.ts: codes, then names, then brand and category; suffixes, units and typos
 * included). Shorter queries ('m', 'ab') walk the prefix indexes in tiers that stop at the limit:
 * exact code, barcode or equivalent code → code prefix → name prefix (Turkish-folded).
 */
export async function findSuggestions(
  index: SearchIndex,
  db: Db,
  q: string,
  limit: number,
): Promise<SuggestionRow[]> {
  const analysed = analyseQuery(q)
  if (analysed.words.some((w) => w.word.length >= RANKED_MIN_WORD)) {
    return findRankedSuggestions(await prepareSearch(index, db, q), limit)
  }
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
  const found: SuggestionRow[] = []
  const seen = new Set<number>()
  for (const tier of tiers) {
    if (found.length >= limit) break
    const query = db.select(suggestionColumns).from(products).where(and(listed, tier.where))
    const rows = await (tier.order ? query.orderBy(asc(tier.order), asc(products.id)) : query).limit(
      limit * 2,
    )
    for (const row of rows) {
      if (found.length < limit && !seen.has(row.id)) {
        seen.add(row.id)
        found.push(row)
      }
    }
  }
  return found
}

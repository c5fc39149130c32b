/**
 * Ranked search (issue 15) for the search page and the autocomplete, answered by the in-process
 * search index (search-index.ts) with the ranking of domain/search-rank.ts:
 *   0 exact code, barcode or equivalent code · 1 code prefix · 2 every word in the name ·
 *   3 some words in the name · 4 the rest (brand, special code, category)
 * and within a tier by words found at a word start in the name, of those the words found as typed
 * ('kablosu' before 'kablo' for "kablosu"), words found in the name, fewer extra words in the name,
 * then the name in Turkish order. A sort the dealer picks replaces the ranking. Category and brand
 * pages without a query keep their SQL (findFacetCounts below).
 */
import { sql } from 'drizzle-orm'
import { analyseQuery } from '../../../domain/search-query'
import { rankQuery } from '../../../domain/search-rank'
import type { ClockReading } from '../../cache/change-clock'
import type { Db } from '../../db/client'
import { products } from '../../db/schema/catalogue'
import { type ListFilter, listedWhere, type SortKey } from '../catalog/products.repository'
import { type FacetCount, type IndexPage, SearchIndex, type SearchIndexView } from './search-index'

export type { FacetCount }

/**
 * Query words with the forms each may match in: its stems and, for a typo, the corrected words; and
 * the index as it was brought up to date for this search (one freshness check per search).
 */
export type SearchQuery = { raw: string; normalised: string; words: string[][]; view: SearchIndexView }

/** Brings the index up to date, analyses the typed query and adds typo corrections from the index. */
export async function prepareSearch(
  index: SearchIndex,
  db: Db,
  typed: string,
  seen?: ClockReading,
): Promise<SearchQuery> {
  const view = await index.current(db, seen)
  const analysed = analyseQuery(typed)
  const words = analysed.words.map((word) => SearchIndex.wordForms(view, word))
  return { raw: analysed.raw, normalised: analysed.normalised, words, view }
}

export type SearchSort = { key: SortKey | 'relevance'; descending: boolean; brandOrder: number[] }

/**
 * The search page: the matches once (without the brand filter, so the brand facet still offers the
 * other brands), the brand counts, the category counts and the page's ids in order. Products without
 * a brand or category count in the total but are no facet value.
 */
export function findSearchPage(
  filter: ListFilter,
  q: SearchQuery,
  sort: SearchSort,
  page: { offset: number; limit: number },
): IndexPage {
  return SearchIndex.searchPage(q.view, rankQuery(q.raw, q.words), filter, sort, page)
}

export type SuggestionRow = { id: number; name: string; code: string; seo: string; image: string | null }

/** The best `limit` products for the autocomplete, ranked as the search page ranks them. */
export function findRankedSuggestions(q: SearchQuery, limit: number): SuggestionRow[] {
  const entries = SearchIndex.suggestions(q.view, rankQuery(q.raw, q.words), limit)
  return entries.map((e) => ({ id: e.id, name: e.name, code: e.code, seo: e.seo, image: e.image }))
}

/**
 * Brand and category counts of a list without a query (a category or brand page), and its total:
 * one statement in place of the plain count.
 */
export async function findFacetCounts(
  db: Db,
  filter: ListFilter,
): Promise<{ total: number; brands: FacetCount[]; categories: FacetCount[] }> {
  const brandMatch = filter.brandId === null ? sql`true` : sql`brand_id = ${filter.brandId}`
  const result = await db.execute(sql`
    with c as materialized (
      select ${products.brandId} as brand_id, ${products.categoryId} as category_id from ${products}
      where ${listedWhere({ ...filter, brandId: null })}
    )
    select 0 as kind, brand_id as key, count(*)::int as n from c group by brand_id
    union all
    select 1, category_id, count(*)::int from c where ${brandMatch} group by category_id`)
  return facetRows((result as unknown as { rows: FacetRow[] }).rows)
}

type FacetRow = { kind: number; key: number | null; n: number }

/** Kind 0 rows count brands, kind 1 categories (their sum is the total); a null key is no value. */
function facetRows(rows: FacetRow[]) {
  const brands: FacetCount[] = []
  const categories: FacetCount[] = []
  let total = 0
  for (const row of rows) {
    const kind = Number(row.kind)
    if (kind === 1) total += Number(row.n)
    if (row.key === null || kind > 1) continue
    ;(kind === 0 ? brands : categories).push({ id: Number(row.key), count: Number(row.n) })
  }
  return { total, brands, categories }
}

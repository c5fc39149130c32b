/**
 * Ranked search for the search page and the autocomplete, answered by the in-process
 * search index (search-index.ts) with the ranking of domain/search-rank.ts:
 *   0 exact code, barcode or equivalent code · 1 code prefix · 2 every word in the name ·
 *   3 some words in the name · 4 the rest (brand, special code, category) · 5 a word found only at
 *   a word start of the description
 * and within a tier by words found at a word start in the name, of those the words found as typed
 * ('kablosu' before 'kablo' for "kablosu"), words found in the name, fewer extra words in the name,
 * then the name in Turkish order. A sort the dealer picks replaces the ranking. Category, brand and
 * list pages without a query are answered by the same index (SearchIndex.page with no query).
 */
import { analyseQuery } from '../../../domain/search-query'
import { rankQuery } from '../../../domain/search-rank'
import type { ClockReading } from '../../cache/change-clock'
import type { Db } from '../../db/client'
import {
  type FacetCount,
  type IndexFilter,
  type IndexSort,
  SearchIndex,
  type SearchIndexView,
} from './search-index'

export type { FacetCount, IndexFilter, IndexSort, SearchIndex }

/** The index brought up to date with the catalogue's changes (one freshness check). */
export function currentIndex(index: SearchIndex, db: Db, seen?: ClockReading): Promise<SearchIndexView> {
  return index.current(db, seen)
}

/**
 * A page of the catalogue from the index: a search when there is a query, else the whole list, a
 * category or a brand page in the dealer's sort, with the facet counts when asked.
 */
export function indexPage(...args: Parameters<typeof SearchIndex.page>): ReturnType<typeof SearchIndex.page> {
  return SearchIndex.page(...args)
}

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

export type SuggestionRow = { id: number; name: string; code: string; seo: string; image: string | null }

/** The best `limit` products for the autocomplete, ranked as the search page ranks them. */
export function findRankedSuggestions(q: SearchQuery, limit: number): SuggestionRow[] {
  const entries = SearchIndex.suggestions(q.view, rankQuery(q.raw, q.words), limit)
  return entries.map((e) => ({ id: e.id, name: e.name, code: e.code, seo: e.seo, image: e.image }))
}

/**
 * Ranked search (issue 15) for the search page and the autocomplete. The candidates are the listed
 * products whose search document holds every query word in one of its forms (trigram index on
 * search_text); they are ranked in one statement, in this order:
 *   0 exact code, barcode or equivalent code · 1 code prefix · 2 every word in the name ·
 *   3 some words in the name · 4 the rest (brand, special code, category)
 * and within a tier by words found at a word start in the name, of those the words found as typed
 * ('kablosu' before 'kablo' for "kablosu"), words found in the name, fewer extra words in the name,
 * then the name in Turkish order. A sort the dealer picks replaces the ranking.
 */
import { and, or, type SQL, sql } from 'drizzle-orm'
import { type AnalysedQuery, analyseQuery, typoCorrections } from '../../../domain/search-query'
import { foldTurkish } from '../../../domain/turkish-text'
import type { Db } from '../../db/client'
import { products } from '../../db/schema/catalogue'
import { escapeLike, type ListFilter, listedWhere, type SortKey } from '../catalog/products.repository'

/** Query words with the forms each may match in: its stems and, for a typo, the corrected words. */
export type SearchQuery = { raw: string; normalised: string; words: string[][] }

/** Analyses the typed query and adds typo corrections from the catalogue's dictionary. */
export async function prepareSearch(db: Db, typed: string): Promise<SearchQuery> {
  const analysed: AnalysedQuery = analyseQuery(typed)
  const words = await Promise.all(
    analysed.words.map(async (word) => {
      if (!word.typoTolerant) return word.forms
      const startsWithForm = anyLike(
        sql`word`,
        word.forms.map((f) => `${escapeLike(f)}%`),
      )
      const result = await db.execute(sql`
        select word from search_words where word % ${word.word} or ${startsWithForm} limit 200`)
      const dictionary = (result as unknown as { rows: Array<{ word: string }> }).rows.map((r) => r.word)
      return [...word.forms, ...typoCorrections(word, dictionary)]
    }),
  )
  return { raw: analysed.raw, normalised: analysed.normalised, words }
}

const nameSpaced = sql`(' ' || ${products.searchName})`

function anyLike(column: SQL, patterns: string[]): SQL {
  return or(...patterns.map((p) => sql`${column} like ${p}`))!
}

/** The ranking's columns for one query, as SQL expressions over the products row. */
function rankColumns(q: SearchQuery) {
  const upper = q.raw.toLocaleUpperCase('tr-TR')
  const prefix = `${escapeLike(foldTurkish(q.raw))}%`
  const inName = q.words.map((forms) =>
    anyLike(
      sql`${products.searchName}`,
      forms.map((f) => `%${escapeLike(f)}%`),
    ),
  )
  const typedAtStart = q.words.map((forms) => sql`${nameSpaced} like ${`% ${escapeLike(forms[0] ?? '')}%`}`)
  const atStart = q.words.map((forms) =>
    anyLike(
      nameSpaced,
      forms.map((f) => `% ${escapeLike(f)}%`),
    ),
  )
  const count = (conditions: SQL[]) =>
    conditions.length === 0
      ? sql`0`
      : sql.join(
          conditions.map((c) => sql`(case when ${c} then 1 else 0 end)`),
          sql` + `,
        )
  const tier = sql`(case
    when ${products.code} = ${upper} or ${products.barcode} = ${q.raw} or ${products.equivalentCodes} @> array[${upper}]::text[] then 0
    when (lower(${products.code}) collate "C") like ${prefix} then 1
    ${inName.length > 0 ? sql`when ${and(...inName)} then 2 when ${or(...inName)} then 3` : sql``}
    else 4 end)`
  return {
    tier,
    starts: count(atStart),
    typed: count(typedAtStart),
    inName: count(inName),
    extra: sql`(length(${products.searchName}) - length(replace(${products.searchName}, ' ', '')))`,
  }
}

export type SearchSort = { key: SortKey | 'relevance'; descending: boolean; brandOrder: number[] }

function orderSql(sort: SearchSort): SQL {
  const dir = sql.raw(sort.descending ? 'desc' : 'asc')
  switch (sort.key) {
    case 'relevance':
      return sql`tier, starts desc, typed desc, in_name desc, extra, name_sort, id`
    case 'price':
      return sql`sale_price_base ${dir}, id ${dir}`
    case 'quantity':
      return sql`quantity ${dir}, id ${dir}`
    case 'brand':
      return sql`coalesce(array_position(${sql.raw(`ARRAY[${sort.brandOrder.join(',') || '0'}]::int[]`)}, brand_id), 2147483647) ${dir}, name_sort, id`
    default:
      return sql`name_sort ${dir}, id ${dir}`
  }
}

export type FacetCount = { id: number; count: number }
export type SearchPage = {
  total: number
  ids: number[]
  brands: FacetCount[]
  categories: FacetCount[]
}

/**
 * One statement for the search page: the candidates once (without the brand filter, so the brand
 * facet still offers the other brands), the brand counts, the category counts and the page's ids in
 * order. Products without a brand or category count in the total but are no facet value.
 */
export async function findSearchPage(
  db: Db,
  filter: ListFilter,
  q: SearchQuery,
  sort: SearchSort,
  page: { offset: number; limit: number },
): Promise<SearchPage> {
  const rank = rankColumns(q)
  const brandMatch = filter.brandId === null ? sql`true` : sql`brand_id = ${filter.brandId}`
  const result = await db.execute(sql`
    with c as materialized (
      select ${products.id} as id, ${products.brandId} as brand_id, ${products.categoryId} as category_id,
        ${products.nameSort} as name_sort, ${products.salePriceBase} as sale_price_base,
        ${products.quantity} as quantity, ${rank.tier} as tier, ${rank.starts} as starts,
        ${rank.typed} as typed, ${rank.inName} as in_name, ${rank.extra} as extra
      from ${products}
      where ${listedWhere({ ...filter, brandId: null })}
    )
    select 0 as kind, brand_id as key, count(*)::int as n from c group by brand_id
    union all
    select 1, category_id, count(*)::int from c where ${brandMatch} group by category_id
    union all
    select 2, id, (row_number() over (order by ${orderSql(sort)}))::int from (
      select * from c where ${brandMatch} order by ${orderSql(sort)} limit ${page.limit} offset ${page.offset}
    ) page_rows`)
  const rows = (result as unknown as { rows: FacetRow[] }).rows
  const ranked = rows
    .filter((r) => Number(r.kind) === 2)
    .map((r) => ({ id: Number(r.key), n: Number(r.n) }))
    .sort((a, b) => a.n - b.n)
  return { ...facetRows(rows), ids: ranked.map((r) => r.id) }
}

/**
 * Candidates the autocomplete ranks at most: the first ones the trigram index yields. A broad prefix
 * ('oto', 'kab') matches tens of thousands of products at 100,000; ranking them all cost 200–500 ms
 * (bench, PostgreSQL), while ten suggestions from 500 matching products are as good to the eye. The
 * search page ranks every match.
 */
export const SUGGESTION_CANDIDATES = 500

/** The best `limit` products for the autocomplete, ranked as the search page ranks them. */
export async function findRankedSuggestions(db: Db, q: SearchQuery, limit: number): Promise<SuggestionRow[]> {
  const rank = rankColumns(q)
  const filter: ListFilter = {
    categoryIds: null,
    brandId: null,
    modelId: null,
    words: q.words,
    inStockOnly: false,
  }
  const result = await db.execute(sql`
    select id, name, code, seo, image from (
      select ${products.id} as id, ${products.name} as name, ${products.code} as code, ${products.seo} as seo,
        ${products.image} as image, ${products.nameSort} as name_sort, ${rank.tier} as tier,
        ${rank.starts} as starts, ${rank.typed} as typed, ${rank.inName} as in_name, ${rank.extra} as extra
      from ${products} where ${listedWhere(filter)} limit ${SUGGESTION_CANDIDATES}
    ) c order by ${orderSql({ key: 'relevance', descending: false, brandOrder: [] })} limit ${limit}`)
  return (result as unknown as { rows: SuggestionRow[] }).rows.map((r) => ({ ...r, id: Number(r.id) }))
}

export type SuggestionRow = { id: number; name: string; code: string; seo: string; image: string | null }

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

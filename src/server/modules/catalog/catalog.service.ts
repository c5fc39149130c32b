import type { Product, ProductDetail, ProductList } from '../../../contracts/catalog'
import { MAX_PAGE } from '../../../contracts/catalog'
import { PRODUCT_LIST_SIZE } from '../../../contracts/product-images'
import { listSort, PAGE_SIZE } from '../../../domain/listing'
import { rankQuery } from '../../../domain/search-rank'
import { foldTurkish, turkishSortKey } from '../../../domain/turkish-text'
import type { CachedDb } from '../../cache/caches'
import { AppError, notFound } from '../../http/errors'
import type { AuthUser } from '../../identity'
import {
  currentIndex,
  type FacetCount,
  type IndexFilter,
  type IndexSort,
  indexPage,
  prepareSearch,
  type SearchIndex,
  type SearchQuery,
} from '../search/search.service'
import { allBrands, allCategories, type CategoryRow, findModel } from './categories.repository'
import { sanitizeDescription } from './description'
import { loadPricingContext } from './pricing.service'
import { toProduct } from './product-mapper'
import { galleryOf } from './product-uploads.repository'
import { findProductById, findProductsByIds } from './products.repository'

/** Where a search is recorded for the search dashboard: the app's SearchLog (search/search-log.ts). */
type SearchRecorder = {
  record(entry: {
    userId: number | null
    query: string
    resultCount: number
    source: 'search'
  }): Promise<void>
}

export type ListInput = {
  segments: string[]
  page?: string
  sort?: string
  view?: string
  q?: string
  brand?: string
  filters?: string
}

/** '2' → 2; zero, negative or not a number → 1; a huge number is capped (then to the last page). */
function parsePage(input: string | undefined): number {
  const n = Math.floor(Number(input))
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE) : n === Number.POSITIVE_INFINITY ? MAX_PAGE : 1
}

function parseModelFilter(input: string | undefined): number | null {
  if (!input) return null
  const match = /^model:(\d{1,9})$/.exec(input.trim())
  if (!match) {
    throw new AppError('validation', 'error.validation', undefined, 'validation', {
      filters: { key: 'field.invalid' },
    })
  }
  return Number(match[1])
}

/** The category's own id and every id below it, plus its breadcrumb trail from the root. */
function subtree(all: CategoryRow[], category: CategoryRow) {
  const ids = all
    .filter((c) => c.path === category.path || c.path.startsWith(`${category.path}/`))
    .map((c) => c.id)
  const bySlug = new Map(all.map((c) => [c.slug, c]))
  const breadcrumbs = category.path
    .split('/')
    .map((slug) => bySlug.get(slug))
    .filter((c): c is CategoryRow => Boolean(c))
    .map((c) => ({ name: c.name, slug: c.slug }))
  return { ids, breadcrumbs }
}

export async function listProducts(
  { db, caches, searchIndex }: CachedDb & { searchIndex: SearchIndex },
  searchLog: SearchRecorder,
  user: AuthUser | null,
  input: ListInput,
): Promise<ProductList> {
  const ctx = await loadPricingContext({ db, caches }, user)
  const segments = input.segments[0] === 'en' ? input.segments.slice(1) : input.segments
  if (segments.length > 2) throw notFound()

  const categories = await allCategories({ db, caches })
  let category: CategoryRow | null = null
  const brands = await allBrands({ db, caches })
  const findBrand = (slugOrId: string) =>
    brands.find((b) => b.slug === slugOrId || String(b.id) === slugOrId) ?? null
  let brand = input.brand ? findBrand(input.brand) : null
  if (input.brand && !brand) throw notFound()
  if (segments.length === 2) {
    brand = findBrand(segments[0]!)
    category = categories.find((c) => c.slug === segments[1]) ?? null
    if (!brand || !category) throw notFound()
  } else if (segments.length === 1) {
    category = categories.find((c) => c.slug === segments[0]) ?? null
    if (!category) {
      brand = findBrand(segments[0]!)
      if (!brand) throw notFound()
    }
  }
  const modelId = parseModelFilter(input.filters)
  const model = modelId !== null ? await findModel(db, modelId) : null
  const q = input.q?.trim() ? input.q.trim() : null
  const tree = category ? subtree(categories, category) : null
  // A search reads the in-process index, current by change: no cache in front of it.
  // The request's reading of where the data stands (already taken for the reference data above).
  const search: SearchQuery | null = q
    ? await prepareSearch(searchIndex, db, q, await caches.clock(db))
    : null
  const filter: IndexFilter = {
    categoryIds: tree?.ids ?? null,
    brandId: brand?.id ?? null,
    modelId,
    inStockOnly: !ctx.showNotInStocks,
  }

  const hasWords = search !== null && search.words.length > 0
  const sort = listSort(input.sort, hasWords, ctx.settings.defaultSort)
  const descending = sort.startsWith('-')
  const key = sort.replace('-', '') as IndexSort['key']
  const brandOrder =
    key === 'brand'
      ? brands
          .map((b) => ({ id: b.id, key: turkishSortKey(b.name) }))
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .map((b) => b.id)
      : []

  // Every page, a search, a category, a brand or the whole list, has one engine: count, facets and
  // the page's ids in order from the in-process index (current by change, so nothing in front of it
  // goes stale); the page's rows (prices, units, stock) are then read from the database by id.
  const view = search ? search.view : await currentIndex(searchIndex, db, await caches.clock(db))
  // A query of punctuation alone has no words: its folded text is matched as typed, as one form that
  // must occur in a token of the document (no token holds a space, so '- -' finds nothing).
  const query = search ? rankQuery(search.raw, hasWords ? search.words : [[foldTurkish(search.raw)]]) : null
  // The whole list offers no facets (its sidebar is the category tree).
  const withFacets = Boolean(search || category || brand)
  const pageSort: IndexSort = { key, descending, brandOrder }
  const pageOf = (n: number) =>
    indexPage(view, query, filter, pageSort, { offset: (n - 1) * PAGE_SIZE, limit: PAGE_SIZE }, withFacets)
  const wanted = parsePage(input.page)
  let found = pageOf(wanted)
  const page = Math.min(wanted, Math.max(1, Math.ceil(found.total / PAGE_SIZE)))
  if (page !== wanted) found = pageOf(page)
  const total = found.total
  const facetCounts = withFacets ? { brands: found.brands, categories: found.categories } : null
  const rows = await findProductsByIds(db, found.ids)
  const pages = Math.ceil(total / PAGE_SIZE)
  const items: Product[] = rows.map((row) => toProduct(row, ctx))
  if (q) await searchLog.record({ userId: user?.id ?? null, query: q, resultCount: total, source: 'search' })

  return {
    items,
    total,
    page,
    pages,
    limit: PAGE_SIZE,
    sort,
    view: input.view === 'grid' || input.view === 'list' ? input.view : ctx.productListView,
    showNotInStocks: ctx.showNotInStocks ? '1' : '0',
    category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
    brand: brand ? { id: brand.id, name: brand.name, slug: brand.slug } : null,
    model: model ? { id: model.id, name: model.name } : null,
    q,
    breadcrumbs: tree?.breadcrumbs ?? [],
    facets: facetCounts ? facetValues(facetCounts, brands, categories) : null,
  }
}

/** Facet counts with their names, most products first; a value without a known row is left out. */
function facetValues(
  counts: { brands: FacetCount[]; categories: FacetCount[] },
  brands: Array<{ id: number; name: string; slug: string }>,
  categories: CategoryRow[],
) {
  const named = <T extends { id: number; name: string; slug: string }>(list: FacetCount[], rows: T[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]))
    return list
      .flatMap((c) => {
        const row = byId.get(c.id)
        return row && c.count > 0 ? [{ id: row.id, name: row.name, slug: row.slug, count: c.count }] : []
      })
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'tr'))
  }
  return { brands: named(counts.brands, brands), categories: named(counts.categories, categories) }
}

/** One product with its units, stock and variant family; a child carries its family's selectors too. */
export async function getProduct(data: CachedDb, user: AuthUser | null, id: number): Promise<ProductDetail> {
  const ctx = await loadPricingContext(data, user)
  const row = await productRow(data, id)
  if (!row) throw notFound()
  const product = toProduct(row, ctx)
  return {
    ...product,
    gallery: await galleryOf(data.db, id, PRODUCT_LIST_SIZE),
    description: row.description,
    metaTitle: row.metaTitle,
    metaKeywords: row.metaKeywords,
    metaDescription: row.metaDescription,
  }
}

/**
 * A product's row with its description sanitized, read afresh on every request (one prepared
 * statement): its stock and prices are the database's own at that moment, never a copy kept for a
 * time, so a list never shows stock older than the request.
 */
async function productRow({ db }: CachedDb, id: number) {
  const row = await findProductById(db, id)
  return row ? { ...row, description: sanitizeDescription(row.description) } : null
}

/** What the HTML head of a product page needs, or null for an unknown product. */
export async function productHead(data: CachedDb, id: number) {
  const row = await productRow(data, id)
  if (!row) return null
  return {
    seo: row.seo,
    title: row.metaTitle || row.name,
    description: row.metaDescription,
    keywords: row.metaKeywords,
  }
}

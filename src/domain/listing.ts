/**
 * Product-list rules: which products are listed, sort whitelist, pagination window, quantity inputs,
 * discount, stock-number label.
 */

/** What decides whether a product is listed. */
export type ListedFields = { parentId: number | null; isActive: boolean }

/**
 * A product is listed (on the list, category, brand and search pages and in the autocomplete) when it
 * is active and not a variant child: plain products and variant parents. Children are reached
 * through their family on the parent's page.
 */
export function isListed(product: ListedFields): boolean {
  return product.parentId === null && product.isActive
}

/**
 * isListed in SQL over the `products` table, for queries that select listed rows in bulk and for the
 * partial list indexes. Written out (not as parameters) so the planner matches a query's condition to
 * those indexes; listed-product.int.test.ts compares it with isListed on the same rows.
 */
export const LISTED_PRODUCT_SQL = '"products"."parent_id" is null and "products"."is_active"'

/** Products per list page: fixed, so deep pages stay cheap and skeletons match the page. */
export const PAGE_SIZE = 24

/** The sorts a store may set as its default (spec/1 §9). */
export const STORE_SORTS = [
  'name',
  '-name',
  'price',
  '-price',
  'brand',
  '-brand',
  'quantity',
  '-quantity',
] as const

/** 'relevance' is a search's default and only means something with a query. */
export const SORTS = [...STORE_SORTS, 'relevance'] as const
export type SortValue = (typeof SORTS)[number]

/**
 * The sort of a list: the dealer's pick when valid; otherwise 'relevance' for a search and the store's
 * default elsewhere ('relevance' without a query falls back to the default too).
 */
export function listSort(input: unknown, hasQuery: boolean, storeDefault: SortValue): SortValue {
  const fallback = hasQuery ? 'relevance' : storeDefault === 'relevance' ? 'name' : storeDefault
  const picked = parseSort(input, fallback)
  return picked === 'relevance' && !hasQuery ? fallback : picked
}

/** Only the fixed list is accepted; anything else falls back to the store's default sort. */
export function parseSort(input: unknown, fallback: SortValue): SortValue {
  return typeof input === 'string' && (SORTS as readonly string[]).includes(input)
    ? (input as SortValue)
    : fallback
}

export type PageItem = number | 'ellipsis'

/**
 * Fewer than 11 pages: every page. Otherwise the first and last page, and a window of five around the
 * current page (shifted at the edges), with an ellipsis for each gap.
 */
export function paginationWindow(current: number, pages: number): PageItem[] {
  if (pages <= 0) return []
  if (pages < 11) return Array.from({ length: pages }, (_, i) => i + 1)
  const page = Math.min(Math.max(1, current), pages)
  let start = Math.max(2, page - 2)
  let end = Math.min(pages - 1, page + 2)
  if (page <= 3) end = 6
  if (page >= pages - 2) start = pages - 5
  const items: PageItem[] = [1]
  if (start > 2) items.push('ellipsis')
  for (let p = start; p <= end; p++) items.push(p)
  if (end < pages - 1) items.push('ellipsis')
  items.push(pages)
  return items
}

/** List quantity input: a non-numeric value, zero or less becomes 1. */
export function listQuantity(typed: string): number {
  const n = Number.parseInt(typed, 10)
  return Number.isFinite(n) && n > 0 ? n : 1
}

/** The product page's quantity bound (spec/1 §9); quantity.ts checks typed amounts against it. */
export const DETAIL_MAX_QUANTITY = 100

/** −1 never goes below 1. */
export const decreaseQuantity = (q: number) => Math.max(1, q - 1)

/**
 * Discount badge percent: shown when the list price (already converted to the same currency) is above
 * the sale price and showListPrice is on; the rounded 100 − sale / list × 100. null when not shown,
 * and for a sale price of 0, which is no price ('Fiyat Sorunuz'), not a 100 % discount.
 */
export function discountPercent(sale: number, list: number, showListPrice: boolean): number | null {
  if (!showListPrice || !(sale > 0) || !(list > sale) || list <= 0) return null
  return Math.round(100 - (sale / list) * 100)
}

export type StockNumberLabel = { label: 'Ürün kodu' | 'Barkod'; value: string }

/** The product's number(s) to show: code, barcode or both, by its stockNumberType; compact cuts at 20. */
export function stockNumberLabels(
  product: { code: string; barcode: string | null; stockNumberType: string },
  compact = false,
): StockNumberLabel[] {
  const cut = (v: string) => (compact && v.length > 20 ? `${v.slice(0, 20)}…` : v)
  const code: StockNumberLabel = { label: 'Ürün kodu', value: cut(product.code) }
  const barcode: StockNumberLabel = { label: 'Barkod', value: cut(product.barcode ?? '') }
  if (product.stockNumberType === 'StockCode') return [code]
  if (product.stockNumberType === 'Barcode') return product.barcode ? [barcode] : [code]
  return product.barcode ? [code, barcode] : [code]
}

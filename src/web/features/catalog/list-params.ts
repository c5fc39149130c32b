import { PAGE_SIZE, parseSort, SORTS, type SortValue } from '../../../domain/listing'

/** Which list a route shows: everything, the search page, or a /{slug} or /{brand}/{slug} path. */
export type ListRoute =
  | { kind: 'all' }
  | { kind: 'search' }
  | { kind: 'path'; brand?: string | undefined; url: string }

export type ListView = 'grid' | 'list'

/** One placeholder per product of a page (the domain's fixed page size; no Zod in this chunk). */
export const PAGE_SLOTS = PAGE_SIZE

/** The list call for a route: GET /api/catalog/products[/{slug} | /{brand}/{slug}]. */
export function listApiPath(route: ListRoute): string {
  if (route.kind !== 'path') return '/api/catalog/products'
  const segments = [route.brand, route.url].filter((s): s is string => Boolean(s))
  return `/api/catalog/products/${segments.map(encodeURIComponent).join('/')}`
}

/** Query parameters of the page that the list call takes (view only changes how the list looks). */
const API_PARAMS = ['page', 'sort', 'q', 'brand', 'filters'] as const

export function listApiParams(search: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {}
  for (const key of API_PARAMS) {
    const value = search.get(key)?.trim()
    if (value) params[key] = value
  }
  return params
}

/** The page asked for by the address: a positive whole number, else 1. */
export function readPage(search: URLSearchParams): number {
  const n = Number(search.get('page'))
  return Number.isSafeInteger(n) && n > 0 ? n : 1
}

export function readView(search: URLSearchParams): ListView | null {
  const view = search.get('view')
  return view === 'grid' || view === 'list' ? view : null
}

/** The sort in the address when it is one of the allowed ones, else null (the server's default applies). */
export function readSort(search: URLSearchParams): SortValue | null {
  const sort = search.get('sort')
  if (!sort) return null
  const parsed = parseSort(sort, SORTS[0])
  return parsed === sort ? parsed : null
}

/** Translation keys of the sort options, in the order of the domain's whitelist. */
export const sortLabelKeys = {
  name: 'sort.name',
  '-name': 'sort.nameDesc',
  price: 'sort.price',
  '-price': 'sort.priceDesc',
  brand: 'sort.brand',
  '-brand': 'sort.brandDesc',
  quantity: 'sort.quantity',
  '-quantity': 'sort.quantityDesc',
  relevance: 'sort.relevance',
} as const satisfies Record<SortValue, string>

/** The sorts a list offers: 'relevance' only on a search, first there. */
export function sortChoices(isSearch: boolean): SortValue[] {
  return isSearch
    ? ['relevance', ...SORTS.filter((s) => s !== 'relevance')]
    : SORTS.filter((s) => s !== 'relevance')
}

/** `search` with `changes` applied (null deletes); any change but the page itself goes back to page 1. */
export function withParams(search: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key)
    else next.set(key, value)
  }
  if (!('page' in changes) && Object.keys(changes).some((k) => k !== 'view')) next.delete('page')
  if (next.get('page') === '1') next.delete('page')
  return next
}

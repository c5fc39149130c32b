import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PreferenceRequest } from '../../../../contracts/account'
import type { CategoryTree, ProductList } from '../../../../contracts/catalog'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/**
 * GET /api/catalog/products{path}?page&sort&q&brand&filters. The visitor's stock-only preference is part
 * of the key: the server applies it, so a change must not be answered from the cache.
 */
export function useProductList(apiPath: string, params: Record<string, string>, showNotInStocks: string) {
  return useQuery({
    queryKey: queryKeys.productList(apiPath, { ...params, showNotInStocks }),
    queryFn: ({ signal }) => apiFetch<ProductList>(apiPath, { query: params, signal }),
    placeholderData: keepPreviousData,
  })
}

/** GET /api/catalog/categories: the category tree and brands for the navigation (rarely changes). */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories(),
    queryFn: ({ signal }) => apiFetch<CategoryTree>('/api/catalog/categories', { signal }),
    staleTime: 5 * 60_000,
  })
}

/** POST /api/catalog/settings for the list's own preferences (view, stock-only). */
export function saveListPreference(
  preference: Extract<PreferenceRequest, { key: 'productListView' | 'showNotInStocks' }>,
): Promise<unknown> {
  return apiFetch('/api/catalog/settings', { method: 'POST', json: preference })
}

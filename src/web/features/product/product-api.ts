import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { ProductDetail } from '../../../contracts/catalog'
import { apiFetch } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'

/** The id in a product address '/{seo}-p-{id}', or null when the path is not a product's. */
export function productIdFromPath(url: string | undefined): number | null {
  const match = /^(.+)-p-(\d+)$/.exec(url ?? '')
  if (!match) return null
  const id = Number(match[2])
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

function productQuery(id: number) {
  return {
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiFetch<ProductDetail>(`/api/catalog/product/${id}`, { signal }),
  }
}

/** GET /api/catalog/product/{id}: 404 when unknown. */
export function useProduct(id: number | null) {
  return useQuery({ ...productQuery(id ?? 0), enabled: id !== null })
}

export function prefetchProduct(queryClient: QueryClient, id: number) {
  return queryClient.fetchQuery(productQuery(id))
}

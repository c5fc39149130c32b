import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { ProductDetail } from '../../../../contracts/catalog'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

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

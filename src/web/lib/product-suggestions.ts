import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AutocompleteItem } from '../../contracts/catalog'
import { apiFetch } from './api-client'
import { queryKeys } from './query-keys'

/** GET /autocomplete?q=: at most 10 products for a typed code, name or barcode, best first. */
export function fetchProductSuggestions(q: string, signal?: AbortSignal): Promise<AutocompleteItem[]> {
  return apiFetch<AutocompleteItem[]>('/autocomplete', { query: { q }, signal, handleAuthErrors: false })
}

/** The suggestions for `q` (none asked for an empty one); the previous ones stay while the next come. */
export function useProductSuggestions(q: string) {
  return useQuery({
    queryKey: queryKeys.productSuggestions(q),
    queryFn: ({ signal }) => fetchProductSuggestions(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}

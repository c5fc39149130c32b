import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../lib/api-error'

export const queryDefaults = {
  staleTime: 30_000,
  refetchOnWindowFocus: false,
  // A 4xx will answer the same again; network and server errors get two more tries.
  retry: (failures: number, error: unknown) =>
    failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: queryDefaults, mutations: { retry: false } },
  })
}

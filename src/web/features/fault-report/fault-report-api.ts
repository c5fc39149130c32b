import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  FaultCategory,
  FaultProduct,
  FaultReportCreated,
  FaultReportList,
} from '../../../contracts/service'
import { apiFetch } from '../../lib/api-client'
import { useSession } from '../../lib/session-context'

export const faultReportKeys = {
  subcategories: (categoryId: number) => ['fault-report', 'subcategories', categoryId] as const,
  products: (categoryId: number) => ['fault-report', 'products', categoryId] as const,
  lists: () => ['fault-report', 'list'] as const,
  list: (page: number) => ['fault-report', 'list', page] as const,
}

/**
 * The picker's calls fail quietly (spec/2 §8): the failure is logged for developers and the user sees
 * no message; the level simply offers nothing. The error still rejects, so the query knows.
 */
async function logged<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.error(`Fault report picker: ${what} could not be loaded`, error)
    }
    throw error
  }
}

/** GET /api/catalog/faultreport/basecategories/{id}: the subcategories of a category, 0 for the roots. */
export function useSubcategories(categoryId: number | null) {
  return useQuery({
    queryKey: faultReportKeys.subcategories(categoryId ?? 0),
    queryFn: ({ signal }) =>
      logged(
        apiFetch<FaultCategory[]>(`/api/catalog/faultreport/basecategories/${categoryId}`, { signal }),
        `subcategories of ${categoryId}`,
      ),
    enabled: categoryId !== null,
    staleTime: 5 * 60_000,
  })
}

/** GET /api/catalog/faultreport/product/{id}: the category's own products, by name. */
export function useCategoryProducts(categoryId: number | null) {
  return useQuery({
    queryKey: faultReportKeys.products(categoryId ?? 0),
    queryFn: ({ signal }) =>
      logged(
        apiFetch<FaultProduct[]>(`/api/catalog/faultreport/product/${categoryId}`, { signal }),
        `products of ${categoryId}`,
      ),
    enabled: categoryId !== null,
    staleTime: 5 * 60_000,
  })
}

/** GET /api/catalog/fault-reports?page=n: the company's reports, newest first; the page stays while the next loads. */
export function useFaultReports(page: number) {
  const dealer = useSession().user?.role === 'dealer'
  return useQuery({
    queryKey: faultReportKeys.list(page),
    queryFn: ({ signal }) =>
      apiFetch<FaultReportList>('/api/catalog/fault-reports', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    enabled: dealer,
    // Staff move the statuses meanwhile.
    staleTime: 0,
  })
}

export type FaultReportInput = {
  productCode: string
  serialNumber: string
  description: string
  contactPhone: string
  photo: File | null
}

/** POST /api/catalog/fault-reports as multipart form data (the photo as a file); the list is read again after. */
export function useFileFaultReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: FaultReportInput) => {
      const body = new FormData()
      body.set('productCode', input.productCode.trim())
      body.set('serialNumber', input.serialNumber.trim())
      body.set('description', input.description.trim())
      body.set('contactPhone', input.contactPhone.trim())
      if (input.photo) body.set('photo', input.photo, input.photo.name)
      return apiFetch<FaultReportCreated>('/api/catalog/fault-reports', { method: 'POST', body })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faultReportKeys.lists() }),
  })
}

export const faultPhotoUrl = (id: number) => `/api/catalog/fault-reports/${id}/photo`

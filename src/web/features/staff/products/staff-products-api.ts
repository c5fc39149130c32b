import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Job } from '../../../../contracts/integration-jobs'
import type {
  BulkProductsBody,
  StaffProduct,
  StaffProductCreate,
  StaffProductList,
  StaffProductPatch,
  StaffProductSort,
} from '../../../../contracts/staff-products'
import { apiFetch } from '../../../lib/api-client'
import { staffHistoryKeys } from '../audit/history-api'
import { useStaffCan } from '../use-staff-can'

/** What the product table shows, as its address keeps it (use-product-filters.ts). */
export interface StaffProductFilters {
  q: string
  categoryId: number | null
  brandId: number | null
  active: boolean | null
  sort: StaffProductSort
  dir: 'asc' | 'desc'
  page: number
}

export const staffProductKeys = {
  all: () => ['staff', 'products'] as const,
  lists: () => ['staff', 'products', 'list'] as const,
  list: (filters: StaffProductFilters) => ['staff', 'products', 'list', filters] as const,
  detail: (id: number) => ['staff', 'products', 'detail', id] as const,
  bulk: (id: number) => ['staff', 'products', 'bulk', id] as const,
}

/** The filter as the list and the bulk actions send it (empty values left out). */
export function filterQuery({ q, categoryId, brandId, active }: StaffProductFilters) {
  return {
    q: q || undefined,
    categoryId: categoryId ?? undefined,
    brandId: brandId ?? undefined,
    active: active === null ? undefined : (String(active) as 'true' | 'false'),
  }
}

/** GET /yonetim/products: one page of the products; the last page stays while the next loads. */
export function useStaffProducts(filters: StaffProductFilters, enabled = true) {
  const canRead = useStaffCan('catalogue:read')
  return useQuery({
    queryKey: staffProductKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch<StaffProductList>('/yonetim/products', {
        query: { ...filterQuery(filters), sort: filters.sort, dir: filters.dir, page: filters.page },
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled: canRead && enabled,
    staleTime: 0,
  })
}

/** GET /yonetim/products/{id}: every field the editor writes, the stock per warehouse, the variants. */
export function useStaffProduct(id: number | null) {
  const canRead = useStaffCan('catalogue:read')
  return useQuery({
    queryKey: staffProductKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiFetch<StaffProduct>(`/yonetim/products/${id}`, { signal }),
    enabled: canRead && id !== null,
    staleTime: 0,
  })
}

/**
 * A write answers with the product as it now stands: it replaces the editor's copy at once, and the
 * table (whose rows show the same fields) and the product's history are read again.
 */
function useProductWrite<V>(send: (values: V) => Promise<StaffProduct>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (product) => {
      queryClient.setQueryData(staffProductKeys.detail(product.id), product)
      void queryClient.invalidateQueries({ queryKey: staffProductKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: staffHistoryKeys.all() })
    },
  })
}

/** POST /yonetim/products: a new product (409 when its code is taken). */
export function useCreateProduct() {
  return useProductWrite((body: StaffProductCreate) =>
    apiFetch<StaffProduct>('/yonetim/products', { method: 'POST', json: body }),
  )
}

/** PATCH /yonetim/products/{id}: only the fields changed. */
export function useUpdateProduct(id: number) {
  return useProductWrite((patch: StaffProductPatch) =>
    apiFetch<StaffProduct>(`/yonetim/products/${id}`, { method: 'PATCH', json: patch }),
  )
}

/** POST /yonetim/products/bulk: an action on every product the filter matches, as a job. */
export function useStartBulkAction() {
  return useMutation({
    mutationFn: (body: BulkProductsBody) =>
      apiFetch<{ jobId: number }>('/yonetim/products/bulk', { method: 'POST', json: body }),
  })
}

export const jobRunning = (job: Job | undefined) =>
  job === undefined || job.status === 'queued' || job.status === 'running'

/** GET /yonetim/products/bulk/{id}: the job's progress, every second until it is done or failed. */
export function useBulkJob(id: number | null) {
  return useQuery({
    queryKey: staffProductKeys.bulk(id ?? 0),
    queryFn: ({ signal }) => apiFetch<Job>(`/yonetim/products/bulk/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (jobRunning(query.state.data) ? 1000 : false),
    staleTime: 0,
  })
}

import { useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contracts/common'
import type {
  StaffBrandList,
  StaffCategory,
  StaffCategoryList,
  StaffWarehouseList,
} from '../../../../contracts/staff-catalogue'
import { apiFetch } from '../../../lib/api-client'
import { useStaffCan } from '../use-staff-can'

export const catalogueRefKeys = {
  categories: () => ['staff', 'catalogue', 'categories'] as const,
  brands: () => ['staff', 'catalogue', 'brands'] as const,
  warehouses: () => ['staff', 'catalogue', 'warehouses'] as const,
}

/** The reference lists change rarely while a person edits: read once a minute at most. */
const REF_STALE_MS = 60_000

/** GET /yonetim/categories: every category in tree order. */
export function useStaffCategories() {
  const canRead = useStaffCan('catalogue:read')
  return useQuery({
    queryKey: catalogueRefKeys.categories(),
    queryFn: ({ signal }) => apiFetch<StaffCategoryList>('/yonetim/categories', { signal }),
    enabled: canRead,
    staleTime: REF_STALE_MS,
  })
}

/** GET /yonetim/brands: every brand by name, with its models. */
export function useStaffBrands() {
  const canRead = useStaffCan('catalogue:read')
  return useQuery({
    queryKey: catalogueRefKeys.brands(),
    queryFn: ({ signal }) => apiFetch<StaffBrandList>('/yonetim/brands', { signal }),
    enabled: canRead,
    staleTime: REF_STALE_MS,
  })
}

/** GET /yonetim/warehouses: every warehouse in its order (a new product's stock lines). */
export function useStaffWarehouses(enabled = true) {
  const canRead = useStaffCan('catalogue:read')
  return useQuery({
    queryKey: catalogueRefKeys.warehouses(),
    queryFn: ({ signal }) => apiFetch<StaffWarehouseList>('/yonetim/warehouses', { signal }),
    enabled: canRead && enabled,
    staleTime: REF_STALE_MS,
  })
}

/** A category's name in the reader's language (English: its English name where it has one). */
export const categoryName = (category: StaffCategory, locale: Locale) =>
  (locale === 'en' && category.nameEn) || category.name

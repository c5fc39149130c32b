import { type StaffProductSort, staffProductSorts } from '../../../../contracts/staff-products'
import { positiveParam, useUrlFilters } from '../url-filters'
import type { StaffProductFilters } from './staff-products-api'

const isSort = (value: string | null): value is StaffProductSort =>
  (staffProductSorts as readonly (string | null)[]).includes(value)

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function filtersOf(search: URLSearchParams): StaffProductFilters {
  const active = search.get('active')
  const sort = search.get('sort')
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    categoryId: positiveParam(search, 'categoryId'),
    brandId: positiveParam(search, 'brandId'),
    active: active === 'true' ? true : active === 'false' ? false : null,
    sort: isSort(sort) ? sort : 'code',
    dir: search.get('dir') === 'desc' ? 'desc' : 'asc',
    page: positiveParam(search, 'page') ?? 1,
  }
}

/** The filters as an address's query: defaults left out, so a plain list has a plain address. */
export function searchOf(filters: StaffProductFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.categoryId) params.set('categoryId', String(filters.categoryId))
  if (filters.brandId) params.set('brandId', String(filters.brandId))
  if (filters.active !== null) params.set('active', String(filters.active))
  if (filters.sort !== 'code') params.set('sort', filters.sort)
  if (filters.dir !== 'asc') params.set('dir', filters.dir)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/**
 * The product table's filters, sort and page, kept in the address: a link or a reload shows the same
 * list, and coming back from a product's editor finds the list as it was.
 */
export function useProductFilters() {
  return useUrlFilters(filtersOf, searchOf)
}

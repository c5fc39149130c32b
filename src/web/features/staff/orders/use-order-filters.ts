import { staffOrderSorts } from '../../../../contracts/staff-orders'
import { isOrderStatus } from '../../../../domain/order-status'
import { dayParam, positiveParam, useUrlFilters } from '../url-filters'
import type { StaffOrderFilters } from './staff-orders-api'

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function filtersOf(search: URLSearchParams): StaffOrderFilters {
  const status = search.get('status')
  const sort = search.get('sort')
  return {
    status: isOrderStatus(status) ? status : null,
    customerId: positiveParam(search, 'customerId'),
    from: dayParam(search, 'from'),
    to: dayParam(search, 'to'),
    q: (search.get('q') ?? '').slice(0, 40),
    sort: staffOrderSorts.find((s) => s === sort) ?? 'date',
    dir: search.get('dir') === 'asc' ? 'asc' : 'desc',
    page: positiveParam(search, 'page') ?? 1,
  }
}

/** The filters as an address's query: defaults left out, so a plain list has a plain address. */
export function searchOf(filters: StaffOrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.customerId) params.set('customerId', String(filters.customerId))
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.q) params.set('q', filters.q)
  if (filters.sort !== 'date') params.set('sort', filters.sort)
  if (filters.dir !== 'desc') params.set('dir', filters.dir)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/**
 * The order list's filters, sort and page, kept in the address (a link or a reload shows the same
 * list). Changing a filter or the sort starts again at the first page.
 */
export function useOrderFilters() {
  return useUrlFilters(filtersOf, searchOf)
}

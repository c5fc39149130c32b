import { dayParam, positiveParam, useUrlFilters } from '../url-filters'
import type { StaffCustomerFilters } from './staff-customers-api'

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function filtersOf(search: URLSearchParams): StaffCustomerFilters {
  const active = search.get('active')
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    active: active === 'true' ? true : active === 'false' ? false : null,
    sort: search.get('sort') === 'name' ? 'name' : 'code',
    dir: search.get('dir') === 'desc' ? 'desc' : 'asc',
    page: positiveParam(search, 'page') ?? 1,
    id: positiveParam(search, 'id'),
    from: dayParam(search, 'from'),
    to: dayParam(search, 'to'),
  }
}

/** The filters as an address's query: defaults left out, so a plain list has a plain address. */
export function searchOf(filters: StaffCustomerFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.active !== null) params.set('active', String(filters.active))
  if (filters.sort !== 'code') params.set('sort', filters.sort)
  if (filters.dir !== 'asc') params.set('dir', filters.dir)
  if (filters.page > 1) params.set('page', String(filters.page))
  if (filters.id) params.set('id', String(filters.id))
  if (filters.id && filters.from) params.set('from', filters.from)
  if (filters.id && filters.to) params.set('to', filters.to)
  return params
}

/**
 * The company list's filters, sort and page, and the company open on its own page (`id`, with its
 * statement's range), kept in the address: a link or a reload shows the same list or company, and
 * going back from a company finds the list as it was.
 */
export function useCustomerFilters() {
  const { filters, change } = useUrlFilters(filtersOf, searchOf)
  return {
    filters,
    change,
    /** Opens a company on its own page (or goes back to the list), keeping the list's filters and page. */
    open: (id: number | null) => change({ id, page: filters.page, from: null, to: null }),
    /** The statement's range on the company's page; the list's page is kept for the way back. */
    range: (from: string | null, to: string | null) => change({ from, to, page: filters.page }),
  }
}

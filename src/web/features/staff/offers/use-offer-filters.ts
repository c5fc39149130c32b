import { isOfferStatus } from '../../../../contracts/staff-offers'
import { dayParam, positiveParam, useUrlFilters } from '../url-filters'
import type { StaffOfferFilters } from './staff-offers-api'

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function filtersOf(search: URLSearchParams): StaffOfferFilters {
  const status = search.get('status')
  return {
    status: isOfferStatus(status) ? status : null,
    customerId: positiveParam(search, 'customerId'),
    from: dayParam(search, 'from'),
    to: dayParam(search, 'to'),
    q: (search.get('q') ?? '').slice(0, 40),
    page: positiveParam(search, 'page') ?? 1,
    id: positiveParam(search, 'id'),
  }
}

/** The filters as an address's query: defaults left out, so a plain list has a plain address. */
export function searchOf(filters: StaffOfferFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.customerId) params.set('customerId', String(filters.customerId))
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.q) params.set('q', filters.q)
  if (filters.page > 1) params.set('page', String(filters.page))
  if (filters.id) params.set('id', String(filters.id))
  return params
}

/**
 * The offer list's filters and page, and the offer open on its own page (`id`), kept in the address: a
 * link or a reload shows the same list or offer, and going back from an offer finds the list as it was.
 */
export function useOfferFilters() {
  const { filters, change } = useUrlFilters(filtersOf, searchOf)
  return {
    filters,
    change,
    /** Opens an offer on its own page, keeping the list's filters and page for the way back. */
    open: (id: number | null) => change({ id, page: filters.page }),
  }
}

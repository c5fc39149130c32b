import { dayParam, positiveParam, useUrlFilters } from '../url-filters'
import type { TransferFilters } from './bank-transfers-api'

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function transferFiltersOf(search: URLSearchParams): TransferFilters {
  return {
    customerId: positiveParam(search, 'customerId'),
    from: dayParam(search, 'from'),
    to: dayParam(search, 'to'),
    page: positiveParam(search, 'page') ?? 1,
  }
}

/** The filters as an address's query, defaults left out. */
export function transferSearchOf(filters: TransferFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.customerId) params.set('customerId', String(filters.customerId))
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The transfer list's filters and page, kept in the address; a new filter starts at the first page. */
export function useTransferFilters() {
  return useUrlFilters(transferFiltersOf, transferSearchOf)
}

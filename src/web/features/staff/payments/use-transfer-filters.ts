import { useSearchParams } from 'react-router'
import type { TransferFilters } from './bank-transfers-api'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const positive = (raw: string | null) =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function transferFiltersOf(search: URLSearchParams): TransferFilters {
  const day = (name: string) => {
    const value = search.get(name)
    return value && DAY.test(value) ? value : null
  }
  return {
    customerId: positive(search.get('customerId')),
    from: day('from'),
    to: day('to'),
    page: positive(search.get('page')) ?? 1,
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
  const [search, setSearch] = useSearchParams()
  const filters = transferFiltersOf(search)
  const change = (patch: Partial<TransferFilters>) => {
    const page = 'page' in patch ? (patch.page ?? 1) : 1
    setSearch(transferSearchOf({ ...filters, ...patch, page }), { replace: false })
  }
  return { filters, change }
}

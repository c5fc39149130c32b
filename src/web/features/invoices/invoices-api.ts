import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { InvoiceList } from '../../../contracts/invoices'
import { apiFetch } from '../../lib/api-client'
import { useSession } from '../../lib/session-context'

const INVOICES_PATH = '/api/account/invoices'

/** The filter in the address: days as YYYY-MM-DD (empty: no bound) and the page. */
export type InvoiceFilter = { from: string; to: string; page: number }

export const invoiceKeys = {
  all: () => ['account', 'invoices'] as const,
  filter: (f: InvoiceFilter) => ['account', 'invoices', f.from, f.to, f.page] as const,
}

/**
 * GET /api/account/invoices: the company's invoices, newest first, a page at a time. Another page or
 * range keeps the current one on screen (dimmed) while it loads.
 */
export function useInvoices(filter: InvoiceFilter) {
  const { user } = useSession()
  return useQuery({
    queryKey: invoiceKeys.filter(filter),
    queryFn: ({ signal }) =>
      apiFetch<InvoiceList>(INVOICES_PATH, {
        query: { from: filter.from || undefined, to: filter.to || undefined, page: filter.page },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: user?.role === 'dealer',
  })
}

/** The invoice's PDF: a plain link downloads it (the session cookie goes with it). */
export const invoicePdfUrl = (id: number) => `${INVOICES_PATH}/${id}/pdf`

import { useSearchParams } from 'react-router'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A whole number above zero from the address, or null when the value is missing or not one. */
export function positiveParam(search: URLSearchParams, name: string): number | null {
  const raw = search.get(name)
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

/** A calendar day (YYYY-MM-DD) from the address, or null when the value is missing or not one. */
export function dayParam(search: URLSearchParams, name: string): string | null {
  const value = search.get(name)
  return value && DAY.test(value) ? value : null
}

/**
 * A staff list's filters and page kept in the address, so a link or a reload shows the same list.
 * `read` takes them leniently from the query, `write` leaves defaults out; changing anything but the
 * page starts again at the first page.
 */
export function useUrlFilters<F extends { page: number }>(
  read: (search: URLSearchParams) => F,
  write: (filters: F) => URLSearchParams,
) {
  const [search, setSearch] = useSearchParams()
  const filters = read(search)
  const change = (patch: Partial<F>) => {
    const page = 'page' in patch ? (patch.page ?? 1) : 1
    setSearch(write({ ...filters, ...patch, page }))
  }
  return { filters, change }
}

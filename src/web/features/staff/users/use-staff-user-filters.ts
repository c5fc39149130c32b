import { isStaffRole } from '../../../../domain/staff-access'
import { positiveParam, useUrlFilters } from '../url-filters'
import type { StaffUserFilters } from './staff-users-api'

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function staffUserFiltersOf(search: URLSearchParams): StaffUserFilters {
  const role = search.get('role')
  const active = search.get('active')
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    role: isStaffRole(role) ? role : null,
    active: active === 'true' ? true : active === 'false' ? false : null,
    page: positiveParam(search, 'page') ?? 1,
  }
}

/** The filters as an address's query: defaults left out, so a plain list has a plain address. */
export function staffUserSearchOf(filters: StaffUserFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.role) params.set('role', filters.role)
  if (filters.active !== null) params.set('active', String(filters.active))
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The staff users' search, role and state filters and page, kept in the address. */
export function useStaffUserFilters() {
  return useUrlFilters(staffUserFiltersOf, staffUserSearchOf)
}
